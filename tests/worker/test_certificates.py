"""Certificates the product makes: the lab CA, server certificates, the files the agents get.

Checked with the real tools that will use them: `openssl verify` for the chain and `haproxy -c`
for the files a TLS config points at.
"""

from __future__ import annotations

import ipaddress
import shutil
import subprocess
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.labs.authority import lab_authority
from backend.labs.certificates import issue_server, new_authority, self_signed
from contract.examples import seed_003_tls_bandwidth
from contract.haproxy.model import HAProxyConfig
from contract.haproxy.render import RenderContext, render
from contract.haproxy.servers import ServerTls
from tests.api.helpers import API, make_lab, new_member
from worker.phases.tls_files import needs_tls, proxy_files, target_credentials

CA = new_authority("unit tests")


def openssl_verify(tmp_path: Path, ca_pem: str, cert_pem: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "ca.pem").write_text(ca_pem)
    (tmp_path / "cert.pem").write_text(cert_pem)
    argv = ["openssl", "verify", "-CAfile", str(tmp_path / "ca.pem"), str(tmp_path / "cert.pem")]
    return subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)


def test_a_server_certificate_chains_to_the_lab_ca_and_names_its_hosts(tmp_path: Path) -> None:
    issued = issue_server(CA, "haplab-proxy-lab", ["10.77.1.2", "proxy.lab"])

    assert openssl_verify(tmp_path, CA.certificate_pem, issued.certificate_pem).returncode == 0
    cert = x509.load_pem_x509_certificate(issued.certificate_pem.encode())
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert ipaddress.ip_address("10.77.1.2") in san.get_values_for_type(x509.IPAddress)
    assert {"proxy.lab", "haplab-proxy-lab"} <= set(san.get_values_for_type(x509.DNSName))
    # The key is the certificate's own.
    key = serialization.load_pem_private_key(issued.private_key_pem.encode(), password=None)
    assert key.public_key() == cert.public_key()


def test_another_ca_or_a_self_signed_certificate_does_not_verify(tmp_path: Path) -> None:
    stranger = new_authority("someone else")
    issued = issue_server(stranger, "haplab-target", ["127.0.0.1"])

    assert openssl_verify(tmp_path, CA.certificate_pem, issued.certificate_pem).returncode != 0
    alone = self_signed("haplab-validate.invalid")
    assert openssl_verify(tmp_path, CA.certificate_pem, alone.certificate_pem).returncode != 0


def _reencrypting_config(verify: str) -> HAProxyConfig:
    config = seed_003_tls_bandwidth().proxy
    options = config.backends[0].target_servers
    assert options is not None
    options.ssl = ServerTls(verify="required", ca="lab-ca") if verify == "required" else ServerTls()
    return HAProxyConfig.model_validate(config.model_dump(by_alias=True))


def test_proxy_files_hold_a_bundle_per_bind_certificate_and_the_ca_per_ca_name() -> None:
    config = _reencrypting_config("required")
    spec = seed_003_tls_bandwidth().model_copy(update={"proxy": config})

    files = proxy_files(spec, CA, "10.77.1.2")

    assert needs_tls(spec)
    assert sorted(files) == ["certs/lab-ca.pem", "certs/lab.pem"]
    assert files["certs/lab-ca.pem"] == CA.certificate_pem
    bundle = files["certs/lab.pem"]
    # certificate, then the CA as chain, then the key: the order haproxy's `crt` reads.
    assert (
        bundle.index("BEGIN CERTIFICATE") < bundle.rindex("BEGIN CERTIFICATE") < bundle.index("PRIVATE KEY")
    )
    assert CA.private_key_pem not in bundle, "the CA key never leaves the worker"
    assert CA.private_key_pem not in target_credentials(CA, "10.77.2.2").model_dump_json()


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="haproxy -c is the judge")
def test_haproxy_accepts_the_issued_files_for_termination_and_verified_reencryption(tmp_path: Path) -> None:
    config = _reencrypting_config("required")
    spec = seed_003_tls_bandwidth().model_copy(update={"proxy": config})
    runtime = tmp_path / "rt"
    for name, content in proxy_files(spec, CA, "127.0.0.1").items():
        (runtime / name).parent.mkdir(parents=True, exist_ok=True)
        (runtime / name).write_text(content)
    ctx = RenderContext(target_addresses=["127.0.0.1:18443", "127.0.0.1:18444"], runtime_dir=str(runtime))
    text = render(config, ctx)
    (runtime / "haproxy.cfg").write_text(text)

    done = subprocess.run(
        ["haproxy", "-c", "-f", str(runtime / "haproxy.cfg")], capture_output=True, text=True, timeout=20
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert f"ssl crt {runtime}/certs/lab.pem" in text
    assert f"ssl verify required ca-file {runtime}/certs/lab-ca.pem" in text


def test_one_name_cannot_be_both_a_bind_certificate_and_the_ca() -> None:
    document = seed_003_tls_bandwidth().proxy.model_dump(by_alias=True)
    document["backends"][0]["target_servers"]["ssl"] = {"verify": "required", "ca": "lab"}

    with pytest.raises(ValueError, match=r"backends\.0\.target_servers\.ssl\.ca: 'lab' is also the server"):
        HAProxyConfig.model_validate(document)


def test_a_lab_has_one_ca_made_on_first_use_and_its_key_is_not_in_the_api(
    client: TestClient, db: Session
) -> None:
    member = new_member(db, "admin")
    lab = make_lab(db, member.team)

    first = lab_authority(db, lab.id)
    again = lab_authority(db, lab.id)

    assert first == again
    reply = client.get(f"{API}/labs/{lab.id}", headers=member.headers)
    assert reply.status_code == 200
    assert "PRIVATE KEY" not in reply.text and first.certificate_pem.splitlines()[1] not in reply.text
