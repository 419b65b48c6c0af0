"""Every live Redis name and TTL (the table in backend/messaging/__init__.py): the one place
for them, so API, worker and tests agree."""

from __future__ import annotations

from typing import Literal

# A reply nobody collects (the worker gave up) disappears after this.
REPLY_TTL_S = 600
# Commands for an agent that never polls again disappear after this (refreshed on every push),
# so a long-gone agent that comes back does not replay a day-old queue.
COMMAND_LIST_TTL_S = 3600


def agent_commands_key(agent_id: int) -> str:
    return f"haplab:agent:{agent_id}:commands"


def agent_revoked_key(agent_id: int) -> str:
    return f"haplab:agent:{agent_id}:revoked"


def command_reply_key(command_id: str) -> str:
    return f"haplab:command:{command_id}:reply"


def run_events_channel(run_id: int) -> str:
    return f"haplab:run:{run_id}:events"


def run_control_channel(run_id: int) -> str:
    return f"haplab:run:{run_id}:control"


def team_scraped_key(team_id: int | Literal["*"]) -> str:
    """("*": the pattern of every team's, for SCAN.)"""
    return f"haplab:team:{team_id}:scraped"


def command_agent_key(command_id: str) -> str:
    return f"haplab:command:{command_id}:agent"


def load_lease_key(run_id: int, agent_id: int) -> str:
    return f"haplab:run:{run_id}:load-lease:{agent_id}"


def login_failures_key(kind: Literal["account", "client"], who: str) -> str:
    return f"haplab:login-failures:{kind}:{who}"


def live_streams_key(kind: Literal["user", "team"], ident: int) -> str:
    return f"haplab:live-streams:{kind}:{ident}"


def rate_key(what: str, who: str) -> str:
    return f"haplab:rate:{what}:{who}"
