"""haplab-agent as a real process against a real API server (uvicorn, PostgreSQL, Redis).

The test plays the worker with worker.agent_rpc (commands through Redis, results back through
the gateway), exactly as a run does. The agent enrolls with its CLI, says hello, runs a real
HAProxy, sends samples, survives a backend restart, reports an unknown token and keeps trying,
stops and exits 78 when it is revoked (its held poll answered at once, from another API
process), comes back when its name is enrolled again, and on SIGTERM stops what it started and
exits 0.
"""

from __future__ import annotations

import json
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
from haproxy_upstream import http_upstream, pid_alive
from live_processes import ApiServer, start_api_server, wait_until
from proxy_setup import proxy_config, rendered, short_runtime_dir
from sqlalchemy import select, update

from backend.db import session_scope
from backend.labs.enrollment import create_enrollment_token
from backend.models import Agent, Sample, Team
from contract.command_results import HostSampling, SamplingStarted
from contract.protocol import AGENT_EXIT_REVOKED, ApplyProxyConfig, StartSampling, StartTargets, Teardown
from contract.target import ManagedTarget
from dev.services import free_port
from tests.api.helpers import make_lab, make_team_user, new_member, token_headers
from tests.fleet.factories import agent_requests, enrollment_token, hello, running_run
from worker import agent_rpc

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@dataclass
class AgentProcess:
    proc: subprocess.Popen[bytes]
    log_path: Path
    agent_id: int

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, timeout: float = 30) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return self.proc.returncode


@dataclass
class Lab:
    token: str
    run_id: int


@pytest.fixture
def lab(live_api: ApiServer) -> Lab:
    with session_scope() as db:
        member = new_member(db, "editor")
        lab = make_lab(db, member.team)
        token = enrollment_token(db, member, lab, ["proxy"])
        run_id = running_run(db, member, lab)
    return Lab(token=token, run_id=run_id)


def agent_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agents", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def runtime_dir() -> Iterator[Path]:
    with short_runtime_dir() as path:
        yield path


@pytest.fixture
def agent(live_api: ApiServer, lab: Lab, tmp_path: Path, runtime_dir: Path) -> Iterator[AgentProcess]:
    state_file = tmp_path / "agent" / "state.json"
    enrolled = agent_cli(
        "enroll",
        "--server",
        live_api.url,
        "--token",
        lab.token,
        "--name",
        "proxy-1",
        "--roles",
        "proxy",
        "--state-file",
        str(state_file),
    )
    assert enrolled.returncode == 0, enrolled.stderr
    assert stat.S_IMODE(state_file.stat().st_mode) == 0o600
    state = json.loads(state_file.read_text())
    assert set(state) == {"server", "agent_id", "agent_token", "lab_id", "name", "roles"}
    assert state["roles"] == ["proxy"] and state["agent_token"].startswith("hla_")

    process = start_agent(state_file, runtime_dir, tmp_path / "agent.log", state["agent_id"])
    try:
        yield process
    finally:
        process.stop()
        print(f"===== agent log =====\n{process.log()}")


def start_agent(state_file: Path, runtime_dir: Path, log_path: Path, agent_id: int) -> AgentProcess:
    """`haplab-agent run` as a process; returns once its hello reached the backend."""
    with session_scope() as db:
        db.execute(update(Agent).where(Agent.id == agent_id).values(capabilities={}))
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "agents",
                "run",
                "--state-file",
                str(state_file),
                "--runtime-dir",
                str(runtime_dir),
                "--data-address",
                "127.0.0.1",
                "--allow-load-to",
                "127.0.0.1",
                "--log-level",
                "debug",
            ],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    process = AgentProcess(proc=proc, log_path=log_path, agent_id=agent_id)
    try:
        wait_until(lambda: capabilities(agent_id).get("runtime_dir"), 30, "the agent's hello")
    except BaseException:
        process.stop()  # no fixture holds it yet: it would outlive the test
        raise
    return process


def capabilities(agent_id: int) -> dict[str, Any]:
    with session_scope() as db:
        return dict(db.get_one(Agent, agent_id).capabilities or {})


def proxy_samples(run_id: int, source: str) -> list[dict[str, Any]]:
    with session_scope() as db:
        rows = db.scalars(select(Sample.data).where(Sample.run_id == run_id, Sample.source == source))
        return [dict(row) for row in rows]


