"""How the agent starts any program on its host: by absolute path, with an empty environment.

The agent's environment is its own (on the compose agent it holds the enrollment token; on any
host it may hold proxy variables or credentials of the operator's), and what the agent starts
runs what users wrote: HAProxy a user's config (`env(NAME)` reads its environment), Go load
tools a user's requests (HTTP_PROXY would redirect them), MariaDB clients a user's SQL (MYSQL_*,
plugin directories). So no process the agent starts inherits anything: it gets an EMPTY
environment, and its program by the absolute path the agent resolved on its own PATH (so
`ip netns exec` and `setpriv`, which find the next program themselves, need no PATH either, and
a HAProxy master re-executes itself on reload by that path). The command line a run stores is
then exactly what ran.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from typing import Any


def environment() -> dict[str, str]:
    """The environment of every process the agent starts: nothing (see the module docstring)."""
    return {}


def program(name: str) -> str:
    """`name` as an absolute path, found on the agent's PATH; a path (or a missing program, which
    then fails to start with its own name in the error) is left as it is."""
    if "/" in name:
        return name
    return shutil.which(name) or name


def resolved(argv: Sequence[str]) -> list[str]:
    """`argv` with its program made absolute (`program`)."""
    return [program(argv[0]), *argv[1:]]


def run(argv: Sequence[str], *, timeout: float, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """`subprocess.run` of `argv` (program resolved) with the empty environment, no stdin, its
    output captured as text and no exception for a non-zero exit."""
    return subprocess.run(
        resolved(argv),
        env=environment(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        check=False,
        **kwargs,
    )
