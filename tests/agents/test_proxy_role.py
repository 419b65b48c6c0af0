"""The proxy role against real HAProxy 2.6 processes on loopback (no namespace)."""

from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from haproxy_upstream import http_upstream, pid_alive
from live_processes import wait_until
from proxy_setup import CollectedSamples, agent_context, proxy_config, rendered, short_runtime_dir
from pydantic import JsonValue

from agents.roles.base import CommandFailed
from agents.roles.proxy import ProxyRole
from contract.protocol import ApplyProxyConfig, StartSampling
from contract.results import is_gauge
from dev.services import free_port

RUN = 1


@pytest.fixture
def upstream(tmp_path: Path) -> Iterator[str]:
    with http_upstream(tmp_path / "upstream") as address:
        yield address


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
    pid = proxy.pid
    proxy.close()
    if pid is not None:
        assert not pid_alive(pid), "close() left HAProxy running"


def apply(role: ProxyRole, config_text: str, run_id: int = RUN, timeout: float = 15) -> dict[str, JsonValue]:
    return role.handle(ApplyProxyConfig(run_id=run_id, config_text=config_text, ready_timeout_s=timeout))


def show_info_value(role: ProxyRole, key: str) -> str:
    return role.api.show_info()[key]


def test_apply_starts_haproxy_and_waits_until_every_server_is_up(role: ProxyRole, upstream: str) -> None:
    port = free_port()
    data = apply(role, rendered(proxy_config(port), role.workdir, [upstream]))

    pid = data.pid
    assert isinstance(pid, int) and pid_alive(pid)
    command_line = data.command_line
    assert isinstance(command_line, list) and "-W" in command_line
    assert any(Path(str(arg)).name == "haproxy" for arg in command_line)  # by absolute path
    assert "HAProxy version 2.6" in str(data.haproxy_version)
    assert "NOTICE" not in str(data.check_output)  # only HAProxy's messages about the config
    rows = {(r["pxname"], r["svname"]): r for r in role.api.show_stat()}
    assert rows[("be", "t1")]["status"] == "UP"
    assert rows[("fe", "FRONTEND")]["status"] == "OPEN"
    # Ready means ready: a request goes through at once.
    assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).text == "ok"


def test_the_runtime_dir_is_reported_for_rendering(role: ProxyRole) -> None:
    assert role.capabilities()["runtime_dir"] == str(role.workdir)
    assert role.workdir.is_dir()


def test_a_runtime_dir_too_long_for_haproxys_sockets_is_refused_up_front(samples: CollectedSamples) -> None:
    long_dir = Path("/tmp") / ("d" * 90)
    with pytest.raises(ValueError, match=r"HAProxy accepts UNIX socket paths of at most 97"):
        ProxyRole(agent_context(long_dir, samples))
    assert not long_dir.exists()


def test_a_config_haproxy_refuses_fails_with_the_alert_and_starts_nothing(
    role: ProxyRole, upstream: str
) -> None:
    text = rendered(proxy_config(free_port()), role.workdir, [upstream])
    text = text.replace("frontend fe\n", "frontend fe\n    bogus-keyword 1\n")

    with pytest.raises(CommandFailed) as failure:
        apply(role, text)

    assert "haproxy -c refused the configuration" in str(failure.value)
    assert "bogus-keyword" in str(failure.value)
    assert role.pid is None
    assert not (role.workdir / "haproxy.cfg").exists()


def test_a_config_rendered_for_another_directory_is_refused(role: ProxyRole, upstream: str) -> None:
    text = rendered(proxy_config(free_port()), Path("/somewhere/else"), [upstream])
    with pytest.raises(CommandFailed, match="render it with runtime_dir="):
        apply(role, text)


def test_a_server_that_stays_down_fails_the_apply_naming_it(role: ProxyRole) -> None:
    closed = f"127.0.0.1:{free_port()}"  # nothing listens there
    with pytest.raises(CommandFailed) as failure:
        apply(role, rendered(proxy_config(free_port()), role.workdir, [closed]), timeout=2)

    assert "server be/t1 is DOWN after 2 s: L4CON" in str(failure.value)
    assert role.pid is None, "a failed apply must stop HAProxy"


def test_reload_applies_a_changed_maxconn_on_a_new_worker(role: ProxyRole, upstream: str) -> None:
    port = free_port()
    first = apply(role, rendered(proxy_config(port, maxconn=200), role.workdir, [upstream]))
    assert show_info_value(role, "Maxconn") == "200"

    second = apply(role, rendered(proxy_config(port, maxconn=300), role.workdir, [upstream]))

    assert show_info_value(role, "Maxconn") == "300"
    assert second.pid == first.pid, "a reload keeps the master"
    assert second.worker_pid != first.worker_pid
    old_worker = first.worker_pid
    assert isinstance(old_worker, int)
    wait_until(lambda: not pid_alive(old_worker), 10, "the old worker to exit")
    assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200


