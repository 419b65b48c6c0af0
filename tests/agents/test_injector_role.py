"""The injector role with real hey, wrk and h2load against real nginx (and HAProxy) on loopback.

Every load is bounded (1-3 s, or stopped by the lease or StopLoad well before its 30 s);
assertions are about consistency and behaviour, never about speed.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from lab_processes import assert_runs_as, children, status, wait_for_exec

from agents.privileges import LOAD_USER
from agents.roles.base import AgentContext, CommandFailed
from agents.roles.injector import InjectorRole
from agents.roles.target import TargetRole
from backend.labs.certificates import issue_server, new_authority
from common.latency_histograms import decode
from contract.command_results import LoadFinished, LoadStarted
from contract.load import LoadProfile
from contract.protocol import (
    AwaitLoad,
    RenewLease,
    StartLoad,
    StartTargets,
    StopLoad,
    Teardown,
    TlsCredentials,
)
from contract.results import InjectorSummary, SamplePoint
from contract.target import Endpoint, ManagedTarget
from dev.services import foreground_server, free_port

AGENT = "inj-1"
SLOW_MS = 1500
ENDPOINTS = [
    Endpoint(path="/fast"),
    Endpoint(path="/slow", delay_ms=SLOW_MS),
    Endpoint(path="/down", status=503),
]
HAPROXY_CONFIG = """\
global
    maxconn {maxconn}
defaults
    mode http
    timeout connect 2s
    timeout client 10s
    timeout server 10s
frontend fe
    bind 127.0.0.1:{port}
    default_backend be
backend be
    server s1 {upstream}
"""


def context(runtime_dir: Path, samples: list[SamplePoint] | None = None) -> AgentContext:
    sink = samples if samples is not None else []
    return AgentContext.local(
        AGENT,
        runtime_dir,
        allowed_load_targets=frozenset({"127.0.0.1"}),
        emit_samples=lambda run_id, samples: sink.extend(samples),
    )


def pid_alive(pid: int) -> bool:
    """True while `pid` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def targets(module_runtime_dir: Path) -> Iterator[dict[str, str]]:
    """nginx over HTTP/1.1, h2c, and TLS (ALPN h2 or http/1.1): {"h1": "127.0.0.1:P", ...}."""
    role = TargetRole(context(module_runtime_dir))
    found = {}
    for run_id, (name, protocol, tls) in enumerate(
        (("h1", "h1", False), ("h2c", "h2c", False), ("tls", "h2c", True)), start=900
    ):
        target = ManagedTarget(protocol=protocol, tls=tls, endpoints=ENDPOINTS)
        credentials = None
        if tls:  # what the worker sends: a certificate from the lab's CA
            issued = issue_server(new_authority("injector tests"), "haplab-target", ["127.0.0.1"])
            credentials = TlsCredentials(
                certificate_pem=issued.certificate_pem, private_key_pem=issued.private_key_pem
            )
        data = role.handle(StartTargets(run_id=run_id, target=target, tls=credentials))
        found[name] = str(data.addresses[0])
    yield found
    role.close()


@pytest.fixture
def samples() -> list[SamplePoint]:
    return []


@pytest.fixture
def injector(runtime_dir: Path, samples: list[SamplePoint]) -> Iterator[InjectorRole]:
    role = InjectorRole(context(runtime_dir, samples))
    yield role
    role.close()


@pytest.fixture
def haproxy(tmp_path: Path, targets: dict[str, str]) -> Iterator[str]:
    """A real HAProxy in front of the h1 nginx; yields its "127.0.0.1:PORT"."""
    with haproxy_in_front(tmp_path, targets["h1"], maxconn=2000) as address:
        yield address


@contextlib.contextmanager
def haproxy_in_front(workdir: Path, upstream: str, maxconn: int) -> Iterator[str]:
    port = free_port()
    config = workdir / "haproxy.cfg"
    config.write_text(HAPROXY_CONFIG.format(port=port, upstream=upstream, maxconn=maxconn))
    with foreground_server(["haproxy", "-db", "-f", str(config)], port) as address:
        yield address


def start_load(
    role: InjectorRole, address: str, *, run_id: int = 1, lease_s: int = 60, **profile: Any
) -> LoadStarted:
    command = StartLoad(
        run_id=run_id,
        profile=LoadProfile(**profile),
        target_url=f"{'https' if profile.get('tls') else 'http'}://{address}",
        start_at=datetime.now(UTC),
        lease_s=lease_s,
    )
    started = role.handle(command)
    assert isinstance(started, LoadStarted)
    return started


