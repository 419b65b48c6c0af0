"""`preparing`, continued: start the synthetic upstreams, render the config, start HAProxy."""

from __future__ import annotations

from backend.settings import get_settings
from spec.haproxy.render import RenderContext, render
from spec.protocol import ApplyProxyConfig, StartTargets
from spec.run_state import RunState
from spec.target import ManagedTarget
from worker import agent_rpc
from worker.execution import Execution
from worker.phases.base import BackgroundPhase, PhaseError, RunContext

TARGETS_TIMEOUT_S = 30.0
PROXY_READY_TIMEOUT_S = 20.0


class ConfigureLab(BackgroundPhase):
    state = RunState.preparing

    def __init__(self, execution: Execution) -> None:
        super().__init__()
        self.execution = execution

    def timeout_seconds(self) -> float:
        return TARGETS_TIMEOUT_S + PROXY_READY_TIMEOUT_S + 30

    def timeout_error(self, ctx: RunContext) -> str:
        return f"configuring lab {ctx.lab_name!r} took longer than {self.timeout_seconds():g} s"

    def work(self, ctx: RunContext) -> None:
        ex = self.execution
        ex.record(
            environment={a.name: {"roles": list(a.roles), **a.capabilities} for a in ex.involved_agents}
        )
        for agent in ex.involved_agents:
            agent_rpc.clear_commands(agent.id)  # nothing left over from a run that died
        self._start_targets(ex)
        self._start_proxy(ex)

    def _start_targets(self, ex: Execution) -> None:
        target = ex.spec.target
        if not isinstance(target, ManagedTarget):
            ex.target_addresses = list(target.addresses)
            return
        agent = ex.agent("target")
        data = agent_rpc.send_command(
            agent.id, StartTargets(run_id=str(ex.run_id), target=target), timeout_s=TARGETS_TIMEOUT_S
        )
        addresses = data.get("addresses")
        if not isinstance(addresses, list) or len(addresses) != target.servers:
            raise PhaseError(f"agent {agent.name} started {addresses!r}, not {target.servers} target servers")
        ex.target_addresses = [str(a) for a in addresses]
        ex.record_command_line(agent, data)

    def _start_proxy(self, ex: Execution) -> None:
        agent = ex.agent("proxy")
        ctx = RenderContext(target_addresses=ex.target_addresses, runtime_dir=agent.runtime_dir)
        config_text = render(ex.spec.proxy, ctx)
        ex.record(rendered_config=config_text)
        command = ApplyProxyConfig(
            run_id=str(ex.run_id), config_text=config_text, ready_timeout_s=PROXY_READY_TIMEOUT_S
        )
        data = agent_rpc.send_command(agent.id, command, timeout_s=PROXY_READY_TIMEOUT_S + 15)
        ex.record_command_line(agent, data)


def lead_time_s() -> float:
    """Seconds between sending StartLoad and its start_at: enough for every injector to be ready."""
    return max(1.0, get_settings().load_start_lead_seconds)
