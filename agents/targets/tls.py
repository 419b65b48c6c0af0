"""A throwaway self-signed certificate for TLS targets (HAProxy talks to them with `ssl verify none`).

Made with the openssl command line (the agent installs no crypto library): a P-256 key, valid
for two days, written under the run's directory and removed with it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

OPENSSL_TIMEOUT_S = 30


def make_certificate(certificate: Path, private_key: Path, common_name: str = "haplab-target") -> None:
    certificate.parent.mkdir(parents=True, exist_ok=True)
    argv = [
        "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
        "-nodes", "-days", "2", "-subj", f"/CN={common_name}",
        "-keyout", str(private_key), "-out", str(certificate),
    ]  # fmt: skip
    done = subprocess.run(
        argv, capture_output=True, text=True, timeout=OPENSSL_TIMEOUT_S, check=False, stdin=subprocess.DEVNULL
    )
    if done.returncode != 0:
        raise OSError(f"openssl could not make a certificate: {done.stderr.strip()}")
    private_key.chmod(0o600)
