"""Certificates the product makes: a CA per lab, server certificates it signs, throwaway ones.

Everything is made with the `cryptography` library, never from a path a user gives: a spec
names certificates (`BindTls.cert`, `ServerTls.ca`), the worker issues what those names stand
for and hands the PEM text to the agents in typed commands. Keys are ECDSA P-256 (fast
handshakes, small certificates), signatures SHA-256.

- `new_authority(label)`: a lab's CA, valid ten years, stored once per lab (backend/labs/authority.py).
- `issue_server(ca, name, hosts)`: a server certificate signed by that CA, valid two days (made
  fresh for every run, so nothing but the CA is ever stored), with the hosts as subject
  alternative names (IP addresses or DNS names).
- `self_signed(name)`: a certificate signing itself, for `haproxy -c` in the validator.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

AUTHORITY_VALIDITY = timedelta(days=3650)
SERVER_VALIDITY = timedelta(days=2)
# Clocks of lab hosts may lag the worker's a little: certificates start being valid a day early.
CLOCK_SKEW = timedelta(days=1)


@dataclass(frozen=True)
class KeyPair:
    """A certificate and its private key, both PEM text."""

    certificate_pem: str
    private_key_pem: str

    def bundle(self, *chain: str) -> str:
        """Certificate, then the chain, then the key: the one file HAProxy's `crt` loads."""
        return "".join([self.certificate_pem, *chain, self.private_key_pem])


def new_authority(label: str) -> KeyPair:
    """A new certificate authority that signs the servers of one lab."""
    key = ec.generate_private_key(ec.SECP256R1())
    common_name = f"haplab lab CA {label}"
    certificate = (
        _builder(common_name, key, _name(common_name), AUTHORITY_VALIDITY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    return _pair(certificate, key)


def issue_server(authority: KeyPair, common_name: str, hosts: list[str]) -> KeyPair:
    """A server certificate for `hosts` (IP addresses or DNS names), signed by `authority`."""
    ca_cert = x509.load_pem_x509_certificate(authority.certificate_pem.encode())
    ca_key = serialization.load_pem_private_key(authority.private_key_pem.encode(), password=None)
    if not isinstance(ca_key, ec.EllipticCurvePrivateKey):
        raise ValueError("the lab CA key is not an ECDSA key")
    key = ec.generate_private_key(ec.SECP256R1())
    builder = (
        _builder(common_name, key, ca_cert.subject, SERVER_VALIDITY)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
    )
    names = [_general_name(host) for host in dict.fromkeys([common_name, *hosts])]
    builder = builder.add_extension(x509.SubjectAlternativeName(names), critical=False)
    return _pair(builder.sign(ca_key, hashes.SHA256()), key)


def self_signed(common_name: str, validity: timedelta = AUTHORITY_VALIDITY) -> KeyPair:
    """A certificate that signs itself: enough for `haproxy -c`, trusted by no one."""
    key = ec.generate_private_key(ec.SECP256R1())
    certificate = _builder(common_name, key, _name(common_name), validity).sign(key, hashes.SHA256())
    return _pair(certificate, key)


def _builder(
    common_name: str, key: ec.EllipticCurvePrivateKey, issuer: x509.Name, validity: timedelta
) -> x509.CertificateBuilder:
    """Subject, issuer, key, serial and validity: what every certificate here has."""
    now = datetime.now(UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(_name(common_name))
        .issuer_name(issuer)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - CLOCK_SKEW)
        .not_valid_after(now + validity)
    )


# X.509 caps a common name at 64 bytes of UTF-8, not 64 characters (a lab named in another
# script would otherwise fail to get its CA: found by schemathesis).
_MAX_COMMON_NAME_BYTES = 64


def _name(common_name: str) -> x509.Name:
    fitted = common_name.encode()[:_MAX_COMMON_NAME_BYTES].decode(errors="ignore") or "haplab"
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, fitted)])


def _general_name(host: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        return x509.DNSName(host)


def _pair(certificate: x509.Certificate, key: ec.EllipticCurvePrivateKey) -> KeyPair:
    return KeyPair(
        certificate_pem=certificate.public_bytes(serialization.Encoding.PEM).decode(),
        private_key_pem=key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        ).decode(),
    )