def test_the_agent_runs_a_proxy_for_a_run_and_survives_a_backend_restart(
    agent: AgentProcess, lab: Lab, live_api: ApiServer, tmp_path: Path, runtime_dir: Path
) -> None:
    caps = capabilities(agent.agent_id)
    assert caps["data_address"] == "127.0.0.1" and caps["agent_version"]
    assert str(caps["haproxy"]).startswith("2.6.") and caps["cores"]
    proxy_dir = Path(caps["runtime_dir"])
    assert proxy_dir == runtime_dir / "proxy"
    run = lab.run_id
    port = free_port()

    with http_upstream(tmp_path / "upstream") as upstream:
        config = rendered(proxy_config(port), proxy_dir, [upstream])
        applied = agent_rpc.send_command(agent.agent_id, ApplyProxyConfig(run_id=run, config_text=config), 40)
        haproxy_pid = applied.pid
        assert isinstance(haproxy_pid, int) and pid_alive(haproxy_pid)

        with pytest.raises(agent_rpc.CommandFailed, match="this agent has no role for start_targets"):
            agent_rpc.send_command(agent.agent_id, StartTargets(run_id=run, target=ManagedTarget()), 20)

        started = agent_rpc.send_command(agent.agent_id, StartSampling(run_id=run, t0=datetime.now(UTC)), 20)
        assert isinstance(started, SamplingStarted) and started.host == HostSampling(source="host:proxy-1")
        with httpx.Client(timeout=5) as client:
            for _ in range(25):
                assert client.get(f"http://127.0.0.1:{port}/").status_code == 200

        def requests_counted() -> int:
            return sum(int(s.get("FRONTEND.req_tot", 0)) for s in proxy_samples(lab.run_id, "proxy"))

        wait_until(lambda: requests_counted() >= 25, 30, "the proxy samples of 25 requests in the database")
        assert requests_counted() == 25
        wait_until(lambda: proxy_samples(lab.run_id, "host:proxy-1"), 15, "host samples")

        # The backend goes away and comes back on the same address: the agent says hello again.
        live_api.stop()
        (tmp_path / "restarted").mkdir()
        with session_scope() as db:
            db.execute(update(Agent).where(Agent.id == agent.agent_id).values(last_seen_at=None))
        restarted = start_api_server(
            database_url=str(db_url()),
            redis_url=redis_url(),
            log_dir=tmp_path / "restarted",
            port=int(live_api.url.rsplit(":", 1)[1]),
        )
        try:
            wait_until(lambda: last_seen(agent.agent_id), 60, "the agent to reconnect")
            torn = agent_rpc.send_command(agent.agent_id, Teardown(run_id=run), 30)
            assert torn.roles == ["proxy"]
            assert not pid_alive(haproxy_pid), "teardown stops HAProxy"
            assert agent.log().count("connected to") >= 2

            # HAProxy again, then SIGTERM: the agent stops it and exits 0.
            applied = agent_rpc.send_command(
                agent.agent_id, ApplyProxyConfig(run_id=run, config_text=config), 40
            )
            second_pid = applied.pid
            assert isinstance(second_pid, int) and pid_alive(second_pid)
            assert agent.stop() == 0
            assert not pid_alive(second_pid)
        finally:
            restarted.stop()


def test_a_restarted_agent_stops_what_a_killed_one_left_running(
    agent: AgentProcess, lab: Lab, tmp_path: Path, runtime_dir: Path
) -> None:
    proxy_dir = Path(capabilities(agent.agent_id)["runtime_dir"])
    port = free_port()
    with http_upstream(tmp_path / "upstream") as upstream:
        config = rendered(proxy_config(port), proxy_dir, [upstream])
        applied = agent_rpc.send_command(
            agent.agent_id, ApplyProxyConfig(run_id=lab.run_id, config_text=config), 40
        )
        haproxy_pid = applied.pid
        assert isinstance(haproxy_pid, int) and pid_alive(haproxy_pid)

        # kill -9: the agent cannot clean up, and HAProxy (its own session) lives on.
        agent.proc.kill()
        agent.proc.wait(10)
        assert pid_alive(haproxy_pid), "HAProxy outlives a killed agent"

        second = start_agent(
            tmp_path / "agent" / "state.json", runtime_dir, tmp_path / "agent-2.log", agent.agent_id
        )
        try:
            assert not pid_alive(haproxy_pid), "the new agent stopped the HAProxy left running"
            assert f"haproxy (pid {haproxy_pid}) left running by an earlier agent process" in second.log()
            # The lab's port is free again: the same config starts on it.
            again = agent_rpc.send_command(
                agent.agent_id, ApplyProxyConfig(run_id=lab.run_id, config_text=config), 40
            )
            assert isinstance(again.pid, int) and pid_alive(again.pid)
            assert second.stop() == 0
            assert not pid_alive(again.pid)
        finally:
            second.stop()
            print(f"===== second agent log =====\n{second.log()}")


def test_an_unknown_token_is_reported_and_the_agent_keeps_trying(agent: AgentProcess) -> None:
    # The server knows no agent of that token (its database was replaced): an operator may fix it.
    with session_scope() as db:
        db.execute(update(Agent).where(Agent.id == agent.agent_id).values(token_hash="0" * 64))
    wait_until(lambda: "refused this agent's token" in agent.log(), 60, "the 401 to be logged")
    assert "re-enroll" in agent.log()
    assert agent.proc.poll() is None, "the agent keeps running: an operator may fix it"
    assert agent.stop() == 0


POLLS_HELD = 3


