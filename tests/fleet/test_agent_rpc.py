"""worker.agent_rpc against a real API server: a command goes through Redis to the agent's
long-poll, the agent's CommandResult comes back through POST /agent/messages to the waiting
send_command. The agent is played by this test with httpx; send_command runs in a thread.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import httpx
import pytest
from live_processes import wait_until
from sqlalchemy import func, update

from backend.db import session_scope
from backend.messaging import keys
from backend.models import Agent
from contract.command_results import TornDown
from contract.protocol import ONLINE_WINDOW_S, CommandResult, StopLoad, Teardown
from tests.api.helpers import API, make_lab, new_member
from tests.fleet.factories import agent_headers, enroll, enrollment_token, hello, wire
from worker.agent_rpc import (
    AgentLost,
    CommandFailed,
    CommandTimeout,
    clear_commands,
    post_command,
    send_command,
)
from worker.agent_rpc import request as agent_rpc_request


@dataclass
class PlayedAgent:
    """The test's stand-in for haplab-agent: an httpx client holding an agent token."""

    id: int
    http: httpx.Client

    def next_command(self) -> dict[str, Any]:
        response = self.http.get(f"{API}/agent/commands", params={"wait_s": 10})
        assert response.status_code == 200, response.text
        commands: list[dict[str, Any]] = response.json()
        assert len(commands) == 1, commands
        return commands[0]

    def answer(self, result: CommandResult) -> None:
        response = self.http.post(f"{API}/agent/messages", json=wire(result))
        assert response.status_code == 202, response.text


@pytest.fixture
def agent(live_api: Any, redis_client: Any) -> Iterator[PlayedAgent]:
    with session_scope() as db:
        member = new_member(db, "editor")
        lab = make_lab(db, member.team)
        token = enrollment_token(db, member, lab, ["injector"])
    with httpx.Client(base_url=live_api.url, timeout=20) as http:
        enrolled = enroll(http, token, "injector-1", ["injector"])
        http.headers.update(agent_headers(enrolled))
        assert http.post(f"{API}/agent/hello", json=hello("injector-1", ["injector"])).status_code == 200
        yield PlayedAgent(id=enrolled["agent_id"], http=http)


@pytest.fixture
def in_thread() -> Iterator[Callable[..., Future[Any]]]:
    with ThreadPoolExecutor(max_workers=1) as pool:
        yield pool.submit


def last_seen(agent_id: int, seconds_ago: float) -> None:
    with session_scope() as db:
        db.execute(
            update(Agent)
            .where(Agent.id == agent_id)
            .values(last_seen_at=func.now() - timedelta(seconds=seconds_ago))
        )


def queued(redis_client: Any, agent_id: int) -> int:
    return int(redis_client.llen(keys.agent_commands_key(agent_id)))


def test_a_command_result_reaches_send_command(agent: PlayedAgent, in_thread: Any) -> None:
    future = in_thread(send_command, agent.id, Teardown(run_id=41), timeout_s=20)

    command = agent.next_command()
    assert command["body"] == {"type": "teardown", "run_id": 41}
    torn_down = TornDown(roles=["proxy"], samples_flushed=True, batches_sent=3)
    agent.answer(CommandResult(command_id=command["id"], ok=True, data=torn_down))

    assert future.result(timeout=20) == torn_down


def test_a_failed_command_raises_with_the_agents_error(agent: PlayedAgent, in_thread: Any) -> None:
    future = in_thread(send_command, agent.id, Teardown(run_id=41), timeout_s=20)

    command = agent.next_command()
    agent.answer(CommandResult(command_id=command["id"], ok=False, error="haproxy -c: unknown keyword 'foo'"))

    with pytest.raises(CommandFailed, match=r"^haproxy -c: unknown keyword 'foo'$"):
        future.result(timeout=20)


def test_an_unanswered_command_times_out_and_is_withdrawn(agent: PlayedAgent, redis_client: Any) -> None:
    with pytest.raises(CommandTimeout, match=r"^agent injector-1 did not answer teardown within 1.5 s$"):
        send_command(agent.id, Teardown(run_id=41), timeout_s=1.5)
    assert queued(redis_client, agent.id) == 0


def test_a_silent_agent_is_lost_before_anything_is_queued(agent: PlayedAgent, redis_client: Any) -> None:
    last_seen(agent.id, seconds_ago=60)
    with pytest.raises(AgentLost, match=r"^agent injector-1 lost: silent for 60 s$"):
        send_command(agent.id, Teardown(run_id=41), timeout_s=20)
    assert queued(redis_client, agent.id) == 0


def test_an_agent_going_silent_during_the_wait_is_lost(agent: PlayedAgent, redis_client: Any) -> None:
    # Online now, past the online window a couple of seconds into the wait.
    last_seen(agent.id, seconds_ago=ONLINE_WINDOW_S - 2)
    with pytest.raises(AgentLost, match=r"^agent injector-1 lost: silent for \d+ s$"):
        send_command(agent.id, Teardown(run_id=41), timeout_s=30)
    assert queued(redis_client, agent.id) == 0


def test_post_command_is_fire_and_forget_and_clear_commands_drops_the_queue(
    agent: PlayedAgent, redis_client: Any
) -> None:
    envelope_id = post_command(agent.id, StopLoad(run_id=41))
    assert agent.next_command()["id"] == envelope_id

    post_command(agent.id, StopLoad(run_id=41))
    post_command(agent.id, Teardown(run_id=41))
    assert clear_commands(agent.id) == 2
    assert agent.http.get(f"{API}/agent/commands", params={"wait_s": 0}).json() == []


def test_a_poll_whose_agent_hung_up_stops_waiting_and_takes_nothing(
    agent: PlayedAgent, redis_client: Any
) -> None:
    with pytest.raises(httpx.ReadTimeout):
        agent.http.get(f"{API}/agent/commands", params={"wait_s": 30}, timeout=1)
    # The server notices within a slice or two, long before its 30 s wait is over.
    wait_until(lambda: redis_client.info("clients")["blocked_clients"] == 0, 10, "the poll to stop")

    envelope_id = post_command(agent.id, StopLoad(run_id=41))
    assert queued(redis_client, agent.id) == 1
    assert agent.next_command()["id"] == envelope_id


def test_a_command_is_read_only_as_the_model_it_is_answered_with() -> None:
    # A caller's mistake, caught before anything is sent.
    with pytest.raises(TypeError, match="stop_load is answered with LoadStopped"):
        agent_rpc_request(1, StopLoad(run_id=1), TornDown, timeout_s=1)
