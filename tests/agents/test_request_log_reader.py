"""The proxy agent's request log reader against real HAProxy 2.6 on loopback: the rendered config
logs every request to the agent's socket, real clients send real requests, and the timers
samples say where the time went (agents.proxy.request_log)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from haproxy_upstream import pid_alive
from live_processes import wait_until
from proxy_setup import CollectedSamples, agent_context, short_runtime_dir

from agents.proxy.request_log import RequestLogReader, bind_log_socket
from agents.roles.proxy import ProxyRole
from common.latency_histograms import merge
from common.process_groups import stop_session
from contract.haproxy import (
    Backend,
    Bind,
    Defaults,
    Frontend,
    Global,
    HAProxyConfig,
    RenderContext,
    ServerOptions,
    Timeouts,
    render,
)
from contract.protocol import ApplyProxyConfig, StartSampling
from contract.request_timers import TimerSecond
from contract.results import SamplePoint
from dev.services import free_port, wait_for_port

RUN = 1
SLOW_MS = 50
SLOW_UPSTREAM = """\
global
    maxconn 500
    lua-load {lua}
defaults
    mode http
    timeout connect 2s
    timeout client 10s
    timeout server 10s
frontend upstream
    bind 127.0.0.1:{port}
    http-request use-service lua.slow
