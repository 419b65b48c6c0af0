"""Seed 001 end to end: MariaDB behind a TCP-mode HAProxy, mariadb-slap, a direct baseline.

From the seed 001 template (contract.examples), scaled down: 40 clients each run their share of the
queries on one connection; HAProxy's server maxconn 10 lets only 10 of them reach MariaDB at a
time, the others wait in HAProxy's queue. The query is `SELECT SLEEP(0.02)`, so the times are
set by timers, not by the CPU of this shared box: 2000 queries x 20 ms = 40 s of sleeping per
iteration, which 10 server sessions need at least 4 s for, and 40 direct clients about 1 s.

One experiment, one sweep axis `load.via` = proxy, direct: both runs on the local lab (real
agents, HAProxy, MariaDB, mariadb-slap, worker and API). mariadb-slap runs a number of queries,
not a duration, and a run whose queries fill less than half its window is too short to measure
(partial): so the direct run, four times faster an iteration, runs four times the iterations
(linked to the axis), and both fill most of the 10 s window.
"""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from run_helpers import TERMINAL, Api

from agents.privileges import HAPROXY_USER, LOAD_USER, TARGET_USER, UserKind, lab_user
from contract.examples import seed_001_mariadb_maxconn
from tests.agents.lab_processes import CAP_NET_BIND_SERVICE, assert_runs_as

pytestmark = pytest.mark.slow

CLIENTS = 40
SERVER_MAXCONN = 10
QUERY_S = 0.02
QUERIES = 2000
ITERATIONS = {"proxy": 2, "direct": 8}  # ~8 s each: 4 s and 1 s an iteration
DURATION_S = 10
LISTEN = "mysql"  # the template's listen section; its one server is t1


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Iterator[Api]:
    local_lab.open_direct_path()  # netns lab: the injector may reach the target only this way
    yield Api(local_lab.api_url, local_lab.token)
    local_lab.close_direct_path()  # as the other tests of the shared lab expect it


def seed_001_scaled_down() -> dict[str, Any]:
    doc = seed_001_mariadb_maxconn().model_dump(mode="json", by_alias=True)
    doc["proxy"]["listens"][0]["target_servers"]["maxconn"] = SERVER_MAXCONN
    doc["target"]["rows"] = 10
    doc["load"].update(connections=CLIENTS, duration_s=DURATION_S)
    doc["load"]["sql"].update(
        query=f"SELECT SLEEP({QUERY_S})", number_of_queries=QUERIES, iterations=ITERATIONS["proxy"]
    )
    doc["sweep"] = {
        "axes": [
            {
                "path": "load.via",
                "values": list(ITERATIONS),
                "label": "via",
                "linked": [{"path": "load.sql.iterations", "values": list(ITERATIONS.values())}],
            }
        ]
    }
    return doc


def proxy_seconds(api: Api, run_id: int) -> list[dict[str, Any]]:
    return [s["data"] for s in api.samples(run_id).get("proxy", []) if s["t"] >= 0]


def runs(argv: list[str], program: str) -> bool:
    """`argv` starts `program` (agents start programs by absolute path)."""
    return any(Path(arg).name == program for arg in argv)


def argv_of(run: dict[str, Any], program: str) -> list[str]:
    lines = [argv for argvs in run["command_lines"].values() for argv in argvs if runs(argv, program)]
    assert len(lines) == 1, run["command_lines"]
    return list(lines[0])


def slap_argv(run: dict[str, Any]) -> list[str]:
    """mariadb-slap's own arguments, from its program on (after `ip netns exec`, setpriv)."""
    argv = argv_of(run, "mariadb-slap")
    return argv[next(i for i, arg in enumerate(argv) if Path(arg).name == "mariadb-slap") :]


def assert_started_as(argv: list[str], user: str) -> None:
    """A root agent starts the lab's processes through setpriv as `user`, never as itself."""
    if os.geteuid() != 0:
        return
    entry = pwd.getpwnam(user)
    drop = next(i for i, arg in enumerate(argv) if Path(arg).name == "setpriv")
    assert f"--reuid={entry.pw_uid}" in argv[drop:] and "--no-new-privs" in argv[drop:], argv


# What each of the lab's processes runs as (its comm), and what it keeps of root's capabilities.
LAB_PROCESSES: dict[str, tuple[str, UserKind, int]] = {
    "haproxy": ("proxy", HAPROXY_USER, CAP_NET_BIND_SERVICE),
    "mariadbd": ("target", TARGET_USER, 0),
    "mariadb-slap": ("injector", LOAD_USER, 0),
}


