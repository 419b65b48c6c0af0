"""Fixtures for the spec tests: a runtime directory with real certificates, and the real
`haproxy -c` to judge rendered configs."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
GOLDEN_DIR = Path(__file__).parent / "golden"


@pytest.fixture(scope="session")
def lab_cert_pem(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A self-signed certificate and its key in one PEM, as HAProxy's `crt` wants."""
    work = tmp_path_factory.mktemp("cert")
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=haplab-test",
            "-keyout",
            str(work / "key.pem"),
            "-out",
            str(work / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )
    return (work / "cert.pem").read_text() + (work / "key.pem").read_text()


@pytest.fixture(scope="session")
def lab_public_key_pem(lab_cert_pem: str) -> str:
    """The certificate's public key alone, as `jwt_verify(RS256, <file>)` wants."""
    return subprocess.run(
        ["openssl", "x509", "-pubkey", "-noout"],
        input=lab_cert_pem,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


@pytest.fixture
def runtime_dir(tmp_path: Path, lab_cert_pem: str, lab_public_key_pem: str) -> Path:
    """An agent runtime directory holding the certs and files the golden configs name."""
    directory = tmp_path / "run"
    (directory / "certs").mkdir(parents=True)
    (directory / "files").mkdir()
    for name in ("lab", "lab-ca"):
        (directory / "certs" / f"{name}.pem").write_text(lab_cert_pem)
    (directory / "certs" / "jwt.pub.pem").write_text(lab_public_key_pem)
    (directory / "files" / "ok.txt").write_text("ok\n")
    (directory / "files" / "nets.lst").write_text("10.0.0.0/8\n")
    (directory / "files" / "nets.map").write_text("10.0.0.0/8 lab\n")
    (directory / "files" / "503.http").write_text("HTTP/1.0 503 Busy\r\nContent-Length: 0\r\n\r\n")
    return directory


HaproxyCheck = Callable[[str, Path], subprocess.CompletedProcess[str]]


@pytest.fixture
def haproxy_check() -> HaproxyCheck:
    """Run the real `haproxy -c -f` on config text written into `directory`."""

    def check(config_text: str, directory: Path) -> subprocess.CompletedProcess[str]:
        path = directory / "haproxy.cfg"
        path.write_text(config_text)
        return subprocess.run([HAPROXY, "-c", "-f", str(path)], capture_output=True, text=True, timeout=30)

    return check


def complaints(result: subprocess.CompletedProcess[str]) -> list[str]:
    """HAProxy's warning and alert lines."""
    lines = (result.stdout + result.stderr).splitlines()
    return [line for line in lines if "[WARNING]" in line or "[ALERT]" in line]