"""
# core.msleep yields to HAProxy's scheduler: requests wait side by side, as behind a real server.
SLOW_LUA = f"""\
core.register_service("slow", "http", function(applet)
    core.msleep({SLOW_MS})
    applet:set_status(200)
    applet:start_response()
    applet:send("ok")
end)
"""


@contextlib.contextmanager
def slow_upstream(directory: Path) -> Iterator[str]:
    """A real HTTP server answering every request after SLOW_MS (a HAProxy Lua service)."""
    port = free_port()
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "slow.lua").write_text(SLOW_LUA)
    config = directory / "slow.cfg"
    config.write_text(SLOW_UPSTREAM.format(port=port, lua=directory / "slow.lua"))
    proc = subprocess.Popen(
        ["haproxy", "-db", "-f", str(config)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_for_port(port, 10, proc)
        yield f"127.0.0.1:{port}"
    finally:
        stop_session(proc, [(signal.SIGTERM, 10)], kill_wait_s=10)


@pytest.fixture
def samples() -> CollectedSamples:
    return CollectedSamples()


@pytest.fixture
def runtime_dir() -> Iterator[Path]:
    with short_runtime_dir() as path:
        yield path


@pytest.fixture
def role(runtime_dir: Path, samples: CollectedSamples) -> Iterator[ProxyRole]:
    proxy = ProxyRole(agent_context(runtime_dir, samples))
    yield proxy
    proxy.close()


@pytest.fixture
def upstreams(tmp_path: Path) -> Iterator[list[str]]:
    with slow_upstream(tmp_path / "a") as first, slow_upstream(tmp_path / "b") as second:
        yield [first, second]


def config(port: int, *, server_maxconn: int | None, abort_on_close: bool = False) -> HAProxyConfig:
    return HAProxyConfig(
        global_=Global(maxconn=200),
        defaults=Defaults(
            mode="http",
            timeouts=Timeouts(connect=2000, client=10000, server=10000, queue=10000),
            options=["abortonclose"] if abort_on_close else [],
        ),
        frontends=[Frontend(name="fe", bind=Bind(address="127.0.0.1", port=port), default_backend="be")],
        backends=[Backend(name="be", target_servers=ServerOptions(maxconn=server_maxconn))],
    )


def start(role: ProxyRole, text: str, one_in: int = 1) -> None:
    role.handle(ApplyProxyConfig(run_id=RUN, config_text=text, ready_timeout_s=15, request_log_one_in=one_in))
    role.handle(StartSampling(run_id=RUN, t0=datetime.now(UTC)))


def closed_loop(port: int, clients: int, seconds: float, timeout_s: float = 10.0) -> Counter[str]:
    """`clients` threads, each sending one request after another for `seconds`: outcomes counted."""
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client() -> None:
        with httpx.Client(timeout=timeout_s) as http:
            while time.monotonic() < deadline:
                try:
                    outcome = str(http.get(f"http://127.0.0.1:{port}/").status_code)
                except httpx.TimeoutException:
                    outcome = "timeout"
                    time.sleep(0.01)
                except httpx.TransportError:  # HAProxy stopped or killed under it
                    outcome = "error"
                    time.sleep(0.05)
                with lock:
                    outcomes[outcome] += 1

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + timeout_s + 5)
    return outcomes


def timer_seconds(samples: CollectedSamples) -> list[SamplePoint]:
    return [s for s in samples.snapshot() if s.source == "timers"]


def settled(samples: CollectedSamples, expected_lines: int) -> list[TimerSecond]:
    """The timers seconds once they hold `expected_lines` lines (every request ended is logged)."""

    def enough() -> list[TimerSecond] | None:
        seconds = [s.timers for s in timer_seconds(samples) if s.timers is not None]
        return seconds if sum(s.lines for s in seconds) >= expected_lines else None

    seconds: list[TimerSecond] = wait_until(enough, 10, f"{expected_lines} logged lines")
    return seconds


def ms_at(seconds: list[TimerSecond], scope: str, timer: str, percentile: float) -> float:
    blobs = [s.histograms[scope][timer] for s in seconds if timer in s.histograms.get(scope, {})]
    return float(merge(blobs).get_value_at_percentile(percentile)) / 1000


def test_a_server_maxconn_1_puts_the_wait_in_tw_and_the_server_time_in_tr(
    role: ProxyRole, upstreams: list[str], samples: CollectedSamples
) -> None:
    """8 closed-loop clients, one connection slot, a 50 ms server: each request waits ~7 x 50 ms
    in HAProxy's queue (Tw) and then 50 ms at the server (Tr)."""
    port = free_port()
    start(
        role,
        render(
            config(port, server_maxconn=1),
            RenderContext(
                target_addresses=upstreams[:1], runtime_dir=str(role.workdir), request_log_one_in=1
            ),
        ),
    )
    outcomes = closed_loop(port, clients=8, seconds=3)
    requests = sum(outcomes.values())
    assert outcomes["200"] == requests > 20, outcomes

    seconds = settled(samples, requests)
    assert sum(s.lines for s in seconds) == requests  # every request logged, once
    assert sum(s.unparsed for s in seconds) == 0
    assert all(s.one_in == 1 for s in seconds)
    tw_p50, tr_p50 = ms_at(seconds, "*", "tw", 50), ms_at(seconds, "*", "tr", 50)
    assert 5 * SLOW_MS <= tw_p50 <= 9 * SLOW_MS, tw_p50
    assert SLOW_MS - 5 <= tr_p50 <= SLOW_MS + 30, tr_p50
    assert ms_at(seconds, "be", "tw", 50) == tw_p50  # the backend's scope holds the same requests
    assert "be/t1" not in seconds[0].histograms  # one server: no per-server scope
    states: Counter[str] = Counter()
    for second in seconds:
        states.update(second.states.get("*", {}))
    assert states == {"--": requests}
    queued = sum(s.queued for s in seconds)
    assert queued >= requests * 0.8, (queued, requests)  # all but the first few waited
    assert sum(s.with_server for s in seconds) == requests
    assert sum(s.sum_checked for s in seconds) == requests
    assert sum(s.sum_mismatches for s in seconds) == 0
    # Where the time went: every band's phase sums add up to its total.
    for second in seconds:
        for band in second.bands:
            assert sum(band.sums_ms.values()) == band.total_ms
    # httpx keeps its connections alive and http-reuse safe keeps the server's: few new ones.
    assert 1 <= sum(s.connections for s in seconds) <= 16
    # The proxy sampler counts what HAProxy could not send.
    proxy = [s for s in samples.snapshot() if s.source == "proxy"]
    assert sum(int(s.data.get("PROCESS.dropped_logs", 0)) for s in proxy) == 0
    assert any("PROCESS.dropped_logs" in s.data for s in proxy)


