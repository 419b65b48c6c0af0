from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from backend.models import Role


@dataclass(frozen=True)
class Principal:
    """Who is calling, for which team, with what effective role."""

    user_id: int
    team_id: int
    role: Role  # membership role, capped by the API token's scope when via == "token"
    via: Literal["session", "token"]
    token_id: int | None = None
    session_id: int | None = None
