"""Each driver's counts against the measured window [t0, t0 + duration), on recorded outputs.

The journey's shape: a 2 s warm-up, 6 s measured, a 1 s endpoint behind maxconn 10, so 10
answers a second. A tool that times each request (h2load's log, wrk's response hook, vegeta)
counts what completed inside the window and reports the warm-up's and the drain's answers
apart; hey cannot tell when each request completed, so its summary stays its own run (the run's
total takes HAProxy's count, worker/summaries.py); mariadb-slap measures no latency and says so.
One real wrk run checks the response hook itself against wrk's own count.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.drivers import MeasuredWindow, ToolRun
from agents.drivers.h2load import LOG_FILE, H2loadDriver
from agents.drivers.hey import HeyDriver
from agents.drivers.mariadb_slap import MariadbSlapDriver
from agents.drivers.wrk import REPORT_FILE, WrkDriver
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from common.latency_histograms import decode
from contract.load import LoadProfile, SqlWorkload
from contract.protocol import StartTargets
from contract.target import Endpoint, ManagedTarget

T0 = 1_700_000_010.0  # the window's start, Unix seconds
WINDOW = MeasuredWindow(start=T0, seconds=6.0)
US = 1_000_000


def journey(driver: str) -> LoadProfile:
    return LoadProfile(
        driver=driver, connections=12, threads=2, warmup_s=2, duration_s=6, request_timeout_s=3, path="/slow"
    )


def run_of(profile: LoadProfile, workdir: Path, stdout: str = "", wall_s: float = 9.0) -> ToolRun:
    return ToolRun(profile, workdir, 0, stdout, "", wall_s, stopped_early=False, window=WINDOW)


# ---------------------------------------------------------------- h2load: its request log


H2LOAD_STDOUT = """finished in 9.00s, 9.11 req/s, 1.00KB/s
requests: 82 total, 82 started, 70 done, 70 succeeded, 0 failed, 0 errored, 0 timeout
status codes: 68 2xx, 0 3xx, 0 4xx, 1 5xx
traffic: 7000 (7000) total, 5000 (5000) headers (space savings 0.00%), 2000 (2000) data
"""


def h2load_line(end_s: float, status: int = 200, latency_s: float = 1.0) -> str:
    """One log line: start (µs since the epoch), status, duration (µs), for a request that ended
    `end_s` seconds after t0."""
    end_us = round((T0 + end_s) * US)
    latency_us = round(latency_s * US)
    return f"{end_us - latency_us}\t{status}\t{latency_us}\n"


def test_h2load_counts_what_completed_in_the_window_and_the_drain_apart(tmp_path: Path) -> None:
    lines = [h2load_line(-0.3), h2load_line(-0.01)]  # the main phase's leading edge: the warm-up's
    lines += [h2load_line(0.0)]  # started in the warm-up, completed as the window opened: counted
    lines += [h2load_line(0.05 + k * 0.1) for k in range(59)]  # 10 a second, inside
    lines += [h2load_line(3.0, status=503), h2load_line(4.0, status=-1, latency_s=0.5)]
    lines += [h2load_line(6.0), h2load_line(6.3)]  # after the window's end: the drain
    (tmp_path / LOG_FILE).write_text("".join(lines))
    summary = H2loadDriver().parse(run_of(journey("h2load"), tmp_path, H2LOAD_STDOUT), "injector-1")

    assert (summary.successes, summary.errors.non_2xx, summary.errors.other) == (60, 1, 1)
    assert (summary.duration_s, summary.rps, summary.window_s) == (6.0, 10.0, 6.0)
    assert summary.window_source == "tool_records" and summary.window_note is None
    assert summary.drain is not None and (summary.drain.responses, summary.drain.last_after_s) == (2, 0.3)
    assert summary.histogram is not None and decode(summary.histogram).get_total_count() == 60
    # Its traffic over its main phase (9 s less the 1.5 s warm-up it was given).
    assert summary.bytes_per_s == round(7000 / 7.5, 3)
    assert any("12 request(s) were still waiting" in w for w in summary.warnings)


def test_h2load_without_a_known_window_reads_its_whole_log_as_its_own_run(tmp_path: Path) -> None:
    (tmp_path / LOG_FILE).write_text("".join(h2load_line(k * 0.1) for k in range(30)))
    by_hand = ToolRun(journey("h2load"), tmp_path, 0, H2LOAD_STDOUT, "", 0.0, stopped_early=False)
    summary = H2loadDriver().parse(by_hand, "injector-1")
    assert summary.successes == 30 and summary.window_source == "tool_totals"
    assert summary.duration_s == 7.5 and summary.window_s is None and summary.drain is None


# ---------------------------------------------------------------- wrk: its response hook


def wrk_report(window: dict[str, object] | None) -> dict[str, object]:
    report: dict[str, object] = {
        "duration_us": 8_012_000,
        "requests": 80,
        "bytes": 9_600,
        "threads": 2,
        "errors": {"connect": 0, "read": 0, "write": 0, "status": 1, "timeout": 2},
        "corrected": {
            "min": 1000,
            "max": 1003000,
            "mean": 1001000.0,
            "p50": 1001000,
            "p90": 1002000,
            "p95": 1002000,
            "p99": 1003000,
            "p99.9": 1003000,
        },
        "distribution": [[1_001_000, 80]],
    }
    if window is not None:
        report["window"] = window
    return report


def test_wrk_takes_the_windows_successes_from_its_response_hook(tmp_path: Path) -> None:
    counted = {"ok": 60, "other": 1, "before_ok": 18, "after_ok": 2, "last_after_s": 0.004}
    (tmp_path / REPORT_FILE).write_text(json.dumps(wrk_report(counted)))
    summary = WrkDriver().parse(run_of(journey("wrk"), tmp_path), "injector-1")

    assert (summary.successes, summary.errors.non_2xx, summary.duration_s, summary.rps) == (60, 1, 6.0, 10.0)
    assert summary.window_source == "tool_records" and summary.warmup_responses == 18
    assert summary.drain is not None and summary.drain.responses == 2
    assert summary.bytes_per_s == round(9_600 / 8.012, 3)  # every byte wrk read, over its own run
    # What the hook cannot see stays wrk's whole run, and it says so.
    assert summary.errors.timeout == 2
    assert any("cover its whole run" in w for w in summary.warnings)


def test_wrk_leaves_replies_after_the_request_timeout_out_of_the_windows_successes(tmp_path: Path) -> None:
    """A reply slower than --timeout completes (the hook sees a 2xx) but is a timeout for wrk, which
    does not record its latency: 3 of 80 here. The hook cannot time a request, so all 3 come out."""
    report = wrk_report({"ok": 60, "other": 0, "before_ok": 18, "after_ok": 2, "last_after_s": 0.01})
    report["distribution"] = [[1_001_000, 77]]
    (tmp_path / REPORT_FILE).write_text(json.dumps(report))
    summary = WrkDriver().parse(run_of(journey("wrk"), tmp_path), "injector-1")
    assert summary.successes == 57 and summary.errors.timeout == 2
    assert any("3 replies came after the request timeout" in w for w in summary.warnings)


def test_wrk_without_the_hooks_counts_is_its_own_run_and_says_so(tmp_path: Path) -> None:
    (tmp_path / REPORT_FILE).write_text(json.dumps(wrk_report(None)))
    summary = WrkDriver().parse(run_of(journey("wrk"), tmp_path), "injector-1")
    assert summary.window_source == "tool_totals" and summary.successes == 79  # 80 less the one 5xx
    assert summary.duration_s == 8.012 and "warm-up included" in (summary.window_note or "")


def test_wrk_passes_the_window_to_its_script(tmp_path: Path) -> None:
    argv = WrkDriver().command(journey("wrk"), "http://127.0.0.1:8080", tmp_path, WINDOW)
    assert argv[-2:] == ["1700000010.000000", "1700000016.000000"]
    assert WrkDriver().command(journey("wrk"), "http://127.0.0.1:8080", tmp_path)[-1] == "10"


# ---------------------------------------------------------------- hey: its own run, said so

HEY_STDOUT = """
Summary:
  Total:\t9.0275 secs
  Slowest:\t2.9952 secs
  Fastest:\t1.0008 secs
  Average:\t1.3311 secs
  Requests/sec:\t9.0833

  Total data:\t800 bytes
  Size/request:\t10 bytes

