"""How often a run's agents send their samples: held while nobody watches, sent when the load ends.

Every sample batch is a request the API serves while the load it measures runs, and most runs
are watched by nobody until they end. So once sampling started, the worker lets each agent that
can (capability `paced_samples`) hold the run's samples up to SAMPLE_HOLD_S while the replies
to its batches count no live viewer (contract.protocol.HoldSamples, LIVE_VIEWERS_HEADER); a viewer
who opens the run page gets them within that, then each second as it is taken. When the load
ends, however it ends, the worker asks every agent for what it holds and waits for it
(SendSamplesNow) before it reads the run's samples, so a summary never misses a held second.

The hold is what an agent that dies (kill -9) takes with it, so it stays short: with 2 s an
agent sends a batch every two to three seconds instead of every second, and one that dies
loses at most two seconds more than before.

Not held: a run with an abort_on_fail threshold (the worker judges each second as it comes),
and an injector's samples beyond a quarter of its load lease, which rides on their replies.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

from backend.settings import get_settings
from contract.protocol import HoldSamples, SendSamplesNow
from worker import agent_rpc
from worker.execution import AgentRef, Execution

log = logging.getLogger(__name__)

SAMPLE_HOLD_S = 2.0
# How long the agents may take to deliver what they hold once asked (a batch is a request).
SEND_NOW_TIMEOUT_S = 2.0


def pacing_agents(ex: Execution) -> list[AgentRef]:
    """The run's agents that hold its samples while nobody watches (none when it is judged live)."""
    if any(rule.abort_on_fail for rule in ex.spec.thresholds):
        return []
    return [agent for agent in ex.involved_agents if agent.capabilities.paced_samples]


def hold_for(agent: AgentRef) -> float:
    if "injector" in agent.roles and agent.capabilities.load_lease_in_replies:
        # The injector's load lease is renewed by these replies: several of them per lease.
        return min(SAMPLE_HOLD_S, get_settings().load_lease_seconds / 4)
    return SAMPLE_HOLD_S


def hold_samples(ex: Execution) -> None:
    """After StartSampling: posted, not waited for (an agent answers it only if it fails)."""
    for agent in pacing_agents(ex):
        agent_rpc.post_command(agent.id, HoldSamples(run_id=ex.run_id, hold_s=hold_for(agent)))


def send_samples_now(ex: Execution) -> None:
    """The load is over: every agent holding samples sends them; returns once all were delivered,
    or after about SEND_NOW_TIMEOUT_S (a lost agent's samples are lost with it anyway)."""
    command = SendSamplesNow(run_id=ex.run_id, timeout_s=SEND_NOW_TIMEOUT_S)

    def ask(agent: AgentRef) -> None:
        try:
            agent_rpc.send_command(agent.id, command, SEND_NOW_TIMEOUT_S + 1, watch_liveness=False)
        except Exception as exc:  # the run's outcome does not hang on it: say so and go on
            log.warning("run %s: agent %s did not send the samples it held: %s", ex.run_id, agent.name, exc)

    agents = pacing_agents(ex)
    if agents:
        with ThreadPoolExecutor(max_workers=len(agents)) as pool:
            list(pool.map(ask, agents))
