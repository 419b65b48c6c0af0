"""Random bearer secrets (session cookies, API, enrollment and agent tokens) and their hashes.

Every such secret is 256 bits from `secrets`, so a plain SHA-256 is the right thing to store:
nobody can brute-force a 256-bit preimage, and a fast hash keeps per-request lookups cheap.
argon2 is only for low-entropy, human-chosen passwords (backend.accounts.passwords).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass


def new_secret() -> str:
    """32 random bytes, urlsafe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def hash_secret(value: str) -> str:
    """SHA-256 hex of a presented secret: what the database stores and looks up."""
    return hashlib.sha256(value.encode()).hexdigest()


@dataclass(frozen=True)
class PrefixedToken:
    """A token shown to people as `<kind>_<prefix>_<secret>`.

    The prefix (8 hex chars, stored in clear) lets the UI tell tokens apart without revealing
    them; the hash covers the whole string.
    """

    kind: str
    prefix: str
    value: str

    @property
    def hash(self) -> str:
        return hash_secret(self.value)


def new_prefixed_token(kind: str) -> PrefixedToken:
    prefix = secrets.token_hex(4)
    return PrefixedToken(kind=kind, prefix=prefix, value=f"{kind}_{prefix}_{new_secret()}")


def parse_prefixed_token(kind: str, value: str) -> PrefixedToken | None:
    """The token if `value` has the shape `<kind>_<prefix>_<secret>`, else None."""
    parts = value.split("_", 2)
    if len(parts) != 3 or parts[0] != kind or len(parts[1]) != 8 or not parts[2]:
        return None
    return PrefixedToken(kind=kind, prefix=parts[1], value=value)
