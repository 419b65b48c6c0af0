"""The environment a run ran in: every involved agent's host facts, the names it resolved, and the
link shaping its lab applied. The configure phase records it; verdicts and the run page read it.
"""

from __future__ import annotations

from pydantic import Field

from spec.capabilities import Capabilities
from spec.command_results import AppliedQdisc
from spec.lab import LinkShaping
from spec.strict import StrictModel


class AgentEnvironment(StrictModel):
    roles: list[str] = Field(description="The roles the agent played (proxy, injector, target).")
    capabilities: Capabilities = Field(description="Its Hello's host facts when the run was configured.")


class AppliedLinkShaping(StrictModel):
    agent: str = Field(description="The proxy agent that shaped its links.")
    settings: LinkShaping
    applied: list[AppliedQdisc] = Field(default_factory=list)


class RunEnvironment(StrictModel):
    agents: dict[str, AgentEnvironment] = Field(default_factory=dict, description="By agent name.")
    resolved_hosts: dict[str, str] = Field(
        default_factory=dict, description="Server names the proxy agent resolved, and the address used."
    )
    link_shaping: AppliedLinkShaping | None = Field(default=None, description="None: no link was shaped.")

    @property
    def link_cap_bytes_per_s(self) -> float | None:
        """The tightest bandwidth cap applied, in bytes/s (the interface names do not say which link
        faces the clients, so the tightest); None when no link was shaped."""
        if self.link_shaping is None:
            return None
        return min(link.rate_mbit for link in self.link_shaping.settings.links) * 1_000_000 / 8


_NOT_AGENTS = ("resolved_hosts", "link_shaping")


def stored_environment(doc: object) -> RunEnvironment:
    """A RunEnvironment as stored, including the older flat shape, where agent names were keys
    beside `resolved_hosts` and `link_shaping`, and an agent's roles sat among its host facts."""
    if isinstance(doc, dict) and "agents" not in doc:
        agents = {
            name: {"roles": facts.get("roles", []), "capabilities": facts}
            for name, facts in doc.items()
            if name not in _NOT_AGENTS and isinstance(facts, dict)
        }
        doc = {"agents": agents, **{key: doc[key] for key in _NOT_AGENTS if key in doc}}
    return RunEnvironment.model_validate(doc)