def test_two_servers_get_a_scope_each_and_client_timeouts_show_as_client_states(
    role: ProxyRole, upstreams: list[str], samples: CollectedSamples
) -> None:
    """Clients giving up after 20 ms on a 50 ms server (abortonclose: HAProxy notices at once):
    HAProxy logs the requests they aborted with a client-side state (C.), and their Tr as -1,
    counted by state."""
    port = free_port()
    start(
        role,
        render(
            config(port, server_maxconn=None, abort_on_close=True),
            RenderContext(target_addresses=upstreams, runtime_dir=str(role.workdir), request_log_one_in=1),
        ),
    )
    closed_loop(port, clients=4, seconds=2, timeout_s=0.02)
    time.sleep(1)
    wait_until(lambda: sum(s.timers.lines for s in timer_seconds(samples) if s.timers) > 10, 10, "lines")
    seconds = [s.timers for s in timer_seconds(samples) if s.timers is not None]
    states: Counter[str] = Counter()
    for second in seconds:
        states.update(second.states.get("*", {}))
    client_states = {state: n for state, n in states.items() if state[0] in "Cc"}
    assert client_states, states
    print("states seen:", dict(states))
    scopes = {scope for second in seconds for scope in second.states}
    assert {"*", "be", "be/t1", "be/t2"} <= scopes, scopes
    unset_by_state: Counter[str] = Counter()
    for second in seconds:
        unset_by_state.update(second.unset.get("tr", {}))
    assert unset_by_state and all(state[0] in "Cc" for state in unset_by_state), unset_by_state


def test_an_open_loop_of_known_rate_is_sampled_one_in_n(
    role: ProxyRole, upstreams: list[str], samples: CollectedSamples
) -> None:
    port = free_port()
    start(
        role,
        render(
            config(port, server_maxconn=None),
            RenderContext(
                target_addresses=upstreams[:1], runtime_dir=str(role.workdir), request_log_one_in=4
            ),
        ),
        one_in=4,
    )
    requests = sum(closed_loop(port, clients=8, seconds=2).values())
    time.sleep(1.5)
    seconds = [s.timers for s in timer_seconds(samples) if s.timers is not None]
    lines = sum(s.lines for s in seconds)
    assert all(s.one_in == 4 for s in seconds)
    assert requests / 4 - 2 <= lines <= requests / 4 + 2, (lines, requests)  # HAProxy's 1:4 is exact


@pytest.mark.parametrize("how", ["SIGSTOP", "SIGKILL"])
def test_haproxy_stopped_or_killed_mid_run_neither_hangs_nor_ends_the_reader(
    how: str, role: ProxyRole, upstreams: list[str], samples: CollectedSamples
) -> None:
    port = free_port()
    start(
        role,
        render(
            config(port, server_maxconn=None),
            RenderContext(
                target_addresses=upstreams[:1], runtime_dir=str(role.workdir), request_log_one_in=1
            ),
        ),
    )
    traffic = threading.Thread(target=closed_loop, args=(port, 4, 3.0, 0.5))
    traffic.start()
    time.sleep(1)
    worker = role._worker_pid
    assert worker is not None
    os.kill(worker, signal.SIGSTOP if how == "SIGSTOP" else signal.SIGKILL)
    before = len(timer_seconds(samples))
    time.sleep(2.2)
    if how == "SIGSTOP":
        os.kill(worker, signal.SIGCONT)
    traffic.join(10)
    reader = role._log_reader
    assert reader is not None and reader.running  # the reader lives on
    assert len(timer_seconds(samples)) >= before + 2  # and its seconds keep coming (empty ones too)
    began = time.monotonic()
    role.teardown(RUN)
    assert time.monotonic() - began < 15
    assert not reader.running
    if how == "SIGKILL":
        assert not pid_alive(worker)


def test_the_socket_is_haproxys_users_alone_and_a_foreign_line_is_counted_not_guessed(
    runtime_dir: Path,
) -> None:
    from agents.privileges import HAPROXY_USER, lab_user

    user = lab_user(HAPROXY_USER)
    sock, granted = bind_log_socket(runtime_dir, user)
    emitted: list[SamplePoint] = []
    reader = RequestLogReader(sock, 1, time.time() - 0.5, emitted.extend)
    reader.start()
    try:
        path = runtime_dir / "timers.sock"
        assert path.stat().st_mode & 0o777 == 0o600 and path.stat().st_uid == user.uid
        assert granted >= 1024 * 1024
        import socket as socket_module

        with socket_module.socket(socket_module.AF_UNIX, socket_module.SOCK_DGRAM) as sender:
            sender.sendto(b"hl1h 0 0 0 0 0 1 0 1 1 -- be t1 0 0 0 40000 200", str(path))
            sender.sendto(b"<134>Nov 27 haproxy[1]: 127.0.0.1 GET /", str(path))
            sender.sendto(b"hl1h +0 0 0 0 0 1 0 1 1 -- be t1 0 0 0 40000 200", str(path))  # logasap's '+'
        wait_until(
            lambda: sum(s.timers.lines + s.timers.unparsed for s in emitted if s.timers) == 3, 5, "3 lines"
        )
        assert sum(s.timers.unparsed for s in emitted if s.timers) == 2
    finally:
        reader.stop()
        sock.close()