def test_a_new_run_replaces_a_run_that_never_tore_down(role: ProxyRole, upstream: str) -> None:
    port = free_port()
    first = apply(role, rendered(proxy_config(port), role.workdir, [upstream]), run_id=2)
    second = apply(role, rendered(proxy_config(port), role.workdir, [upstream]), run_id=3)
    assert second.pid != first.pid
    assert isinstance(first.pid, int) and not pid_alive(first.pid)


def test_sampling_needs_a_running_haproxy(role: ProxyRole) -> None:
    with pytest.raises(CommandFailed, match="not running for run"):
        role.handle(StartSampling(run_id=RUN, t0=datetime.now(UTC)))


@pytest.mark.slow
def test_per_second_request_deltas_sum_to_what_the_client_sent(
    role: ProxyRole, upstream: str, samples: CollectedSamples
) -> None:
    port = free_port()
    apply(role, rendered(proxy_config(port), role.workdir, [upstream]))
    role.handle(StartSampling(run_id=RUN, t0=datetime.now(UTC)))

    sent = 200
    with httpx.Client(timeout=5) as client:
        statuses = [client.get(f"http://127.0.0.1:{port}/").status_code for _ in range(sent)]
    assert statuses == [200] * sent

    def total(key: str) -> int:
        return sum(int(s.data.get(key, 0)) for s in samples.snapshot())

    wait_until(lambda: total("FRONTEND.req_tot") >= sent, 15, "the sampler to see every request")
    wait_until(lambda: len({s.t for s in samples.snapshot()}) >= 2, 5, "a second tick")
    assert total("FRONTEND.req_tot") == sent
    assert total("fe.req_tot") == sent
    assert total("fe.hrsp_2xx") == sent
    assert total("be.t1.hrsp_2xx") == sent
    # One keep-alive client: http-reuse safe gives its requests few server connections.
    assert 1 <= total("be.t1.connect") < sent

    points = samples.snapshot()
    assert {p.source for p in points} == {"proxy"}
    ts = [p.t for p in points]
    assert ts == sorted(ts) and len(set(ts)) == len(ts), "one sample per second"
    last = points[-1].data
    for gauge in ("fe.scur", "be.t1.qcur", "be.t1.used_conns", "PROCESS.idle_pct", "fe.scur_max"):
        assert gauge in last and is_gauge(gauge)
    for counter in ("fe.req_tot", "be.t1.connect", "be.bin", "PROCESS.requests"):
        assert counter in last and not is_gauge(counter)
    assert last["be.t1.status"] == 1


@pytest.fixture
def scratch_netns() -> Iterator[str]:
    """A throwaway network namespace with loopback up (root only), deleted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root")
    name = f"haplab-test-{uuid.uuid4().hex[:8]}"
    subprocess.run(["ip", "netns", "add", name], check=True, timeout=20)
    try:
        subprocess.run(["ip", "netns", "exec", name, "ip", "link", "set", "lo", "up"], check=True, timeout=20)
        yield name
    finally:
        subprocess.run(["ip", "netns", "delete", name], check=False, timeout=20)


def test_in_a_namespace_haproxy_serves_there_and_is_sampled_from_here(
    tmp_path: Path, runtime_dir: Path, scratch_netns: str, samples: CollectedSamples
) -> None:
    ctx = replace(agent_context(runtime_dir, samples), netns=scratch_netns)
    role = ProxyRole(ctx)
    port = free_port()
    try:
        with http_upstream(tmp_path / "upstream", netns=scratch_netns) as upstream:
            data = apply(role, rendered(proxy_config(port), role.workdir, [upstream]))
            ip_netns_exec = [shutil.which("ip"), "netns", "exec", scratch_netns]
            assert data.command_line[:4] == ip_netns_exec
            inside = subprocess.run(
                [
                    "ip",
                    "netns",
                    "exec",
                    scratch_netns,
                    "curl",
                    "-s",
                    "-o",
                    "/dev/null",
                    "-w",
                    "%{http_code}",
                    f"http://127.0.0.1:{port}/",
                ],
                capture_output=True,
                text=True,
                timeout=20,
                check=False,
            )
            assert inside.stdout == "200"
            with pytest.raises(httpx.ConnectError):  # not on this namespace's loopback
                httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
            assert role.api.show_info()["Maxconn"] == "200"  # the UNIX socket is reachable from here
            pid = data.pid
            role.teardown(RUN)
            assert isinstance(pid, int) and not pid_alive(pid)
    finally:
        role.close()


def test_teardown_stops_haproxy_removes_files_and_is_idempotent(role: ProxyRole, upstream: str) -> None:
    data = apply(role, rendered(proxy_config(free_port()), role.workdir, [upstream]))
    role.handle(StartSampling(run_id=RUN, t0=datetime.now(UTC)))
    pid = data.pid
    assert isinstance(pid, int)

    role.teardown("another-run")  # not its run: nothing happens
    assert pid_alive(pid)

    role.teardown(RUN)
    assert not pid_alive(pid)
    assert list(role.workdir.iterdir()) == []
    role.teardown(RUN)  # again: nothing to do, no error
    assert role.pid is None
