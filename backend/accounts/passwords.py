"""Password hashing with argon2id (argon2-cffi's defaults, RFC 9106 low-memory profile)."""

from __future__ import annotations

import contextlib
from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()

MIN_PASSWORD_LENGTH = 8


def hash_password(password: str) -> str:
    return _hasher.hash(password)


@lru_cache
def _dummy_hash() -> str:
    return _hasher.hash("not-a-real-password")


def verify_password(stored_hash: str | None, password: str) -> tuple[bool, str | None]:
    """(matches, new hash to store if the parameters changed since it was hashed).

    With no stored hash (unknown user) a dummy hash is verified anyway, so a login for an
    unknown email takes as long as one with a wrong password: no user enumeration by timing.
    """
    if stored_hash is None:
        with contextlib.suppress(VerificationError):
            _hasher.verify(_dummy_hash(), password)
        return False, None
    try:
        _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False, None
    if _hasher.check_needs_rehash(stored_hash):
        return True, _hasher.hash(password)
    return True, None
