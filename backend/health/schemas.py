from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class Check(BaseModel):
    ok: bool
    latency_ms: float
    error: str | None = None


class Health(BaseModel):
    status: Literal["ok", "failing"]
    checks: dict[str, Check]
