"""The Runtime API client, its parsers and the sample naming, on real HAProxy 2.6 output."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from haproxy_upstream import http_upstream, pid_alive
from proxy_setup import rendered, short_runtime_dir

from agents.privileges import HAPROXY_USER, lab_user
from agents.proxy import files
from agents.proxy.metrics import (
    INFO_COUNTERS,
    INFO_GAUGES,
    SERVER_CONN_GAUGES,
    STAT_COUNTERS,
    STAT_GAUGES,
    sample_data,
    split_for_samples,
    take_snapshot,
)
from agents.proxy.process import HAProxyProcess, parse_show_proc
from agents.proxy.readiness import not_ready
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError, parse_servers_conn, parse_stat
from contract.haproxy import Bind, Defaults, Global, HAProxyConfig, Listen, ServerOptions, Timeouts
from contract.results import is_gauge
from dev.services import free_port
from worker.summaries import proxy_summary


@pytest.fixture
def listen_proxy(tmp_path: Path) -> Iterator[tuple[HAProxyProcess, RuntimeApi, int]]:
    """A real HAProxy with one `listen` section in front of a real upstream."""
    port = free_port()
    with short_runtime_dir() as workdir, http_upstream(tmp_path / "upstream") as upstream:
        config = HAProxyConfig(
            global_=Global(maxconn=100),
            defaults=Defaults(timeouts=Timeouts(connect=2000, client=10000, server=10000)),
            listens=[
                Listen(name="app", bind=Bind(address="127.0.0.1", port=port), target_servers=ServerOptions())
            ],
        )
        path = workdir / files.CONFIG_NAME
        path.write_text(rendered(config, workdir, [upstream]))
        process = HAProxyProcess("haproxy", path, workdir, netns=None, user=lab_user(HAPROXY_USER))
        lab_user(HAPROXY_USER).own(workdir)
        process.start()
        try:
            worker = process.wait_for_worker(time.monotonic() + 10)
            api = RuntimeApi(workdir / files.STATS_SOCKET)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                try:
                    if api.show_info().get("Pid") == str(worker):
                        break
                except RuntimeApiError:
                    time.sleep(0.05)
            yield process, api, port
        finally:
            pid = process.pid
            process.stop()
            assert pid is not None and not pid_alive(pid)


def test_stat_is_parsed_by_header_name_whatever_the_column_order() -> None:
    text = "# svname,pxname,scur,type,\nFRONTEND,fe,3,0,\nt1,be,7,2,\n"
    rows = parse_stat(text)
    assert rows == [
        {"svname": "FRONTEND", "pxname": "fe", "scur": "3", "type": "0"},
        {"svname": "t1", "pxname": "be", "scur": "7", "type": "2"},
    ]


def test_servers_conn_is_parsed_by_header_and_drops_the_per_thread_columns() -> None:
    text = (
        "# bkname/svname bkid/svid addr port - purge_delay used_cur used_max need_est unsafe_nb "
        "safe_nb idle_lim idle_cur idle_per_thr[2]\n"
        "be/t1 3/1 127.0.0.1 8081 - 5000 4 9 5 1 2 -1 3 1 2\n"
    )
    (row,) = parse_servers_conn(text)
    assert (row["backend"], row["server"], row["used_cur"], row["used_max"], row["idle_cur"]) == (
        "be",
        "t1",
        "4",
        "9",
        "3",
    )


def test_show_proc_names_the_current_workers_not_the_old_ones() -> None:
    text = (
        "#<PID>          <type>          <reloads>       <uptime>        <version>\n"
        "100             master          2 [failed: 1]   0d00h00m07s     2.6.12\n"
        "# workers\n"
        "300             worker          0               0d00h00m00s     2.6.12\n"
        "# old workers\n"
        "200             worker          1               0d00h00m07s     2.6.12\n"
        "# programs\n"
    )
    status = parse_show_proc(text)
    assert (status.reloads, status.failed_reloads, status.workers) == (2, 1, [300])


def test_every_published_name_reads_as_the_kind_it_is() -> None:
    gauges = [*STAT_GAUGES.values(), *SERVER_CONN_GAUGES.values(), *INFO_GAUGES.values(), "status"]
    counters = [*STAT_COUNTERS, *INFO_COUNTERS.values()]
    assert [name for name in gauges if not is_gauge(name)] == []
    assert [name for name in counters if is_gauge(name)] == []


def test_counter_deltas_survive_a_reset_and_gauges_are_levels() -> None:
    before = take_snapshot({"CumReq": "10", "CurrConns": "4"}, [], [])
    after = take_snapshot({"CumReq": "15", "CurrConns": "2"}, [], [])
    assert sample_data(before, after) == {"PROCESS.cur_conns": 2, "PROCESS.requests": 5}
    reset = take_snapshot({"CumReq": "3", "CurrConns": "2"}, [], [])  # a reload: a new worker
    assert sample_data(after, reset)["PROCESS.requests"] == 3
    assert "PROCESS.requests" not in sample_data(None, after), "no delta without a previous reading"


def test_large_configs_are_split_into_samples_without_cutting_a_row() -> None:
    data = {f"be.s{n}.{field}": n for n in range(30) for field in ("scur", "connect", "bin")}
    parts = split_for_samples(data, max_keys=10)
    assert sum(len(part) for part in parts) == len(data)
    assert all(len(part) <= 10 for part in parts)
    for part in parts:
        rows = {key.rsplit(".", 1)[0] for key in part}
        assert all(sum(k.startswith(row + ".") for k in part) == 3 for row in rows)


def test_a_down_server_is_reported_with_its_check_status() -> None:
    rows = [
        {"pxname": "fe", "svname": "FRONTEND", "type": "0", "status": "OPEN"},
        {
            "pxname": "be",
            "svname": "t1",
            "type": "2",
            "status": "DOWN",
            "check_status": "L4CON",
            "last_chk": "Connection refused",
        },
        {"pxname": "be", "svname": "t2", "type": "2", "status": "UP 1/3", "check_status": "INI"},
        {"pxname": "be", "svname": "t3", "type": "2", "status": "no check", "check_status": ""},
        {"pxname": "be", "svname": "BACKEND", "type": "1", "status": "DOWN"},
    ]
    problems = [p.describe(15) for p in not_ready(rows)]
    assert problems == [
        "server be/t1 is DOWN after 15 s: L4CON (Connection refused)",
        "server be/t2 is UP 1/3 after 15 s: INI",
        "backend be is DOWN after 15 s",
    ]


def test_the_real_runtime_api_answers_and_a_listen_reads_like_a_frontend_and_backend(
    listen_proxy: tuple[HAProxyProcess, RuntimeApi, int],
) -> None:
    process, api, port = listen_proxy
    assert process.status().workers, "the master CLI names the worker"
    info = api.show_info()
    assert info["Maxconn"] == "100"
    before = take_snapshot(info, api.show_stat(), api.show_servers_conn())

    with httpx.Client(timeout=5) as client:
        for _ in range(7):
            assert client.get(f"http://127.0.0.1:{port}/").status_code == 200
    after = take_snapshot(api.show_info(), api.show_stat(), api.show_servers_conn())
    data = sample_data(before, after)

    assert data["app.req_tot"] == 7  # client side: the listen's frontend row
    assert data["app.backend.req_tot"] == 7  # the same field of its backend row
    assert data["FRONTEND.req_tot"] == 7
    assert data["app.hrsp_2xx"] == 7
    assert data["app.t1.hrsp_2xx"] == 7
    assert data["app.connect"] >= 1  # server side: only the backend row has it
    assert "app.backend.connect" not in data
    assert data["app.t1.status"] == 1
    assert "app.t1.used_conns" in data and "app.used_conns" in data
    # One keep-alive connection carried the 7 requests: the worker's figures of this second, as the
    # registry declares them (proxy_requests from req_tot, proxy_max_conn_rate from conn_tot).
    assert data["FRONTEND.conn_tot"] == data["app.conn_tot"] == 1
    second = proxy_summary([{"t": 0, "data": data}], "app", "app", duration_s=1)
    assert (second.requests, second.max_conn_rate, second.hrsp_2xx) == (7, 1, 7)


def test_an_unreachable_socket_is_an_error_not_a_hang(tmp_path: Path) -> None:
    with pytest.raises(RuntimeApiError):
        RuntimeApi(tmp_path / "nothing.sock", timeout_s=1).show_info()