def check_lab_processes_while(api: Api, local_lab: Any, run_id: int, timeout_s: float) -> set[str]:
    """Until the run ends, every process of LAB_PROCESSES in the lab's namespaces, read from /proc
    as soon as it is seen: its user, groups, capabilities, no_new_privs and (empty) environment.
    Returns the programs seen."""
    seen: set[str] = set()
    checked: set[int] = set()
    deadline = time.monotonic() + timeout_s
    while api.call("GET", f"/runs/{run_id}")["state"] not in TERMINAL:
        assert time.monotonic() < deadline, f"run {run_id} still running after {timeout_s} s"
        for comm, (role, kind, capabilities) in LAB_PROCESSES.items():
            netns = local_lab.hosts[role].netns
            pids = subprocess.run(["ip", "netns", "pids", netns], capture_output=True, text=True, timeout=5)
            for pid in map(int, pids.stdout.split()):
                try:
                    if pid in checked or Path(f"/proc/{pid}/comm").read_text().strip() != comm:
                        continue
                    assert_runs_as(pid, lab_user(kind), capabilities, own_variables="HAPROXY_")
                except FileNotFoundError:
                    continue  # gone meanwhile
                checked.add(pid)
                seen.add(comm)
        time.sleep(0.2)
    return seen


def test_server_maxconn_queues_clients_in_haproxy_and_direct_is_the_baseline(
    api: Api, local_lab: Any
) -> None:
    proxied_id, direct_id = api.launch("seed-001", seed_001_scaled_down(), local_lab.lab_id)
    if os.geteuid() == 0 and local_lab.topology is not None:
        # The lab's own HAProxy, MariaDB and mariadb-slap, from /proc while the run is on.
        assert check_lab_processes_while(api, local_lab, proxied_id, 120) == set(LAB_PROCESSES)
    proxied = api.wait_finished(proxied_id, 120)
    direct = api.wait_finished(direct_id, 90)

    for run, via in ((proxied, "proxy"), (direct, "direct")):
        assert run["state"] == "succeeded", run["error"]
        [injector] = run["summary"]["injectors"]
        sql = injector["sql"]
        assert sql["clients"] == CLIENTS and sql["iterations"] == ITERATIONS[via]
        assert sql["queries_per_client"] == QUERIES // CLIENTS
        assert 0 < sql["min_s"] <= sql["avg_s"] <= sql["max_s"]
        assert sql["queries_per_s"] > 0 and run["summary"]["total"]["rps"] > 0
        assert run["summary"]["total"]["successes"] == QUERIES * ITERATIONS[via]
        assert run["summary"]["total"]["errors"]["total"] == 0, injector["warnings"]
        # mariadb-slap times no query: said so, never "nothing succeeded"; its rate is its own run's.
        total = run["summary"]["total"]
        assert total["latency"] is None and total["latency_note"] == "not measured by mariadb-slap"
        assert total["window_source"] == "tool_totals" and not run["summary"]["completeness"]["too_short"]
        argv = slap_argv(run)
        assert argv[1].startswith("--defaults-file=")  # password in a file
        assert not any(arg.startswith(("--password", "-p")) for arg in argv)
        assert next(a for a in argv if a.startswith("--query=")).endswith("/query.sql")  # never the text
        assert_started_as(argv_of(run, "mariadb-slap"), LOAD_USER.default)
        assert_started_as(argv_of(run, "mariadbd"), TARGET_USER.default)

    # The template's thresholds state the conclusion: at most server maxconn connections reached
    # MariaDB, the other clients queued, no query failed. The direct run: only the last applies.
    texts = [r["text"] for r in proxied["thresholds"]["results"]]
    assert proxied["thresholds"]["passed"] and len(texts) == 3, proxied["thresholds"]
    assert proxied["thresholds"]["results"][0]["value"] == SERVER_MAXCONN, proxied["thresholds"]
    assert direct["thresholds"]["passed"], direct["thresholds"]
    assert [r["text"] for r in direct["thresholds"]["results"]] == ["errors_total == 0"]

    # The proxied run went through HAProxy's listen port, the direct one to MariaDB itself.
    assert "--port=3308" in slap_argv(proxied)
    assert "--port=3308" not in slap_argv(direct)
    assert f"--host={local_lab.addresses['target']}" in slap_argv(direct)

    # maxconn bounds concurrent server sessions: never more than 10 at MariaDB (scur each
    # second, and HAProxy's own maximum in between), while the other clients queue in HAProxy.
    seconds = proxy_seconds(api, proxied_id)
    assert len(seconds) >= 3, seconds
    server_scur = [s[f"{LISTEN}.t1.scur"] for s in seconds if f"{LISTEN}.t1.scur" in s]
    server_smax = [s[f"{LISTEN}.t1.scur_max"] for s in seconds if f"{LISTEN}.t1.scur_max" in s]
    assert server_scur and max(server_scur) <= SERVER_MAXCONN, server_scur
    assert server_smax and max(server_smax) == SERVER_MAXCONN, server_smax  # reached, never passed
    queued = [s.get(f"{LISTEN}.qcur", 0) + s.get(f"{LISTEN}.t1.qcur", 0) for s in seconds]
    assert max(queued) > 0, queued
    assert run_summary_proxy(proxied)["max_qcur"] > 0

    # TCP mode still gives the connection counters: every client connected, none failed.
    econ = [s[f"{LISTEN}.econ"] for s in seconds if f"{LISTEN}.econ" in s]
    assert econ and sum(econ) == 0, econ
    assert proxied["environment"]["agents"]["target-1"]["capabilities"]["database_server"].startswith(
        "mariadb/10.11"
    )

    # HAProxy's log of the sessions (TCP mode: a line per client session, with only the timers TCP
    # has): the clients beyond the server's maxconn waited in HAProxy's queue (Tw) before their
    # connection to MariaDB; none of HTTP's timers is invented.
    timers = proxied["summary"]["timers"]
    print(f"seed 001 log: {timers and {k: timers[k] for k in ('lines', 'one_in', 'states', 'tw', 'tc')}}")
    assert timers is not None and timers["mode"] == "tcp", timers
    assert timers["lines"] > 0 and timers["tw"]["max"] > 0, timers
    assert timers["treq"] is None and timers["tr"] is None and timers["ta"] is None, timers

    # The direct run bypassed HAProxy: no server connection through it at all.
    assert sum(s.get(f"{LISTEN}.connect", 0) for s in proxy_seconds(api, direct_id)) == 0
    assert sum(s.get(f"{LISTEN}.connect", 0) for s in seconds) >= CLIENTS

    # Timers, not CPU: 10 sessions need at least QUERIES x QUERY_S / 10 = 4 s per iteration;
    # 40 direct clients about 1 s. The ratio is about clients / maxconn = 4.
    floor_s = QUERIES * QUERY_S / SERVER_MAXCONN
    proxied_s = proxied["summary"]["injectors"][0]["sql"]["avg_s"]
    direct_s = direct["summary"]["injectors"][0]["sql"]["avg_s"]
    print(
        f"seed 001: proxied {proxied_s} s/iteration ({proxied['summary']['total']['rps']} q/s), "
        f"direct {direct_s} s ({direct['summary']['total']['rps']} q/s), server scur max "
        f"{max(server_scur)}, queue max {max(queued)}"
    )
    assert proxied_s >= 0.95 * floor_s, (proxied_s, floor_s)
    assert proxied_s >= 2 * direct_s, (proxied_s, direct_s)