def await_load(role: InjectorRole, run_id: int = 1, timeout_s: float = 30) -> LoadFinished:
    finished = role.handle(AwaitLoad(run_id=run_id, timeout_s=timeout_s))
    assert isinstance(finished, LoadFinished)
    return finished


def summary_of(result: dict[str, Any]) -> InjectorSummary:
    return InjectorSummary.model_validate(result.summary)


def assert_consistent(summary: InjectorSummary) -> None:
    assert summary.agent == AGENT
    assert summary.successes > 0
    assert summary.requests == summary.successes + summary.errors.total
    assert summary.duration_s > 0
    assert summary.rps == pytest.approx(summary.successes / summary.duration_s, abs=0.001)
    latency = summary.latency
    assert latency is not None
    assert 0 < latency.p50 <= latency.p90 <= latency.p99 <= latency.p999 <= latency.max
    assert latency.mean <= latency.max


# ---------------------------------------------------------------- consistent numbers per driver


@pytest.mark.slow
@pytest.mark.parametrize(
    ("driver", "protocol", "http_version"),
    [("hey", "h1", "1.1"), ("wrk", "h1", "1.1"), ("h2load", "h1", "1.1"), ("h2load", "h2c", "2")],
)
def test_each_driver_reports_consistent_numbers(
    injector: InjectorRole, targets: dict[str, str], driver: str, protocol: str, http_version: str
) -> None:
    started = start_load(
        injector,
        targets[protocol],
        driver=driver,
        connections=4,
        duration_s=2,
        path="/fast",
        http_version=http_version,
    )
    assert started.driver == driver and started.driver_version
    assert Path(started.command_line[started.command_line.index("--") + 1]).name == driver

    result = await_load(injector)
    summary = summary_of(result)
    assert_consistent(summary)
    assert summary.driver == driver and summary.errors.total == 0
    assert result.exit_code == 0 and result.command_line == started.command_line
    if driver == "hey":
        assert summary.histogram is None  # hey's text summary has no per-request latencies
        assert any("p99.9" in w for w in summary.warnings)
    elif driver == "wrk":
        # wrk's distribution is its whole run; its response hook split the same answers at the
        # window's edges (the tool starts a little after t0: a few finish after the window).
        assert summary.histogram is not None and summary.window_source == "tool_records"
        drained = summary.drain.responses if summary.drain else 0
        assert decode(summary.histogram).get_total_count() == summary.successes + drained
    else:
        assert summary.histogram is not None
        assert decode(summary.histogram).get_total_count() == summary.successes


@pytest.mark.slow
@pytest.mark.parametrize(
    ("driver", "http_version"), [("hey", "2"), ("wrk", "1.1"), ("h2load", "2"), ("h2load", "1.1")]
)
def test_each_driver_speaks_tls(
    injector: InjectorRole, targets: dict[str, str], driver: str, http_version: str
) -> None:
    start_load(
        injector,
        targets["tls"],
        driver=driver,
        tls=True,
        http_version=http_version,
        duration_s=1,
        path="/fast",
    )
    summary = summary_of(await_load(injector))
    assert_consistent(summary)
    assert summary.errors.total == 0


@pytest.mark.slow
def test_load_through_haproxy(injector: InjectorRole, haproxy: str) -> None:
    start_load(injector, haproxy, driver="wrk", connections=10, duration_s=2, path="/fast")
    summary = summary_of(await_load(injector))
    assert_consistent(summary)
    assert summary.errors.total == 0
    assert summary.bytes_per_s > 0


# ---------------------------------------------------------------- errors by kind


@pytest.mark.slow
@pytest.mark.parametrize("driver", ["hey", "wrk", "h2load"])
def test_non_2xx_replies_are_errors_not_successes(
    injector: InjectorRole, targets: dict[str, str], driver: str
) -> None:
    start_load(injector, targets["h1"], driver=driver, connections=2, duration_s=1, path="/down")
    summary = summary_of(await_load(injector))
    assert summary.successes == 0 and summary.rps == 0
    assert summary.errors.non_2xx > 0 and summary.errors.non_2xx == summary.errors.total
    assert summary.latency is None  # latency is of successful requests only


@pytest.mark.slow
@pytest.mark.parametrize("driver", ["hey", "wrk"])
def test_replies_slower_than_the_request_timeout_are_timeouts(
    injector: InjectorRole, targets: dict[str, str], driver: str
) -> None:
    start_load(
        injector, targets["h1"], driver=driver, connections=2, duration_s=2, path="/slow", request_timeout_s=1
    )
    summary = summary_of(await_load(injector))
    assert summary.errors.timeout > 0
    assert summary.successes == 0


