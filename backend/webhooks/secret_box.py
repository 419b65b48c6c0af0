"""Webhook signing secrets at rest: encrypted with the server's keys (Fernet: AES-128-CBC and
HMAC-SHA256, from `cryptography`), so a copy of the database (a backup, a read-only SQL hole)
does not give the keys that sign deliveries.

HAPLAB_WEBHOOK_SECRET_KEYS lists the keys, newest first: the first encrypts, every one decrypts
(MultiFernet), so keys rotate without downtime: add a new key first, run
`haplab-admin rotate-webhook-secrets` (every secret re-encrypted with it), then drop the old key.
"""

from __future__ import annotations

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from backend.settings import get_settings

__all__ = ["InvalidToken", "reseal", "seal", "unseal"]


def _box() -> MultiFernet:
    return MultiFernet([Fernet(key.get_secret_value()) for key in get_settings().webhook_secret_keys])


def seal(secret: str) -> str:
    return _box().encrypt(secret.encode()).decode("ascii")


def unseal(sealed: str) -> str:
    """The secret; InvalidToken when no configured key opens it (its key was dropped)."""
    return _box().decrypt(sealed.encode("ascii")).decode()


def reseal(sealed: str) -> str:
    """The same secret encrypted with the newest key (rotation)."""
    return _box().rotate(sealed.encode("ascii")).decode("ascii")