def test_queries_that_fill_a_fraction_of_the_window_are_too_short_to_measure(
    api: Api, local_lab: Any
) -> None:
    """The browser suite's seed 001 before: 2,000 quick queries done in 0.2 s of the 5 s asked,
    shown as "8,928.6 req/s" with a failed threshold from a few samples. Now the run is partial,
    says why, and judges no rule on it."""
    doc = seed_001_scaled_down()
    doc["sweep"] = {"axes": []}
    doc["load"]["sql"].update(query="SELECT 1", iterations=1)
    [run_id] = api.launch("seed-001 too short", doc, local_lab.lab_id)
    run = api.wait_finished(run_id, 90)
    assert run["state"] == "partial", (run["state"], run["error"])
    completeness = run["summary"]["completeness"]
    assert completeness["too_short"] and completeness["measured_s"] < 2, completeness
    assert "too short to measure: mariadb-slap ran its queries in" in run["error"], run["error"]
    assert run["summary"]["total"]["latency_note"] == "not measured by mariadb-slap"
    results = run["thresholds"]["results"]
    assert results and all(not r["judged"] and r["note"].startswith("not judged: too short") for r in results)
    assert run["thresholds"]["passed"] is False  # a gate never passes on what it could not judge


def run_summary_proxy(run: dict[str, Any]) -> dict[str, Any]:
    proxy = run["summary"]["proxy"]
    assert proxy is not None, run["summary"]
    return dict(proxy)


def test_a_query_naming_a_file_of_the_injector_shows_none_of_it(api: Api, local_lab: Any) -> None:
    """Issue 28, item 1: mariadb-slap reads `--query=X` as the file X when it exists and prints a
    failing statement whole. Seed 001 with the query set to a file of the injector host (a system
    file, the injector agent's own state file with its token): the run's output, errors and
    summary hold the text as SQL, and no byte of the file."""
    state_file = next(local_lab.state_file(h) for h in local_lab.hosts.values() if h.role == "injector")
    token = json.loads(Path(state_file).read_text())["agent_token"]
    secrets = {
        "/etc/os-release": [
            line for line in Path("/etc/os-release").read_text().splitlines() if line.strip()
        ],
        str(state_file): [token],
    }
    doc = seed_001_scaled_down()
    doc["load"]["sql"].update(number_of_queries=CLIENTS, iterations=1)
    doc["sweep"] = {"axes": [{"path": "load.sql.query", "values": list(secrets), "label": "query"}]}
    run_ids = api.launch("seed-001 query probe", doc, local_lab.lab_id)
    for run_id, (path, lines) in zip(run_ids, secrets.items(), strict=True):
        run = api.wait_finished(run_id, 90)
        output = api.http.get(f"/runs/{run_id}/output.txt")
        assert output.status_code == 200
        shown = output.text + json.dumps(run)
        assert f"Cannot run query {path} ERROR" in output.text, output.text[-2000:]  # ran as SQL
        for line in lines:
            assert line not in shown, (path, line)