@pytest.mark.slow
def test_a_closed_port_gives_connect_errors_with_hey(injector: InjectorRole) -> None:
    start_load(injector, f"127.0.0.1:{free_port()}", driver="hey", connections=2, duration_s=1)
    summary = summary_of(await_load(injector))
    assert summary.errors.connect > 0 and summary.errors.connect == summary.errors.total
    assert summary.successes == 0


@pytest.mark.slow
def test_wrk_refuses_to_start_against_a_closed_port(injector: InjectorRole) -> None:
    start_load(injector, f"127.0.0.1:{free_port()}", driver="wrk", connections=2, duration_s=1)
    with pytest.raises(CommandFailed, match="unable to connect"):
        await_load(injector)


@pytest.mark.slow
def test_h2load_says_it_started_nothing_against_a_closed_port(injector: InjectorRole) -> None:
    start_load(injector, f"127.0.0.1:{free_port()}", driver="h2load", connections=2, duration_s=1)
    summary = summary_of(await_load(injector))
    assert summary.requests == 0
    assert any("started no request" in w for w in summary.warnings)


# ---------------------------------------------------------------- blind spots


@pytest.mark.slow
@pytest.mark.parametrize(
    ("driver", "warning"),
    [
        ("wrk", r"only about [1-9] of 20 connections were busy"),
        # h2load reports the requests still waiting, or hangs after its duration (1.52) and is
        # stopped, leaving only its log: then the busy-connections estimate tells.
        ("h2load", r"(1[5-9]|20) request\(s\) were still waiting|only about [1-9] of 20 connections"),
    ],
)
def test_clients_starved_by_a_full_proxy_are_pointed_out(
    injector: InjectorRole, targets: dict[str, str], tmp_path: Path, driver: str, warning: str
) -> None:
    # The capacity article's shape: HAProxy accepts 5 connections, 20 clients wait for /slow;
    # the other 15 sit in the listen backlog and neither tool counts them as errors.
    with haproxy_in_front(tmp_path, targets["h1"], maxconn=5) as proxy:
        start_load(injector, proxy, driver=driver, connections=20, duration_s=4, path="/slow")
        summary = summary_of(await_load(injector))
    assert summary.errors.total == 0
    assert any(re.search(warning, w) for w in summary.warnings), summary.warnings


# ---------------------------------------------------------------- lease and stop


@pytest.mark.slow
@pytest.mark.parametrize("driver", ["hey", "wrk", "h2load"])
def test_an_unrenewed_lease_stops_a_long_load(
    injector: InjectorRole, targets: dict[str, str], driver: str
) -> None:
    started = start_load(
        injector, targets["h1"], driver=driver, connections=2, duration_s=30, path="/fast", lease_s=2
    )
    # The tool was asked for 30 s: answering within 10 s means the lease stopped it.
    result = await_load(injector, timeout_s=10)
    summary = summary_of(result)
    assert summary.warnings[0] == "stopped: lease expired"
    assert summary.successes > 0  # partial results are still results
    assert not pid_alive(started.pid)


@pytest.mark.slow
def test_a_renewed_lease_lets_the_load_finish(injector: InjectorRole, targets: dict[str, str]) -> None:
    start_load(injector, targets["h1"], driver="wrk", connections=2, duration_s=3, path="/fast", lease_s=1)
    renewed = injector.handle(RenewLease(run_id=1, lease_until=datetime.now(UTC) + timedelta(seconds=20)))
    assert renewed.running is True
    result = await_load(injector)
    assert result.exit_code == 0
    assert not any("lease" in w for w in summary_of(result).warnings)


@pytest.mark.slow
def test_stop_load_stops_now_and_keeps_partial_results(
    injector: InjectorRole, targets: dict[str, str]
) -> None:
    start_load(injector, targets["h1"], driver="hey", connections=2, duration_s=30, path="/fast")
    time.sleep(1)
    stopped = injector.handle(StopLoad(run_id=1))
    assert stopped.was_running is True

    summary = summary_of(await_load(injector, timeout_s=5))
    assert summary.warnings[0] == "stopped: StopLoad"
    assert summary.successes > 0
    with pytest.raises(CommandFailed, match="is over"):
        injector.handle(RenewLease(run_id=1, lease_until=datetime.now(UTC) + timedelta(seconds=20)))


@pytest.mark.slow
def test_await_load_is_bounded_and_a_renew_gets_through_while_it_waits(
    injector: InjectorRole, targets: dict[str, str]
) -> None:
    start_load(injector, targets["h1"], driver="wrk", connections=2, duration_s=30, path="/fast", lease_s=3)
    outcome: dict[str, object] = {}

    def wait() -> None:
        try:
            await_load(injector, timeout_s=1)
        except CommandFailed as exc:
            outcome["error"] = str(exc)

    waiter = threading.Thread(target=wait)
    waiter.start()
    injector.handle(RenewLease(run_id=1, lease_until=datetime.now(UTC) + timedelta(seconds=4)))
    waiter.join(10)
    assert "still running after 1 s" in str(outcome.get("error"))
    injector.handle(StopLoad(run_id=1))