Latency distribution:
  10% in 1.0011 secs
  25% in 1.0016 secs
  50% in 1.0030 secs
  75% in 1.9930 secs
  90% in 2.0012 secs
  95% in 2.0060 secs
  99% in 2.9952 secs

Status code distribution:
  [200]\t80 responses

Error distribution:
  [2]\tGet "http://x/slow": context deadline exceeded (Client.Timeout exceeded while awaiting headers)
"""


def test_hey_cannot_tell_the_window_so_its_summary_is_its_own_run(tmp_path: Path) -> None:
    summary = HeyDriver().parse(run_of(journey("hey"), tmp_path, HEY_STDOUT, wall_s=9.1), "injector-1")
    # hey's Total: the warm-up and the wait for requests in flight included; the run's total takes
    # HAProxy's count of the window instead (tests/worker/test_summaries.py).
    assert (summary.successes, summary.duration_s, summary.rps) == (80, 9.0275, 8.862)
    assert summary.window_source == "tool_totals" and "cannot tell when each request" in (
        summary.window_note or ""
    )
    assert summary.window_s == 6.0 and summary.errors.timeout == 2


# ---------------------------------------------------------------- mariadb-slap: no latency, said so

SLAP_STDOUT = """Benchmark
\tAverage number of seconds to run all queries: 0.224 seconds
\tMinimum number of seconds to run all queries: 0.224 seconds
\tMaximum number of seconds to run all queries: 0.224 seconds
\tNumber of clients running queries: 20
\tAverage number of queries per client: 100

