"""`preparing`, continued: start the synthetic upstreams, render the config, start HAProxy."""

from __future__ import annotations

from backend.labs.certificates import KeyPair
from backend.settings import get_settings
from contract.command_results import ProxyStarted, TargetsStarted
from contract.haproxy.render import RenderContext, render
from contract.protocol import ApplyProxyConfig, StartTargets
from contract.run_environment import AgentEnvironment, RunEnvironment, shared_machines
from contract.run_state import RunState
from contract.target import ManagedDatabase, ManagedTarget
from worker import agent_rpc
from worker.execution import Execution
from worker.phases.base import BackgroundPhase, PhaseError, RunContext
from worker.phases.boundary import check_run, resolve_server_names
from worker.phases.database import DATABASE_TIMEOUT_S, start_database
from worker.phases.link_shaping import apply_link_shaping
from worker.phases.tls_files import authority_of, needs_tls, proxy_files, target_credentials

TARGETS_TIMEOUT_S = 30.0
PROXY_READY_TIMEOUT_S = 20.0
LEAD_FLOOR_S = 0.25


class ConfigureLab(BackgroundPhase):
    state = RunState.preparing

    def __init__(self, execution: Execution) -> None:
        super().__init__()
        self.execution = execution

    def timeout_seconds(self) -> float:
        return max(TARGETS_TIMEOUT_S, DATABASE_TIMEOUT_S) + PROXY_READY_TIMEOUT_S + 30

    def timeout_error(self, ctx: RunContext) -> str:
        return f"configuring lab {ctx.lab_name!r} took longer than {self.timeout_seconds():g} s"

    def work(self, ctx: RunContext) -> None:
        ex = self.execution
        agents = {
            a.name: AgentEnvironment(roles=list(a.roles), capabilities=a.capabilities)
            for a in ex.involved_agents
        }
        # Which roles share a machine (the local lab: all of them): CPU verdicts say so.
        environment = RunEnvironment(
            agents=agents,
            shared_machines=shared_machines(agents),
            request_log_one_in=ex.spec.request_log_one_in(),
        )
        ex.record_environment(environment)
        lab_boundary = check_run(ex)  # before anything starts: the lab as it is now
        for agent in ex.involved_agents:
            agent_rpc.clear_commands(agent.id)  # nothing left over from a run that died
        authority = authority_of(ex) if needs_tls(ex.spec) else None
        targets_from = self._start_targets(ex, authority)
        resolved = resolve_server_names(ex, lab_boundary, [*ex.target_addresses, *self._server_addresses(ex)])
        if resolved:
            environment = environment.model_copy(update={"resolved_hosts": resolved})
            ex.record_environment(environment)
        proxy_from = self._start_proxy(ex, authority, resolved, environment.request_log_one_in)
        if proxy_from is not None or targets_from is not None:
            # Adopted from the run before (kept warm): the run page and the search say so.
            environment = environment.model_copy(
                update={"reused_processes_from_run": proxy_from, "reused_targets_from_run": targets_from}
            )
            ex.record_environment(environment)
        shaping = apply_link_shaping(ex)  # the lab's bandwidth caps, before any load
        if shaping is not None:
            ex.record_environment(environment.model_copy(update={"link_shaping": shaping}))

    @staticmethod
    def _server_addresses(ex: Execution) -> list[str]:
        pools = ex.spec.proxy.pools()
        return [server.address for _, pool in pools for server in pool.servers if server.address is not None]

    def _start_targets(self, ex: Execution, authority: KeyPair | None) -> int | None:
        """Start the run's targets; the run whose kept servers were adopted, if they were."""
        target = ex.spec.target
        if isinstance(target, ManagedDatabase):
            start_database(ex, target)
            return None
        if not isinstance(target, ManagedTarget):
            ex.target_addresses = list(target.addresses)
            return None
        agent = ex.agent("target")
        tls = target_credentials(authority, agent.data_address) if target.tls and authority else None
        started = agent_rpc.request(
            agent.id,
            StartTargets(run_id=ex.run_id, target=target, tls=tls),
            TargetsStarted,
            TARGETS_TIMEOUT_S,
        )
        if len(started.addresses) != target.servers:
            raise PhaseError(
                f"agent {agent.name} started {started.addresses!r}, not {target.servers} target servers"
            )
        ex.target_addresses = list(started.addresses)
        ex.record_command_line(agent, started)
        return started.reused_from_run

    def _start_proxy(
        self, ex: Execution, authority: KeyPair | None, resolved: dict[str, str], one_in: int | None
    ) -> int | None:
        """Apply the run's config; the run whose kept HAProxy was adopted, if it was."""
        agent = ex.agent("proxy")
        ctx = RenderContext(
            target_addresses=ex.target_addresses,
            runtime_dir=agent.runtime_dir,
            resolved_hosts=resolved,
            request_log_one_in=one_in,
        )
        config_text = render(ex.spec.proxy, ctx)
        ex.record(rendered_config=config_text)
        files = proxy_files(ex.spec, authority, agent.data_address) if authority else {}
        command = ApplyProxyConfig(
            run_id=ex.run_id,
            config_text=config_text,
            ready_timeout_s=PROXY_READY_TIMEOUT_S,
            files=files,
            request_log_one_in=one_in,
        )
        started = agent_rpc.request(agent.id, command, ProxyStarted, PROXY_READY_TIMEOUT_S + 15)
        ex.record_command_line(agent, started)
        return started.reused_from_run


def lead_time_s() -> float:
    """Seconds between deciding start_at and start_at: covers StartSampling (sent to all agents at
    once) and StartLoad reaching every injector, ~0.1 s on a local lab. The floor keeps a typo in
    the settings from starting injectors apart."""
    return max(LEAD_FLOOR_S, get_settings().load_start_lead_seconds)
