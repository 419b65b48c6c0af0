"""Resolve the caller of a request (session cookie or bearer API token) to a Principal.

Placeholder until the auth module lands: it refuses everything.
"""

from __future__ import annotations

from fastapi import HTTPException

from backend.auth.principal import Principal


def get_principal() -> Principal:
    raise HTTPException(401, "not signed in")
