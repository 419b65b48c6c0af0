"""Load drivers: the argv each builds from a profile, and what each reads back from real runs.

The tools run for real against nginx (started by the target role) on loopback, each for a
second or two; the summaries' numbers are checked for consistency, never for speed.
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.drivers import (
    DRIVERS,
    LoadDriver,
    ToolRun,
    UnsupportedProfileError,
    driver_for,
    installed_drivers,
)
from agents.drivers.h2load import H2loadDriver
from agents.drivers.hey import HeyDriver, classify_error
from agents.drivers.wrk import WrkDriver, undo_correction
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from common.latency_histograms import decode, encode, histogram_of, merge, percentiles
from contract.load import LoadProfile
from contract.protocol import StartTargets
from contract.target import Endpoint, ManagedTarget
from dev.services import free_port

RUN_TIMEOUT_S = 30


@pytest.fixture(scope="module")
def target(module_runtime_dir: Path) -> Iterator[str]:
    """An HTTP/1.1 nginx with /fast and a /slow of 100 ms; yields "127.0.0.1:PORT"."""
    context = AgentContext.local("target-1", module_runtime_dir)
    role = TargetRole(context)
    endpoints = [Endpoint(path="/fast"), Endpoint(path="/slow", delay_ms=100)]
    data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=endpoints)))
    yield str(data.addresses[0])
    role.close()


def run_tool(driver: LoadDriver, profile: LoadProfile, url: str, workdir: Path) -> ToolRun:
    """Run the driver's argv to completion, as the injector would (minus the lease)."""
    argv = driver.command(profile, url, workdir)
    done = subprocess.run(
        argv, cwd=workdir, capture_output=True, text=True, timeout=RUN_TIMEOUT_S, check=False
    )
    return ToolRun(profile, workdir, done.returncode, done.stdout, done.stderr, 0.0, stopped_early=False)


# ---------------------------------------------------------------- registry


def test_every_driver_is_registered_and_installed_here() -> None:
    assert set(DRIVERS) == {"hey", "wrk", "h2load", "vegeta", "mariadb-slap"}
    installed = installed_drivers()
    assert installed.pop("mariadb-slap").startswith("10.11")  # Debian 12's MariaDB client
    assert installed == {"hey": "0.1.4", "wrk": "4.1.0", "h2load": "1.52.0", "vegeta": "12.12.0"}
    assert isinstance(driver_for("wrk"), WrkDriver)


# ---------------------------------------------------------------- command lines


def test_hey_argv_comes_from_typed_fields(tmp_path: Path) -> None:
    profile = LoadProfile(
        driver="hey",
        connections=20,
        threads=2,
        duration_s=5,
        warmup_s=1,
        rate=100,
        keep_alive=False,
        method="POST",
        path="/fast",
        headers={"Host": "example.test", "X-Run": "a b"},
        body='{"k": 1}',
        request_timeout_s=2.5,
    )
    argv = HeyDriver().command(profile, "http://127.0.0.1:8080", tmp_path)

    assert argv[0] == "hey" and argv[-1] == "http://127.0.0.1:8080/fast"
    # warm-up + duration, started 0.37 s early so its batches miss HAProxy's readings (hey.py)
    assert argv[argv.index("-z") + 1] == "6.37s"
    assert argv[argv.index("-q") + 1] == "5"  # per worker: 100 req/s over 20 workers
    assert argv[argv.index("-t") + 1] == "3"  # whole seconds, rounded up
    assert "-disable-keepalive" in argv and "-h2" not in argv
    assert argv[argv.index("-host") + 1] == "example.test"
    assert argv[argv.index("-H") + 1] == "X-Run: a b"
    assert Path(argv[argv.index("-D") + 1]).read_text() == '{"k": 1}'
    assert any("2.5 s became 3 s" in w for w in HeyDriver().blind_spots(profile))


