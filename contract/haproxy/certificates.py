"""Which lab-managed certificates a config names, and the file each becomes.

A config names certificates, never paths: `bind.ssl.cert` names a server certificate the lab's
CA issues for the proxy (one file: certificate, chain, key), `ssl.ca` of a server names the lab
CA itself (one file: the CA certificate). Both live at `certs/<name>.pem` under the agent's
runtime directory, so one name cannot be both.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contract.haproxy.model import HAProxyConfig

CERTS_DIR = "certs"


def cert_file(name: str) -> str:
    """The file of certificate `name`, relative to the runtime directory."""
    return f"{CERTS_DIR}/{name}.pem"


def bind_certificates(config: HAProxyConfig) -> dict[str, str]:
    """Certificate name -> field path of its first use, for every bind that terminates TLS."""
    names: dict[str, str] = {}
    for path, section in (
        *((f"frontends.{i}", f) for i, f in enumerate(config.frontends)),
        *((f"listens.{i}", s) for i, s in enumerate(config.listens)),
    ):
        for where, bind in section.all_binds():
            if bind.ssl is not None:
                names.setdefault(bind.ssl.cert, f"{path}.{where}.ssl.cert")
    return names


def authority_names(config: HAProxyConfig) -> dict[str, str]:
    """CA name -> field path of its first use, for every server that verifies its certificate."""
    names: dict[str, str] = {}
    for path, ca in _server_cas(config):
        names.setdefault(ca, path)
    return names


def certificate_problems(config: HAProxyConfig) -> Iterator[str]:
    certificates = bind_certificates(config)
    for name, path in authority_names(config).items():
        if name in certificates:
            yield (
                f"{path}: {name!r} is also the server certificate of {certificates[name]}; "
                "name the lab CA differently (e.g. 'lab-ca')"
            )


def _server_cas(config: HAProxyConfig) -> Iterator[tuple[str, str]]:
    for path, pool in config.pools():
        for index, server in enumerate(pool.servers):
            if server.ssl is not None and server.ssl.ca is not None:
                yield f"{path}.servers.{index}.ssl.ca", server.ssl.ca
        options = pool.target_servers
        if options is not None and options.ssl is not None and options.ssl.ca is not None:
            yield f"{path}.target_servers.ssl.ca", options.ssl.ca
