"""The base of every spec model: unknown fields are refused, so a typo is an error, not a no-op."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
