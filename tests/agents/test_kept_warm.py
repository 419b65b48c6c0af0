"""HAProxy and the target servers kept warm between runs (Teardown.keep_warm_s), on real processes.

A kept process is adopted by the next run that asks for exactly the same (same pid, the answer's
reused_from_run), refused on any difference (stopped, started fresh), stopped by its hold's timer
when nobody adopts it, and by any other Teardown; an agent killed while holding it reaps it when
it starts again (the session ledger). An adopted HAProxy counts only the new run's requests.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from haproxy_upstream import http_upstream, pid_alive
from live_processes import wait_until
from proxy_setup import agent_context, proxy_config, short_runtime_dir

from agents.roles.proxy import ProxyRole
from agents.roles.target import TargetRole
from agents.sessions import SessionLedger, use_ledger
from backend.labs.certificates import issue_server, new_authority
from contract.command_results import ProxyStarted, TargetsStarted
from contract.haproxy import RenderContext, render
from contract.haproxy.model import HAProxyConfig
from contract.kept_processes import credential_identity, files_identity
from contract.protocol import ApplyProxyConfig, StartSampling, StartTargets, TlsCredentials
from contract.results import SamplePoint
from contract.target import Endpoint, ManagedTarget
from dev.services import free_port

KEEP_S = 30.0


class SamplesByRun:
    """An emit_samples keeping each run's samples apart."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.by_run: dict[int, list[SamplePoint]] = defaultdict(list)

    def __call__(self, run_id: int, samples: list[SamplePoint]) -> None:
        with self._lock:
            self.by_run[run_id].extend(samples)

    def total(self, run_id: int, key: str, source: str = "proxy") -> int:
        with self._lock:
            return sum(int(s.data.get(key, 0)) for s in self.by_run[run_id] if s.source == source)

    def timer_lines(self, run_id: int) -> int:
        with self._lock:
            return sum(s.timers.lines for s in self.by_run[run_id] if s.timers is not None)

    def logged(self, run_id: int) -> int:
        """The run's request log lines, read or dropped by HAProxy: with HAProxy outside a lab
        namespace (these tests), the socket queues only the host's net.unix.max_dgram_qlen (10)
        datagrams, and a reader held off the CPU for a few milliseconds loses lines, which
        HAProxy counts (PROCESS.dropped_logs)."""
        return self.timer_lines(run_id) + self.total(run_id, "PROCESS.dropped_logs")


@pytest.fixture
def samples() -> SamplesByRun:
    return SamplesByRun()


@pytest.fixture
def proxy(samples: SamplesByRun) -> Iterator[ProxyRole]:
    with short_runtime_dir() as runtime_dir:
        role = ProxyRole(agent_context(runtime_dir, samples))  # type: ignore[arg-type]
        try:
            yield role
        finally:
            pid = role.pid
            role.close()
            if pid is not None:
                assert not pid_alive(pid), "close() left a kept HAProxy running"


@pytest.fixture
def upstream(tmp_path: Path) -> Iterator[str]:
    with http_upstream(tmp_path / "upstream") as address:
        yield address


def config_text(role: ProxyRole, config: HAProxyConfig, upstream: str, one_in: int | None = 1) -> str:
    ctx = RenderContext(target_addresses=[upstream], runtime_dir=str(role.workdir), request_log_one_in=one_in)
    return render(config, ctx)


def apply(role: ProxyRole, run_id: int, text: str, one_in: int | None = 1) -> ProxyStarted:
    started = role.handle(
        ApplyProxyConfig(run_id=run_id, config_text=text, ready_timeout_s=15, request_log_one_in=one_in)
    )
    assert isinstance(started, ProxyStarted)
    return started


def send(port: int, count: int) -> None:
    with httpx.Client(timeout=5) as client:
        statuses = [client.get(f"http://127.0.0.1:{port}/").status_code for _ in range(count)]
    assert statuses == [200] * count


def frontend_row(role: ProxyRole) -> dict[str, str]:
    return next(r for r in role.api.show_stat() if r["pxname"] == "fe" and r["svname"] == "FRONTEND")


# ------------------------------------------------------------------ proxy


def test_the_next_run_with_the_same_config_adopts_the_kept_haproxy_and_counts_only_its_requests(
    proxy: ProxyRole, upstream: str, samples: SamplesByRun
) -> None:
    port = free_port()
    text = config_text(proxy, proxy_config(port), upstream)
    first = apply(proxy, 1, text)
    proxy.handle(StartSampling(run_id=1, t0=datetime.now(UTC)))
    send(port, 300)
    wait_until(lambda: samples.logged(1) >= 300, 15, "run 1's request log")
    proxy.teardown(1, keep_warm_s=KEEP_S)
    assert first.pid is not None and pid_alive(first.pid), "kept: still running"
    assert (proxy.workdir / "haproxy.cfg").exists()

    second = apply(proxy, 2, text)
    assert second.reused_from_run == 1
    assert (second.pid, second.worker_pid) == (first.pid, first.worker_pid)
    # Cleared when adopted: HAProxy's totals and maxima are the new run's, as after a restart.
    row = frontend_row(proxy)
    assert (row["req_tot"], row["smax"], row["stot"]) == ("0", "0", "0"), row
    proxy.handle(StartSampling(run_id=2, t0=datetime.now(UTC)))
    send(port, 120)
    wait_until(lambda: samples.total(2, "FRONTEND.req_tot") >= 120, 15, "run 2's samples")
    wait_until(lambda: samples.logged(2) >= 120, 15, "run 2's request log")
    time.sleep(1.2)  # one more second: nothing else may arrive
    assert samples.total(2, "FRONTEND.req_tot") == 120
    assert samples.logged(2) == 120  # the log socket was bound again for run 2, its lines only
    assert frontend_row(proxy)["req_tot"] == "120"

    proxy.teardown(2)  # no keep: stopped as always
    assert not pid_alive(first.pid)
    assert list(proxy.workdir.iterdir()) == []