def _queued_before_refusal(path: Path, tries: int = 2_000) -> int:
    """Datagrams a sender gets into the socket at `path`, nobody reading, before the kernel says
    EAGAIN (HAProxy then counts the line in DroppedLogs)."""
    import socket as socket_module

    with socket_module.socket(socket_module.AF_UNIX, socket_module.SOCK_DGRAM) as sender:
        sender.setblocking(False)
        for sent in range(tries):
            try:
                sender.sendto(b"hl1h 0 0 0 0 0 1 0 1 1 -- be t1 0 0 0 40000 200", str(path))
            except BlockingIOError:
                return sent
    return tries


@pytest.fixture
def namespace() -> Iterator[str]:
    from dev.lab_netns import netns_usable

    if (why := netns_usable()) is not None:
        pytest.skip(f"no network namespaces: {why}")
    name = f"hltest-timers-{os.getpid()}"
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        yield name
    finally:
        subprocess.run(["ip", "netns", "delete", name], check=False)


def test_in_a_lab_namespace_the_socket_queues_thousands_of_lines_and_the_host_keeps_its_limit(
    runtime_dir: Path, namespace: str
) -> None:
    """net.unix.max_dgram_qlen (10 on Debian 12) caps the datagrams a unix socket queues: the
    socket made inside the lab's namespace gets that namespace's limit raised; the host's is not
    touched, and a socket made outside keeps it."""
    from agents.privileges import HAPROXY_USER, lab_user
    from agents.proxy.request_log import DGRAM_QUEUE

    host_limit = int(Path("/proc/sys/net/unix/max_dgram_qlen").read_text())
    user = lab_user(HAPROXY_USER)
    inside, _ = bind_log_socket(runtime_dir, user, namespace)
    try:
        # Now the sender's own buffer is the limit (a unix datagram is charged to its sender until
        # read: ~280 short lines of the default 208 KiB, HAProxy's too).
        assert _queued_before_refusal(runtime_dir / "timers.sock") > 20 * host_limit
    finally:
        inside.close()
    assert int(Path("/proc/sys/net/unix/max_dgram_qlen").read_text()) == host_limit
    assert host_limit < DGRAM_QUEUE
    outside, _ = bind_log_socket(runtime_dir, user)
    try:
        assert _queued_before_refusal(runtime_dir / "timers.sock") <= host_limit + 1
    finally:
        outside.close()


def test_a_batching_reader_in_a_lab_namespace_reads_a_burst_whole(runtime_dir: Path, namespace: str) -> None:
    """The lab's reader drains the socket, then waits BATCH_WAIT_S instead of waking for each line:
    a burst of 250 lines sent without a pause arrives whole, none refused."""
    from agents.privileges import HAPROXY_USER, lab_user
    from agents.proxy.request_log import BATCH_WAIT_S

    sock, _ = bind_log_socket(runtime_dir, lab_user(HAPROXY_USER), namespace)
    emitted: list[SamplePoint] = []
    reader = RequestLogReader(sock, 1, time.time() - 0.5, emitted.extend, batch_wait_s=BATCH_WAIT_S)
    reader.start()
    try:
        for _ in range(4):
            assert _queued_before_refusal(runtime_dir / "timers.sock", tries=250) == 250
            time.sleep(0.05)
        wait_until(lambda: reader.lines_read == 1_000, 5, "1,000 lines read")
        wait_until(
            lambda: sum(s.timers.lines for s in emitted if s.timers) == 1_000, 5, "1,000 lines emitted"
        )
    finally:
        reader.stop()
        sock.close()
