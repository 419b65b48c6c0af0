"""A rendered haproxy.cfg with what the lab assigns per run masked, so two runs' configs differ
only where a person changed something.

The one definition of "lab-ephemeral" for every comparison of configs (the change search's causes,
Compare's config diff): the addresses and ports a lab assigns per run (a managed target's server
lines, `server t1 10.77.2.2:20373` one run and `:28017` the next; the proxy's own lab address on
its binds) and the agent's runtime directory (its stats socket, pidfile, certificates and files),
which differs between labs and hosts. The directory is written back as the `{runtime_dir}`
placeholder a spec's raw lines use, so a line a person typed reads as they typed it.
"""

from __future__ import annotations

import re

from contract.haproxy.raw_references import RUNTIME_DIR_PLACEHOLDER
from contract.haproxy.render import runtime_dir_of

MASKED_ADDRESS = "<address>"
# An IPv4 address with an optional port, or a bracketed IPv6 address with one: as a lab assigns
# them to managed targets and binds.
_ADDRESS = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b|\[[0-9A-Fa-f:.]+\](?::\d{1,5})?")


def masked_lines(config: str) -> list[str]:
    """The config's lines, lab-assigned values masked, trailing spaces dropped."""
    runtime_dir = runtime_dir_of(config)
    lines = []
    for line in config.splitlines():
        if runtime_dir:
            line = line.replace(f"{runtime_dir}/", f"{RUNTIME_DIR_PLACEHOLDER}/")
        lines.append(_ADDRESS.sub(MASKED_ADDRESS, line).rstrip())
    return lines


def masked_config(config: str) -> str:
    """`config` as one text with its lab-assigned values masked (masked_lines)."""
    return "\n".join(masked_lines(config)) + ("\n" if config.endswith("\n") else "")
