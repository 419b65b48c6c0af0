"""A self-signed certificate for `haproxy -c`: a `bind ... ssl crt FILE` line is only checked
when FILE exists and holds a certificate and its key, so the validator writes one of these for
every certificate name a spec refers to. It never serves traffic.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import lru_cache

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


@lru_cache(maxsize=1)
def throwaway_pem() -> bytes:
    """Certificate + private key in one PEM (the bundle haproxy's `crt` expects).

    One per process is enough: the content never matters, only that haproxy can load it.
    """
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "haplab-validate.invalid")])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=3650))
        .sign(key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return cert.public_bytes(serialization.Encoding.PEM) + key_pem