def test_a_different_config_is_not_adopted_the_kept_haproxy_stops_and_a_fresh_one_starts(
    proxy: ProxyRole, upstream: str
) -> None:
    port = free_port()
    first = apply(proxy, 1, config_text(proxy, proxy_config(port, maxconn=200), upstream))
    proxy.teardown(1, keep_warm_s=KEEP_S)

    second = apply(proxy, 2, config_text(proxy, proxy_config(port, maxconn=300), upstream))

    assert second.reused_from_run is None
    assert first.pid is not None and not pid_alive(first.pid)
    assert second.pid != first.pid and proxy.api.show_info()["Maxconn"] == "300"
    # The request log's sampling differs: refused too (same text otherwise).
    proxy.teardown(2, keep_warm_s=KEEP_S)
    third = apply(proxy, 3, config_text(proxy, proxy_config(port, maxconn=300), upstream, one_in=2), one_in=2)
    assert third.reused_from_run is None and third.pid != second.pid


def test_files_of_another_authority_are_not_adopted_a_fresh_leaf_of_the_same_one_is(
    proxy: ProxyRole, upstream: str
) -> None:
    port = free_port()
    text = config_text(proxy, proxy_config(port), upstream)
    lab_ca, other_ca = new_authority("kept"), new_authority("other")

    def files(authority: object) -> dict[str, str]:
        issued = issue_server(authority, "haplab-proxy-web", ["127.0.0.1"])  # type: ignore[arg-type]
        return {"files/page.txt": "hello", "certs/web.pem": issued.bundle(authority.certificate_pem)}  # type: ignore[attr-defined]

    def apply_with(run_id: int, given: dict[str, str]) -> ProxyStarted:
        started = proxy.handle(
            ApplyProxyConfig(
                run_id=run_id, config_text=text, ready_timeout_s=15, files=given, request_log_one_in=1
            )
        )
        assert isinstance(started, ProxyStarted)
        return started

    first_files = files(lab_ca)
    first = apply_with(1, first_files)
    proxy.teardown(1, keep_warm_s=KEEP_S)
    second = apply_with(2, files(lab_ca))  # a fresh certificate from the same CA, same name
    assert second.reused_from_run == 1 and second.pid == first.pid
    # The kept process keeps the files it loaded.
    assert (proxy.workdir / "certs/web.pem").read_text() == first_files["certs/web.pem"]

    proxy.teardown(2, keep_warm_s=KEEP_S)
    third = apply_with(3, files(other_ca))
    assert third.reused_from_run is None and third.pid != first.pid
    proxy.teardown(3, keep_warm_s=KEEP_S)
    fourth = apply_with(4, {**files(other_ca), "files/page.txt": "changed"})
    assert fourth.reused_from_run is None and fourth.pid != third.pid


def test_a_kept_haproxy_nobody_adopts_stops_by_itself_and_its_files_go(
    proxy: ProxyRole, upstream: str
) -> None:
    started = apply(proxy, 1, config_text(proxy, proxy_config(free_port()), upstream))
    proxy.teardown(1, keep_warm_s=1.0)
    assert started.pid is not None and pid_alive(started.pid)

    # The hold's timer stops HAProxy, then removes its files: wait for both, not the first alone.
    wait_until(
        lambda: not pid_alive(started.pid) and proxy.pid is None and not list(proxy.workdir.iterdir()),
        8,
        "the kept HAProxy to stop and its files to go when its hold expired",
    )


def test_any_other_runs_teardown_stops_a_kept_haproxy_its_own_again_keeps_it(
    proxy: ProxyRole, upstream: str
) -> None:
    started = apply(proxy, 1, config_text(proxy, proxy_config(free_port()), upstream))
    proxy.teardown(1, keep_warm_s=KEEP_S)
    proxy.teardown(1, keep_warm_s=KEEP_S)  # a repeated teardown of the same run: still kept
    assert started.pid is not None and pid_alive(started.pid)

    proxy.teardown(7)  # the reaper's, or a later run that never adopted it
    assert not pid_alive(started.pid)