def test_revoked_while_its_poll_is_held_the_agent_hears_it_at_once_from_any_api_process_and_stops(
    agent: AgentProcess, live_api: ApiServer, tmp_path: Path, runtime_dir: Path, redis_client: Any
) -> None:
    """Two API processes on one database and Redis: the agent and the test hold long polls on
    the first; a lab admin revokes the agent on the second. Every held poll answers 401
    agent_revoked within a second, the agent says so once and exits 78 (no retry loop), its
    token is refused on every agent route of both; enrolling the name again brings it back."""
    second = start_api_server(
        database_url=db_url(), redis_url=redis_url(), log_dir=mkdir(tmp_path / "second"), port=free_port()
    )
    state_file = tmp_path / "agent" / "state.json"
    old_token = json.loads(state_file.read_text())["agent_token"]
    old_headers = {"Authorization": f"Bearer {old_token}"}
    try:
        admin = lab_admin_headers(agent.agent_id)
        answers: list[tuple[int, str, float]] = []

        def held_poll() -> None:
            with httpx.Client(timeout=60) as client:
                response = client.get(
                    f"{live_api.url}/api/v1/agent/commands", params={"wait_s": 30}, headers=old_headers
                )
            answers.append((response.status_code, response.json().get("error", ""), time.monotonic()))

        polls = [threading.Thread(target=held_poll) for _ in range(POLLS_HELD)]
        for poll in polls:
            poll.start()
        # The test's polls and the agent's own wait in BLPOP (in the first API process).
        wait_until(lambda: blocked_polls(redis_client) >= POLLS_HELD + 1, 15, "every poll to be held")
        time.sleep(0.5)

        revoked_at = time.monotonic()
        response = httpx.post(
            f"{second.url}/api/v1/labs/{lab_of(agent.agent_id)}/agents/{agent.agent_id}/revoke", headers=admin
        )
        assert response.status_code == 200, response.text
        for poll in polls:
            poll.join(10)
        delays = sorted(round(at - revoked_at, 3) for _, _, at in answers)
        print(f"held polls answered {delays} s after the revocation was sent")
        assert [(status, error) for status, error, _ in answers] == [(401, "agent_revoked")] * POLLS_HELD
        assert delays[-1] < 1.0, delays

        # The agent heard it on its own held poll: it stops (nothing to retry) and exits 78.
        assert agent.proc.wait(20) == AGENT_EXIT_REVOKED, agent.log()
        assert agent.log().count("ERROR agents.connection: the backend revoked this agent") == 1, agent.log()
        assert "refused this agent's token" not in agent.log()  # never retried as an unknown token

        # Every agent route of both API processes refuses the token.
        for server in (live_api, second):
            for method, path, body in agent_requests("proxy-1", ["proxy"]):
                refused = httpx.request(method, f"{server.url}{path}", json=body, headers=old_headers)
                assert (refused.status_code, refused.json()["error"]) == (401, "agent_revoked"), (
                    server.url,
                    method,
                    path,
                    refused.text,
                )

        # Rotation: the same host enrolls the same name again with a new enrollment token.
        with session_scope() as db:
            row = db.get_one(Agent, agent.agent_id)
            _, token = create_enrollment_token(db, row.team_id, row.lab_id, None, ["proxy"])
        again = agent_cli(
            "enroll",
            "--server",
            live_api.url,
            "--token",
            token,
            "--name",
            "proxy-1",
            "--roles",
            "proxy",
            "--state-file",
            str(state_file),
        )
        assert again.returncode == 0, again.stderr
        new_state = json.loads(state_file.read_text())
        assert new_state["agent_id"] != agent.agent_id and new_state["agent_token"] != old_token
        rotated = start_agent(state_file, runtime_dir, tmp_path / "agent-rotated.log", new_state["agent_id"])
        try:
            assert rotated.proc.poll() is None
            with session_scope() as db:
                rows = db.execute(select(Agent.id, Agent.revoked_at.is_(None)).where(Agent.name == "proxy-1"))
                assert dict(rows.all()) == {agent.agent_id: False, new_state["agent_id"]: True}
            still_refused = httpx.post(
                f"{second.url}/api/v1/agent/hello", json=hello("proxy-1", ["proxy"]), headers=old_headers
            )
            assert still_refused.status_code == 401
            assert rotated.stop() == 0
        finally:
            rotated.stop()
            print(f"===== rotated agent log =====\n{rotated.log()}")
    finally:
        second.stop()


def mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def blocked_polls(redis_client: Any) -> int:
    """Redis clients waiting in BLPOP: held long polls (nothing else of this test blocks)."""
    return sum(1 for client in redis_client.client_list() if client.get("cmd") == "blpop")


def lab_of(agent_id: int) -> int:
    with session_scope() as db:
        return db.get_one(Agent, agent_id).lab_id


def lab_admin_headers(agent_id: int) -> dict[str, str]:
    """An admin API token of the team whose lab the agent is in."""
    with session_scope() as db:
        team = db.get_one(Team, db.get_one(Agent, agent_id).team_id)
        _, user = make_team_user(db, role="admin", team=team)
        return token_headers(db, user, team, scope="admin")


def last_seen(agent_id: int) -> bool:
    with session_scope() as db:
        return db.get_one(Agent, agent_id).last_seen_at is not None


def db_url() -> str:
    from backend.settings import get_settings

    return str(get_settings().database_url)


def redis_url() -> str:
    from backend.settings import get_settings

    return str(get_settings().redis_url)