@pytest.mark.slow
def test_teardown_kills_the_tool_and_removes_its_files(
    injector: InjectorRole, targets: dict[str, str]
) -> None:
    pid = start_load(injector, targets["h1"], driver="wrk", connections=2, duration_s=30, path="/fast").pid
    workdir = injector.workdir(1)
    assert pid_alive(pid) and workdir.is_dir()
    injector.handle(Teardown(run_id=1))
    assert not pid_alive(pid)
    assert not workdir.exists()
    injector.handle(Teardown(run_id=1))  # idempotent


# ---------------------------------------------------------------- refusals


def test_load_is_refused_for_hosts_outside_the_lab(injector: InjectorRole) -> None:
    with pytest.raises(CommandFailed, match=r"only sends load to 127\.0\.0\.1; 127\.0\.0\.2 is not"):
        start_load(injector, "127.0.0.2:80", driver="hey")
    assert not injector.workdir(1).exists()


def test_a_start_time_long_past_is_refused(injector: InjectorRole, targets: dict[str, str]) -> None:
    command = StartLoad(
        run_id=1,
        profile=LoadProfile(driver="hey", duration_s=1, path="/fast"),
        target_url=f"http://{targets['h1']}",
        start_at=datetime.now(UTC) - timedelta(seconds=5),
        lease_s=10,
    )
    with pytest.raises(CommandFailed, match="too late"):
        injector.handle(command)


def test_a_profile_the_tool_cannot_honour_is_refused(injector: InjectorRole, targets: dict[str, str]) -> None:
    with pytest.raises(CommandFailed, match="Use h2load for h2c"):
        start_load(injector, targets["h2c"], driver="hey", http_version="2")


@pytest.mark.slow
def test_one_load_at_a_time(injector: InjectorRole, targets: dict[str, str]) -> None:
    start_load(injector, targets["h1"], driver="wrk", connections=2, duration_s=30, path="/fast")
    with pytest.raises(CommandFailed, match="already running for run 1"):
        start_load(injector, targets["h1"], run_id=2, driver="hey", duration_s=1, path="/fast")
    injector.handle(StopLoad(run_id=1))


def test_commands_for_a_run_without_load_fail(injector: InjectorRole) -> None:
    with pytest.raises(CommandFailed, match="no load was started for run 99"):
        await_load(injector, run_id=99)


# ---------------------------------------------------------------- who the tools run as


@pytest.mark.slow
@pytest.mark.parametrize("driver", ["hey", "wrk", "h2load", "vegeta"])
def test_each_tool_runs_as_the_load_user_without_privileges(
    injector: InjectorRole, targets: dict[str, str], driver: str
) -> None:
    """From /proc while it runs: the tool (and vegeta's decoder) as the load user, no group, no
    capability, no_new_privs, no environment; its directory and inputs are that user's alone."""
    rate = {"rate": 200.0} if driver == "vegeta" else {}
    started = start_load(
        injector,
        targets["h1"],
        driver=driver,
        connections=2,
        duration_s=3,
        path="/fast",
        method="POST",
        body="x",
        **rate,
    )
    pid = started.pid
    wait_for_exec(pid, driver)
    assert_runs_as(pid, injector.user)
    if driver == "vegeta":  # its decoder, which the agent starts once results appear
        deadline = time.monotonic() + 5
        decoders: list[int] = []
        while not decoders and time.monotonic() < deadline:
            time.sleep(0.05)
            decoders = [p for p in children(os.getpid()) if p != pid and status(p)["Name"] == "vegeta"]
        assert decoders, "no vegeta encode ran"
        for decoder in decoders:
            assert_runs_as(decoder, injector.user)
    if os.geteuid() == 0:
        assert injector.user.switch and injector.user.name == LOAD_USER.default
    workdir = injector.workdir(1)
    assert (workdir.stat().st_uid, stat.S_IMODE(workdir.stat().st_mode)) == (injector.user.uid, 0o700)
    body = workdir / ("vegeta-targets.json" if driver == "vegeta" else "request-body")
    assert (body.stat().st_uid, stat.S_IMODE(body.stat().st_mode)) == (injector.user.uid, 0o600)
    assert injector.capabilities()[LOAD_USER.key] == injector.user.name
    summary = summary_of(await_load(injector))
    assert summary.successes > 0, summary
