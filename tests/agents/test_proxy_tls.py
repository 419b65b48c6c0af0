"""The proxy role terminating TLS with the certificate the worker sends (real HAProxy, loopback)."""

from __future__ import annotations

import ssl
import stat
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from haproxy_upstream import http_upstream
from proxy_setup import CollectedSamples, agent_context, proxy_config, rendered, short_runtime_dir

from agents.roles.proxy import ProxyRole
from backend.labs.certificates import new_authority
from contract.experiment import ExperimentSpec
from contract.haproxy import BindTls
from contract.protocol import ApplyProxyConfig
from dev.services import free_port
from worker.phases.tls_files import proxy_files

CA = new_authority("proxy tls tests")


@pytest.fixture
def role(tmp_path: Path) -> Iterator[tuple[ProxyRole, str]]:
    with short_runtime_dir() as runtime_dir, http_upstream(tmp_path / "upstream") as upstream:
        proxy = ProxyRole(agent_context(runtime_dir, CollectedSamples()))
        yield proxy, upstream
        proxy.close()


def test_the_issued_certificate_is_written_owner_only_and_served_on_the_ssl_bind(
    role: tuple[ProxyRole, str], tmp_path: Path
) -> None:
    proxy, upstream = role
    port = free_port()
    config = proxy_config(port)
    config.frontends[0].bind.ssl = BindTls(cert="lab", alpn=["http/1.1"])
    # What the worker sends: the files of the names the config uses, issued by the lab CA.
    spec = ExperimentSpec.model_validate(
        {
            "proxy": config.model_dump(by_alias=True),
            "target": {"kind": "external", "addresses": [upstream]},
            "load": {"tls": True, "path": "/"},
        }
    )
    files = proxy_files(spec, CA, "127.0.0.1")
    text = rendered(config, proxy.workdir, [upstream])

    proxy.handle(ApplyProxyConfig(run_id=1, config_text=text, files=files, ready_timeout_s=15))

    assert f"ssl crt {proxy.workdir}/certs/lab.pem" in text
    written = proxy.workdir / "certs" / "lab.pem"
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert stat.S_IMODE(written.parent.stat().st_mode) == 0o700
    ca_file = tmp_path / "lab-ca.pem"
    ca_file.write_text(CA.certificate_pem)
    # Verified against the lab CA, for the proxy's address: the served certificate is the issued one.
    trusting_lab_ca = ssl.create_default_context(cafile=str(ca_file))
    reply = httpx.get(f"https://127.0.0.1:{port}/", verify=trusting_lab_ca, timeout=5)
    assert reply.text == "ok"
    with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED"):
        httpx.get(f"https://127.0.0.1:{port}/", timeout=5)  # the system store does not know the lab CA
