"""Processes kept warm between runs: how long they may wait, and what makes two runs' asks the same.

A run may end with its HAProxy and target servers kept running, unbound to any run, for at most
`Teardown.keep_warm_s` (the capacity search's probes: consecutive runs that differ only in their
load). The next run on the lab adopts them only when it asks for exactly what they run; anything
else stops them and starts fresh.

The worker issues fresh server certificates for every run (worker/phases/tls_files.py), so their
bytes never repeat. What a client can tell apart is not the bytes but who issued the certificate
and for which name: the name is fixed by the file name (`certs/<name>.pem`, issued as
`haplab-proxy-<name>` for the agent's own data address) and the issuer by the chain after the
leaf (the lab's CA). `credential_identity` is a credential's PEM without its per-run parts (the
leaf certificate and its private key): two runs whose credentials have the same identity are
served the same, so a kept process keeps the previous run's files. A file without a private key
(the CA itself, an error page), or a credential without a chain, is compared whole.
"""

from __future__ import annotations

import re

# The longest a process may be kept for a next run: the search's gap between probes is seconds;
# anything longer is a lab held idle for nothing.
KEEP_WARM_MAX_S = 300.0

_PEM_BLOCK = re.compile(r"-----BEGIN ([A-Z0-9 ]+)-----.*?-----END \1-----", re.DOTALL)


def credential_identity(pem: str) -> str:
    """`pem` without its per-run parts: with a private key in it, the key and the first
    certificate (the leaf) are dropped and the rest (the chain) kept; without, `pem` whole."""
    blocks = [(match.group(1), match.group(0)) for match in _PEM_BLOCK.finditer(pem)]
    if not any(kind.endswith("PRIVATE KEY") for kind, _ in blocks):
        return pem
    kept: list[str] = []
    leaf_seen = False
    for kind, text in blocks:
        if kind.endswith("PRIVATE KEY"):
            continue
        if kind == "CERTIFICATE" and not leaf_seen:
            leaf_seen = True
            continue
        kept.append(text)
    if not kept:
        return pem  # no chain names the issuer: nothing but the bytes themselves say who it is
    return "\n".join(kept)


def files_identity(files: dict[str, str]) -> dict[str, str]:
    """Each file of an ApplyProxyConfig by its credential identity (see the module's docstring)."""
    return {name: credential_identity(text) for name, text in sorted(files.items())}
