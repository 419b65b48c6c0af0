"""The environment a run ran in: every involved agent's host facts, the names it resolved, the
link shaping its lab applied, and which of its roles shared a machine. The configure phase records
it; verdicts and the run page read it.
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import Field

from contract.capabilities import Capabilities
from contract.clock import ClockMeasurement
from contract.command_results import AppliedQdisc
from contract.lab import LinkShaping
from contract.strict import StrictModel


class AgentEnvironment(StrictModel):
    roles: list[str] = Field(description="The roles the agent played (proxy, injector, target).")
    capabilities: Capabilities = Field(description="Its Hello's host facts when the run was configured.")
    clock: ClockMeasurement | None = Field(
        default=None,
        description=(
            "Its clock against the API's, measured at the run's warm-up (contract.clock); None: not "
            "measured (an older agent, or the exchange failed)."
        ),
    )


class AppliedLinkShaping(StrictModel):
    agent: str = Field(description="The proxy agent that shaped its links.")
    settings: LinkShaping
    applied: list[AppliedQdisc] = Field(default_factory=list)


class SharedMachine(StrictModel):
    """Roles of the run that ran on one machine: their CPU figures are read from the same cores."""

    agents: list[str] = Field(description="The agents on that machine (one agent may play several roles).")
    roles: list[str] = Field(description="The roles they played there, sorted.")
    how: str = Field(max_length=200, description="How it is known: one agent, or the same boot id.")


class RunEnvironment(StrictModel):
    agents: dict[str, AgentEnvironment] = Field(default_factory=dict, description="By agent name.")
    shared_machines: list[SharedMachine] = Field(
        default_factory=list,
        description=(
            "Machines that ran more than one role of the run (from the agents' host identity); empty: "
            "every role on its own machine, or agents too old to say."
        ),
    )
    resolved_hosts: dict[str, str] = Field(
        default_factory=dict, description="Server names the proxy agent resolved, and the address used."
    )
    link_shaping: AppliedLinkShaping | None = Field(default=None, description="None: no link was shaped.")
    request_log_one_in: int | None = Field(
        default=None,
        ge=1,
        description=(
            "HAProxy logged one request in this many to the proxy agent (spec.timers.one_in, or the "
            "sampling rule on what the load can ask: ExperimentSpec.request_log_one_in); None: timers "
            "not collected."
        ),
    )
    reused_processes_from_run: int | None = Field(
        default=None,
        description=(
            "This run adopted the HAProxy kept running after that run (not restarted since it; its "
            "counters were cleared when adopted); None: HAProxy was started for this run."
        ),
    )
    reused_targets_from_run: int | None = Field(
        default=None,
        description="This run adopted the target servers kept running after that run; None: started for it.",
    )

    def with_clocks(self, clocks: Mapping[str, ClockMeasurement | None]) -> RunEnvironment:
        """This environment with the agents' clocks as measured at the warm-up (by agent name); an
        agent that measured none keeps None."""
        agents = {
            name: agent.model_copy(update={"clock": clocks.get(name)}) for name, agent in self.agents.items()
        }
        return self.model_copy(update={"agents": agents})

    @property
    def one_machine(self) -> SharedMachine | None:
        """The machine that ran every role of the run, if one did (the local lab)."""
        roles = {role for agent in self.agents.values() for role in agent.roles}
        return next((m for m in self.shared_machines if roles <= set(m.roles) and len(roles) > 1), None)

    def sharing(self, *roles: str) -> SharedMachine | None:
        """The machine that ran all of `roles`, if one did (proxy and injector: CPU figures of both
        are read from the same cores)."""
        return next((m for m in self.shared_machines if set(roles) <= set(m.roles)), None)

    @property
    def link_cap_bytes_per_s(self) -> float | None:
        """The tightest bandwidth cap applied, in bytes/s (the interface names do not say which link
        faces the clients, so the tightest); None when no link was shaped."""
        if self.link_shaping is None:
            return None
        return min(link.rate_mbit for link in self.link_shaping.settings.links) * 1_000_000 / 8


def shared_machines(agents: Mapping[str, AgentEnvironment]) -> list[SharedMachine]:
    """The machines that ran more than one role, from what the agents said of their hosts: one
    agent playing several roles, or agents reporting the same boot id (one running kernel, so the
    same CPUs, whatever network namespace or container each lives in). Agents that report no boot
    id are each their own machine: nothing is guessed."""
    by_machine: dict[str, list[str]] = {}
    for name, agent in sorted(agents.items()):
        host = agent.capabilities.host
        key = f"boot:{host.boot_id}" if host is not None and host.boot_id else f"agent:{name}"
        by_machine.setdefault(key, []).append(name)
    found = []
    for names in by_machine.values():
        roles = sorted({role for name in names for role in agents[name].roles})
        if len(roles) < 2:
            continue
        how = "the same boot id reported by each agent" if len(names) > 1 else "one agent played them all"
        found.append(SharedMachine(agents=names, roles=roles, how=how))
    return found


_NOT_AGENTS = ("resolved_hosts", "link_shaping", "shared_machines", "request_log_one_in")


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