def test_hey_refuses_h2c_because_it_would_silently_speak_http11(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedProfileError, match="Use h2load for h2c"):
        HeyDriver().command(LoadProfile(driver="hey", http_version="2"), "http://127.0.0.1:1", tmp_path)
    argv = HeyDriver().command(
        LoadProfile(driver="hey", http_version="2", tls=True), "https://127.0.0.1:1", tmp_path
    )
    assert "-h2" in argv


def test_the_url_scheme_must_match_the_profiles_tls(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedProfileError, match="tls"):
        WrkDriver().command(LoadProfile(driver="wrk", tls=True), "http://127.0.0.1:1", tmp_path)


def test_wrk_argv_passes_method_and_body_to_its_script(tmp_path: Path) -> None:
    profile = LoadProfile(driver="wrk", connections=10, threads=3, method="PUT", body="x", duration_s=3)
    argv = WrkDriver().command(profile, "http://127.0.0.1:8080", tmp_path)
    url_at = argv.index("http://127.0.0.1:8080/")
    assert argv[url_at + 1 :][:4] == [
        "--",
        str(tmp_path / "wrk-report.json"),
        "PUT",
        str(tmp_path / "request-body"),
    ]
    assert Path(argv[argv.index("-s") + 1]).name == "wrk_report.lua"
    # 10 connections over 3 threads: wrk opens 3 per thread.
    assert any("9 of 10 connections" in w for w in WrkDriver().blind_spots(profile))
    with pytest.raises(UnsupportedProfileError, match="HEAD"):
        WrkDriver().command(LoadProfile(driver="wrk", method="HEAD"), "http://127.0.0.1:1", tmp_path)


def test_h2load_argv_for_h1_rate_and_warmup(tmp_path: Path) -> None:
    profile = LoadProfile(driver="h2load", connections=4, threads=2, rate=10, warmup_s=2, duration_s=3)
    argv = H2loadDriver().command(profile, "http://127.0.0.1:8080", tmp_path)
    # The main phase starts half a second before t0 and ends half a second after the window (EDGE_S):
    # it covers the window whatever h2load's start-up took; the log is read against the window.
    assert argv[argv.index("-m") + 1] == "1" and argv[argv.index("-D") + 1] == "4000ms"
    assert argv[argv.index("--warm-up-time") + 1] == "1500ms"
    cold = H2loadDriver().command(
        LoadProfile(driver="h2load", duration_s=3), "http://127.0.0.1:8080", tmp_path
    )
    assert cold[cold.index("-D") + 1] == "3500ms" and "--warm-up-time" not in cold
    assert "--h1" in argv and "--rps=2.5" in argv
    h2 = H2loadDriver().command(
        LoadProfile(driver="h2load", http_version="2"), "http://127.0.0.1:8080", tmp_path
    )
    assert "--h1" not in h2


def test_a_profile_for_another_driver_is_refused() -> None:
    with pytest.raises(UnsupportedProfileError, match="driver"):
        HeyDriver().check(LoadProfile(driver="wrk"))


# ---------------------------------------------------------------- reading results


def test_hey_error_texts_are_classified_by_kind() -> None:
    refused = 'Get "http://127.0.0.1:1/": dial tcp 127.0.0.1:1: connect: connection refused'
    waited = 'Get "http://x/slow": context deadline exceeded (Client.Timeout exceeded while awaiting headers)'
    reset = 'Get "http://x/": read tcp 127.0.0.1:5->127.0.0.1:6: read: connection reset by peer'
    assert [classify_error(e) for e in (refused, waited, reset)] == ["connect", "timeout", "other"]


@pytest.mark.slow
def test_hey_with_few_replies_says_which_percentiles_it_could_not_measure(
    target: str, tmp_path: Path
) -> None:
    profile = LoadProfile(driver="hey", connections=1, threads=1, duration_s=1, path="/slow")
    summary = HeyDriver().parse(run_tool(HeyDriver(), profile, f"http://{target}", tmp_path), "inj")

    assert 1 <= summary.successes < 100
    assert summary.latency is not None and summary.latency.p50 >= 95  # /slow waits 100 ms
    assert summary.latency.p999 == summary.latency.max  # hey has no p99.9: an upper bound
    assert any("no p99" in w for w in summary.warnings)
    assert summary.histogram is None


