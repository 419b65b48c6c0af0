"""The Hello an agent opens every connection with: who it is and what its host can do."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import JsonValue

from agents import __version__
from agents.clock import ClockExchanger
from agents.host import host_facts
from agents.roles.base import AgentContext, Role
from agents.roles.proxy import HAPROXY_BIN_KEY
from contract.protocol import Hello
from contract.protocol import Role as RoleName

# When this agent process started: the lab page shows it, so a restarted agent is visible.
PROCESS_STARTED_AT = datetime.now(UTC).isoformat(timespec="seconds")


def capabilities(ctx: AgentContext, roles: list[Role]) -> dict[str, JsonValue]:
    """Host facts, then the daemon's settings, then each role's own capabilities.

    The proxy role's `runtime_dir` is the directory haproxy.cfg must be rendered for.
    """
    caps: dict[str, JsonValue] = host_facts(ctx.extra.get(HAPROXY_BIN_KEY, "haproxy"))
    caps.update(
        {
            "agent_version": __version__,
            "process_started_at": PROCESS_STARTED_AT,
            "data_address": ctx.data_address,
            "netns": ctx.netns,
            "agent_runtime_dir": str(ctx.runtime_dir),
            "allowed_load_targets": list[JsonValue](sorted(ctx.allowed_load_targets)),
            "paced_samples": True,  # agents.sampling.SampleSink.hold
        }
    )
    for role in roles:
        caps.update(role.capabilities())
    return caps


def build_hello(
    ctx: AgentContext,
    role_names: list[RoleName],
    roles: list[Role],
    exchanger: ClockExchanger | None = None,
) -> Hello:
    """The hello; with `exchanger` (the gateway), this agent's clock is measured against the API's first."""
    measured = ctx.clock.measure_or_none(exchanger) if exchanger is not None else None
    return Hello(
        agent=ctx.name,
        version=__version__,
        roles=role_names,
        capabilities=capabilities(ctx, roles),
        clock=measured,
    )
