"""Signatures a receiver checks: HMAC-SHA256 over "<timestamp>.<body>" with the webhook's secret.

Headers: X-Haplab-Timestamp (Unix seconds), X-Haplab-Signature ("sha256=<hex>"). Signing the
timestamp with the body lets a receiver refuse an old delivery replayed (docs/history.md has the
check in a few lines of Python).
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "X-Haplab-Signature"
TIMESTAMP_HEADER = "X-Haplab-Timestamp"
EVENT_HEADER = "X-Haplab-Event"
DELIVERY_HEADER = "X-Haplab-Delivery"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def verify(secret: str, timestamp: int, body: bytes, sent: str) -> bool:
    """What a receiver does (tests use it): the signature matches, compared in constant time."""
    return hmac.compare_digest(signature(secret, timestamp, body), sent)