@pytest.mark.slow
def test_heys_csv_rows_leave_out_every_failed_request_so_the_driver_reads_its_text_summary(
    target: str, tmp_path: Path
) -> None:
    """Why hey's latencies cannot join the run's merged histogram (agents/drivers/hey.py): its
    per-request `-o csv` would give one, but it has no row for a request that failed, and failures
    by kind are what hey is used for. Held against the installed binary: if a hey ever prints its
    failures in the csv, this fails and the driver can read the csv instead."""
    refused = f"http://127.0.0.1:{free_port()}/"
    answered = f"http://{target}/fast"

    def hey(*args: str) -> str:
        done = subprocess.run(
            ["hey", "-n", "20", "-c", "2", *args], capture_output=True, text=True, timeout=30
        )
        return done.stdout

    csv_rows = hey("-o", "csv", refused).strip().splitlines()
    assert csv_rows == [
        "response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset"
    ]
    assert len(hey("-o", "csv", answered).strip().splitlines()) == 1 + 20  # a row per response only
    profile = LoadProfile(driver="hey", connections=2, threads=1, duration_s=1)
    text = ToolRun(profile, tmp_path, 0, hey(refused), "", 0.0, stopped_early=False)
    assert HeyDriver().outcome(text).errors.connect == 20  # the text summary counts them by kind


@pytest.mark.slow
@pytest.mark.parametrize("driver", [WrkDriver(), H2loadDriver()], ids=lambda d: d.name)
def test_exact_histograms_count_every_successful_reply(
    driver: LoadDriver, target: str, tmp_path: Path
) -> None:
    profile = LoadProfile(driver=driver.name, connections=4, threads=2, duration_s=1, path="/slow")
    summary = driver.parse(run_tool(driver, profile, f"http://{target}", tmp_path), "inj")

    assert summary.successes > 0 and summary.errors.total == 0
    assert summary.histogram is not None
    histogram = decode(summary.histogram)
    assert histogram.get_total_count() == summary.successes
    # µs: every reply waited /slow's 100 ms (nginx's timers run on its cached clock and may fire
    # a few ms early, hence the slack)
    assert histogram.get_min_value() >= 95_000
    assert summary.latency is not None and summary.latency.p50 >= 95


def stats_correct(raw: dict[int, int], expected: int) -> dict[int, int]:
    """wrk's stats_correct (stats.c), transcribed: what wrk hands its done() hook."""
    data = dict(raw)
    for n in range(expected * 2, max(raw) + 1):
        count = raw.get(n, 0)
        m = n - expected
        while count and m > expected:
            data[m] = data.get(m, 0) + count
            m -= expected
    return data


def test_wrks_coordinated_omission_correction_is_undone_exactly() -> None:
    rng = random.Random(3)
    raw: dict[int, int] = {}
    for _ in range(5000):
        value = int(rng.lognormvariate(6, 1.2)) + 1
        raw[value] = raw.get(value, 0) + 1
    requests, connections, duration_us = sum(raw.values()), 10, 2_000_000
    expected = duration_us // (requests // connections)
    corrected = stats_correct(raw, expected)
    assert sum(corrected.values()) > requests  # the correction invented samples

    assert undo_correction(corrected, duration_us, requests, connections) == raw


def test_histograms_encode_decode_merge_and_read_percentiles() -> None:
    first = histogram_of([(1000, 90), (5000, 10)])
    second = histogram_of([(20_000, 1)])
    merged = merge([encode(first), encode(second)])
    assert merged.get_total_count() == 101
    found = percentiles(merged)
    assert found is not None
    assert found.p50 == pytest.approx(1.0, rel=1e-3) and found.max == pytest.approx(20.0, rel=1e-3)
    assert found.p50 <= found.p90 <= found.p99 <= found.p999 <= found.max
    assert percentiles(histogram_of([])) is None
