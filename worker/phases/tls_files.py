"""The certificates a run needs, issued by the lab's CA and handed to the agents in commands.

- Proxy: every `bind.ssl.cert` name becomes `certs/<name>.pem` (server certificate for the
  proxy's data address, the CA as chain, the key) and every `ssl.ca` name the CA certificate,
  sent in ApplyProxyConfig.files; the agent writes them with mode 600 and the renderer points
  at them (contract.haproxy.certificates).
- Target: a TLS target gets its own server certificate (StartTargets.tls), so `ssl verify
  required ca <lab CA>` on the proxy really checks it.
Server certificates are fresh for every run; only the CA is stored (backend/labs/authority.py).
"""

from __future__ import annotations

from backend.db import session_scope
from backend.labs.authority import lab_authority
from backend.labs.certificates import KeyPair, issue_server
from contract.experiment import ExperimentSpec
from contract.haproxy.certificates import authority_names, bind_certificates, cert_file
from contract.protocol import TlsCredentials
from contract.target import ManagedTarget
from worker.execution import Execution


def needs_tls(spec: ExperimentSpec) -> bool:
    target_tls = isinstance(spec.target, ManagedTarget) and spec.target.tls
    return bool(target_tls or bind_certificates(spec.proxy) or authority_names(spec.proxy))


def authority_of(ex: Execution) -> KeyPair:
    with session_scope() as db:
        return lab_authority(db, ex.lab_id)


def proxy_files(spec: ExperimentSpec, authority: KeyPair, proxy_address: str) -> dict[str, str]:
    files = {}
    for name in bind_certificates(spec.proxy):
        issued = issue_server(authority, f"haplab-proxy-{name}", [proxy_address])
        files[cert_file(name)] = issued.bundle(authority.certificate_pem)
    for name in authority_names(spec.proxy):
        files[cert_file(name)] = authority.certificate_pem
    return files


def target_credentials(authority: KeyPair, target_address: str) -> TlsCredentials:
    issued = issue_server(authority, "haplab-target", [target_address])
    return TlsCredentials(
        certificate_pem=issued.certificate_pem + authority.certificate_pem,
        private_key_pem=issued.private_key_pem,
    )
