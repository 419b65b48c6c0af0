"""The TLS certificate of a run's synthetic servers, as the worker sent it (StartTargets.tls).

The lab's CA issued it (backend/labs/certificates.py), so a proxy with `ssl verify required`
and the lab CA accepts it. The agent writes it under the run's directory, the key with mode 600,
and the directory goes with the run.
"""

from __future__ import annotations

import os
from pathlib import Path

from contract.protocol import TlsCredentials


def write_credentials(credentials: TlsCredentials, certificate: Path, private_key: Path) -> None:
    certificate.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    certificate.write_text(credentials.certificate_pem)
    private_key.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(private_key, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(credentials.private_key_pem)