def test_an_agent_killed_while_holding_a_kept_haproxy_reaps_it_when_it_starts_again(
    proxy: ProxyRole, upstream: str, tmp_path: Path
) -> None:
    ledger = SessionLedger(tmp_path / "sessions")
    use_ledger(ledger)
    try:
        started = apply(proxy, 1, config_text(proxy, proxy_config(free_port()), upstream))
        proxy.teardown(1, keep_warm_s=KEEP_S)
        assert started.pid is not None and pid_alive(started.pid)
        # The agent dies here without closing its roles; the next agent process reaps its ledger.
        reaped = SessionLedger(tmp_path / "sessions").reap_leftovers()
    finally:
        use_ledger(None)
    assert started.pid in [entry.pid for entry in reaped]
    assert not pid_alive(started.pid)


# ------------------------------------------------------------------ target


TARGET = ManagedTarget(servers=2, endpoints=[Endpoint(path="/fast")])
LAB_CA = new_authority("kept targets")


def start_targets(
    role: TargetRole, run_id: int, target: ManagedTarget, authority: object = None
) -> TargetsStarted:
    tls = None
    if target.tls:  # as the worker sends it: the leaf, then the CA (worker/phases/tls_files.py)
        issued = issue_server(authority, "haplab-target", ["127.0.0.1"])  # type: ignore[arg-type]
        tls = TlsCredentials(
            certificate_pem=issued.certificate_pem + authority.certificate_pem,  # type: ignore[attr-defined]
            private_key_pem=issued.private_key_pem,
        )
    started = role.handle(StartTargets(run_id=run_id, target=target, tls=tls))
    assert isinstance(started, TargetsStarted)
    return started


@pytest.fixture
def target(runtime_dir: Path) -> Iterator[TargetRole]:
    from agents.roles.base import AgentContext

    role = TargetRole(AgentContext.local("target-1", runtime_dir))
    yield role
    role.close()


def test_targets_asked_the_same_are_adopted_with_their_addresses_a_different_ask_starts_afresh(
    target: TargetRole,
) -> None:
    first = start_targets(target, 1, TARGET)
    target.teardown(1, keep_warm_s=KEEP_S)
    assert first.pid is not None and pid_alive(first.pid)

    second = start_targets(target, 2, TARGET)
    assert second.reused_from_run == 1
    assert (second.pid, second.addresses) == (first.pid, first.addresses)
    for address in second.addresses:
        assert httpx.get(f"http://{address}/fast", timeout=5).status_code == 200

    target.teardown(2, keep_warm_s=KEEP_S)
    other = ManagedTarget(servers=2, endpoints=[Endpoint(path="/fast", delay_ms=5)])
    third = start_targets(target, 3, other)
    assert third.reused_from_run is None and not pid_alive(first.pid)
    target.teardown(3)
    assert third.pid is not None and not pid_alive(third.pid)
    assert list(target.root.iterdir()) == []


def test_tls_targets_are_adopted_with_a_fresh_leaf_of_the_same_ca_not_of_another(target: TargetRole) -> None:
    tls_target = TARGET.model_copy(update={"tls": True})
    first = start_targets(target, 1, tls_target, LAB_CA)
    target.teardown(1, keep_warm_s=KEEP_S)
    second = start_targets(target, 2, tls_target, LAB_CA)
    assert second.reused_from_run == 1 and second.pid == first.pid

    target.teardown(2, keep_warm_s=KEEP_S)
    third = start_targets(target, 3, tls_target, new_authority("another lab"))
    assert third.reused_from_run is None and third.pid != first.pid


def test_kept_targets_nobody_adopts_stop_by_themselves_and_their_directory_goes(target: TargetRole) -> None:
    first = start_targets(target, 1, TARGET)
    target.teardown(1, keep_warm_s=1.0)
    assert first.pid is not None and pid_alive(first.pid)
    wait_until(lambda: not pid_alive(first.pid), 8, "the kept nginx to stop when its hold expired")
    wait_until(lambda: list(target.root.iterdir()) == [], 5, "the kept servers' directory to go")


# ------------------------------------------------------------------ identities


def test_a_credentials_identity_is_its_chain_without_the_leaf_and_key() -> None:
    lab_ca, other_ca = new_authority("a"), new_authority("b")

    def bundle(authority: object) -> str:
        issued = issue_server(authority, "haplab-proxy-web", ["10.0.0.1"])  # type: ignore[arg-type]
        return issued.bundle(authority.certificate_pem)  # type: ignore[attr-defined]

    assert credential_identity(bundle(lab_ca)) == credential_identity(bundle(lab_ca))
    assert credential_identity(bundle(lab_ca)) != credential_identity(bundle(other_ca))
    # Without a chain nothing names the issuer: compared whole, so never the same twice.
    leaf_only = issue_server(lab_ca, "x", ["10.0.0.1"])
    leaf_again = issue_server(lab_ca, "x", ["10.0.0.1"])
    assert credential_identity(leaf_only.bundle()) != credential_identity(leaf_again.bundle())
    # A file without a key (the CA itself, a page) is its bytes.
    assert credential_identity(lab_ca.certificate_pem) == lab_ca.certificate_pem
    assert files_identity({"files/a": "x"}) == {"files/a": "x"}