"""


def test_mariadb_slap_says_latency_is_not_measured_and_its_rate_is_its_own_run(tmp_path: Path) -> None:
    profile = LoadProfile(
        driver="mariadb-slap",
        connections=20,
        threads=1,
        duration_s=5,
        sql=SqlWorkload(query="SELECT 1", number_of_queries=2000, iterations=1),
    )
    summary = MariadbSlapDriver().parse(run_of(profile, tmp_path, SLAP_STDOUT, wall_s=0.31), "injector-1")
    assert summary.successes == 2000 and summary.latency is None
    assert summary.latency_note == "not measured by mariadb-slap"  # never "nothing succeeded"
    assert summary.window_source == "tool_totals" and "fixed number of queries" in (summary.window_note or "")
    assert summary.window_s == 0.31  # it covered 0.31 s of the 5 s window: too short (worker)


# ---------------------------------------------------------------- wrk's hook on a real run


@pytest.fixture(scope="module")
def target(module_runtime_dir: Path) -> Iterator[str]:
    role = TargetRole(AgentContext.local("target-1", module_runtime_dir))
    endpoints = [Endpoint(path="/slow", delay_ms=100)]
    data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=endpoints)))
    yield str(data.addresses[0])
    role.close()


@pytest.mark.slow
def test_wrks_response_hook_splits_its_answers_at_the_windows_edges(target: str, tmp_path: Path) -> None:
    """4 connections on a 100 ms endpoint, 1 s of warm-up and 2 s measured: ~40 answers a second.
    Before + inside + after the window is every answer wrk counted, and the window holds 2 s of them."""
    profile = LoadProfile(driver="wrk", connections=4, threads=2, warmup_s=1, duration_s=2, path="/slow")
    started = time.time()
    window = MeasuredWindow.of(started, profile)
    argv = WrkDriver().command(profile, f"http://{target}", tmp_path, window)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    run = ToolRun(
        profile,
        tmp_path,
        done.returncode,
        done.stdout,
        done.stderr,
        time.time() - started,
        False,
        None,
        window,
    )
    summary = WrkDriver().parse(run, "injector-1")
    report = json.loads((tmp_path / REPORT_FILE).read_text())
    counted = report["window"]
    every = report["requests"]
    assert counted["ok"] + counted["before_ok"] + counted["after_ok"] == every, report
    assert summary.window_source == "tool_records" and summary.duration_s == 2.0
    assert 70 <= summary.successes <= 82 and 30 <= (summary.warmup_responses or 0) <= 41, summary
    assert summary.successes == counted["ok"] and summary.rps == round(counted["ok"] / 2, 3)
