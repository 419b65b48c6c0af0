"""vegeta's results read while vegeta runs: the same reading as the whole file read at the end.

Pure logic first: ResultsTally fed made-up rows in completion order (out of order by slot) must
give exactly what read() gives over the whole list, warm-up, late sends, drops, errors, drain
and a stopped run's shorter window included, while holding only a bounded number of rows. Then
real vegeta runs on loopback nginx (started by the target role), followed as the injector
follows them, compared with `vegeta encode` of the whole file read at once.
"""

from __future__ import annotations

import random
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from agents.drivers import OutputUnreadableError, ToolRun
from agents.drivers.growing_file import GrowingFile
from agents.drivers.vegeta import RESULTS_FILE, VegetaDriver
from agents.drivers.vegeta_results import (
    NS_PER_S,
    ORIGIN_SLOTS,
    Pace,
    Reading,
    Result,
    ResultsTally,
    Window,
    parse_csv,
    read,
    window_of,
)
from agents.roles.base import AgentContext
from agents.roles.injector import InjectorRole
from agents.roles.target import TargetRole
from contract.load import LoadProfile
from contract.protocol import AwaitLoad, StartLoad, StartTargets, StopLoad
from contract.results import InjectorSummary
from contract.target import Endpoint, ManagedTarget

MS = 1_000_000
ORIGIN = 1_700_000_000 * NS_PER_S
ERRORS = [
    "context deadline exceeded (Client.Timeout exceeded)",
    "dial tcp: connect: connection refused",
    "EOF",
]


def whole(
    rows: list[Result], pace: Pace | None, total_s: int, warmup_s: int, stopped: bool
) -> tuple[Reading, Window]:
    """read() over every row at once, with the window the driver gives it."""
    ran = max(r.sent_ns for r in rows) - min(r.sent_ns for r in rows) if stopped and rows else None
    window = window_of(total_s, warmup_s, ran)
    return read(rows, window, pace), window


def tallied(
    rows: list[Result], pace: Pace | None, total_s: int, warmup_s: int, stopped: bool
) -> tuple[tuple[Reading, Window], int]:
    """The same rows one at a time; also the most rows the tally held at once."""
    tally = ResultsTally(pace, total_s, warmup_s)
    held = 0
    for row in rows:
        tally.add(row)
        held = max(held, tally.held)
    return tally.finish(stopped), held


def made_up_run(rnd: random.Random, rate: int, seconds: float, pace: Pace | None) -> list[Result]:
    """Sends on a jittered schedule with a few stalls, answers of varied latency (some slow, some
    errors), listed in the order they complete (as vegeta writes them)."""
    interval = pace.interval_ns if pace else NS_PER_S // rate
    rows = []
    for k in range(int(rate * seconds)):
        lag = rnd.randint(0, 300_000) + (rnd.random() < 0.01) * rnd.randint(10 * MS, 80 * MS)
        code = rnd.choice([200] * 30 + [503, 0])
        latency = rnd.randint(200_000, 20 * MS) + (rnd.random() < 0.005) * NS_PER_S
        error = "" if code else rnd.choice(ERRORS)
        rows.append(Result(ORIGIN + (k + 1) * interval + lag, k, code, latency, error, 512))
    rows.sort(key=lambda r: r.sent_ns + r.latency_ns)
    return rows


@pytest.mark.parametrize("seed", range(12))
def test_the_tally_of_rows_in_completion_order_is_the_reading_of_the_whole_list(seed: int) -> None:
    rnd = random.Random(seed)
    rate = rnd.choice([50, 700, 2500])
    pace = None if seed % 4 == 0 else Pace.of(rate if seed % 3 else rate + 0.5)  # closed loop, fractional
    total_s, warmup_s = rnd.choice([(3, 0), (4, 1), (6, 2)])
    rows = made_up_run(rnd, rate, total_s * rnd.uniform(0.6, 1.05), pace)  # some stop short: drops
    stopped = seed % 2 == 1
    (reading, window), _ = tallied(rows, pace, total_s, warmup_s, stopped)
    assert (reading, window) == whole(rows, pace, total_s, warmup_s, stopped)
    assert reading.successes > 0


def test_late_sends_warm_up_drops_and_drain_are_counted_alike() -> None:
    """A stall (requests 300..349 leave 200 ms late), a warm-up second, 100 slots never sent and
    a slow tail: each shows up in the tally exactly as in the whole-list reading."""
    pace = Pace.of(100)
    rows = []
    for k in range(500):  # 5 s of a 6 s schedule (1 s warm-up): the last 100 slots are dropped
        lag = 200 * MS if 300 <= k < 350 else 0
        latency = 2 * NS_PER_S if k >= 480 else 5 * MS  # the last answers drain after the window
        rows.append(Result(ORIGIN + (k + 1) * pace.interval_ns + lag, k, 200, latency, "", 100))
    rows.reverse()  # the worst order: the last requests first
    (reading, window), _ = tallied(rows, pace, 6, 1, False)
    assert (reading, window) == whole(rows, pace, 6, 1, False)
    stats = reading.open_loop
    assert stats is not None and stats.late_sends == 50 and stats.dropped_sends == 100
    assert reading.drain is not None and reading.latency is not None and reading.latency.max >= 200


def test_rows_are_held_only_until_the_origin_and_the_window_decide_them() -> None:
    """A 60 s run at 1,000/s: the tally holds the first ORIGIN_SLOTS rows, then about one
    latency's worth, never the run."""
    pace = Pace.of(1000)
    rows = [
        Result(
            ORIGIN + (k + 1) * pace.interval_ns + k * 7919 % 200_000, k, 200, k * 104_729 % (30 * MS), "", 1
        )
        for k in range(60_000)
    ]
    rows.sort(key=lambda r: r.sent_ns + r.latency_ns)
    (reading, window), held = tallied(rows, pace, 60, 1, False)
    assert (reading, window) == whole(rows, pace, 60, 1, False)
    assert held <= ORIGIN_SLOTS + 100, held


def test_an_empty_run_reads_as_nothing_sent() -> None:
    pace = Pace.of(10)
    (reading, window), held = tallied([], pace, 3, 1, True)
    assert (reading, window) == whole([], pace, 3, 1, True) and held == 0
    assert reading.open_loop is not None and reading.open_loop.dropped_sends == 20


def test_a_growing_file_is_read_once_in_order_until_its_writer_is_done(tmp_path: Path) -> None:
    path = tmp_path / "growing"
    growing = GrowingFile(path)
    parts = [bytes([n]) * 1000 for n in range(50)]

    def write() -> None:
        with path.open("wb") as out:
            for part in parts:
                out.write(part)
                out.flush()
                time.sleep(0.005)
        growing.writer_done()

    writer = threading.Thread(target=write)
    threading.Timer(0.1, writer.start).start()  # the file appears after the reader started
    assert b"".join(growing.chunks()) == b"".join(parts)
    writer.join()


# ---------------------------------------------------------------- real runs


@pytest.fixture(scope="module")
def target(module_runtime_dir: Path) -> Iterator[str]:
    """nginx with /fast and a 2 KB /page after 20 ms; yields "127.0.0.1:PORT"."""
    role = TargetRole(AgentContext.local("target-1", module_runtime_dir))
    endpoints = [Endpoint(path="/fast"), Endpoint(path="/page", delay_ms=20, body_bytes=2_000)]
    data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=endpoints)))
    yield str(data.addresses[0])
    role.close()


def followed_run(profile: LoadProfile, url: str, workdir: Path, stop_after_s: float | None = None) -> ToolRun:
    """vegeta started as the injector starts it, with the driver's follower reading along."""
    driver = VegetaDriver()
    argv = driver.command(profile, url, workdir)
    follower = driver.follower(profile, workdir)
    follower.start()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    if stop_after_s is not None:
        time.sleep(stop_after_s)
        proc.send_signal(signal.SIGINT)  # vegeta's stop signal: it stops sending, writes what it has
    stdout, stderr = proc.communicate(timeout=profile.total_seconds + profile.request_timeout_s + 10)
    return ToolRun(
        profile,
        workdir,
        proc.returncode,
        stdout.decode(),
        stderr.decode(),
        0.0,
        stop_after_s is not None,
        follower,
    )


def whole_file(run: ToolRun) -> tuple[Reading, Window]:
    """The former collection: `vegeta encode` of the whole file after the exit, every row read at once."""
    done = subprocess.run(
        [VegetaDriver.binary, "encode", "-to", "csv", str(run.workdir / RESULTS_FILE)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    profile = run.profile
    pace = Pace.of(profile.rate) if profile.rate is not None else None
    return whole(parse_csv(done.stdout), pace, profile.total_seconds, profile.warmup_s, run.stopped_early)


@pytest.mark.parametrize(
    "rate, path, stop_after_s",
    [(800, "/fast", None), (300, "/page", None), (None, "/page", None), (500, "/fast", 1.6)],
)
def test_a_followed_vegeta_run_reads_the_same_as_its_whole_file(
    target: str, tmp_path: Path, rate: int | None, path: str, stop_after_s: float | None
) -> None:
    profile = LoadProfile(driver="vegeta", rate=rate, duration_s=2, warmup_s=1, connections=10, path=path)
    run = followed_run(profile, f"http://{target}", tmp_path, stop_after_s)
    summary = VegetaDriver().parse(run, "injector-1")
    assert run.follower is not None
    reading, window = run.follower.tally.finish(run.stopped_early)  # type: ignore[attr-defined]
    assert (reading, window) == whole_file(run)
    assert summary.successes == reading.successes > 0
    assert summary.duration_s == pytest.approx(window.seconds, abs=1e-6)
    assert summary.histogram == reading.histogram is not None
    if stop_after_s is not None:
        assert window.seconds < 2  # the window ends at the last send


def test_the_follower_reads_vegetas_first_send_time(target: str, tmp_path: Path) -> None:
    """The injector's start (InjectorSummary.started_at) is vegeta's first send, from its results."""
    profile = LoadProfile(driver="vegeta", rate=200, duration_s=1, warmup_s=0, connections=4, path="/fast")
    began = time.time()
    run = followed_run(profile, f"http://{target}", tmp_path)
    ended = time.time()
    assert run.follower is not None
    first = run.follower.first_request_sent()
    assert first is not None and began <= first <= ended, (began, first, ended)
    VegetaDriver().parse(run, "injector-1")  # and the follower still reads as before


def test_a_run_read_without_a_follower_reads_the_same(target: str, tmp_path: Path) -> None:
    """A ToolRun without a follower (a tool run by hand) is read from its file the same way."""
    profile = LoadProfile(driver="vegeta", rate=400, duration_s=2, warmup_s=1, connections=10, path="/fast")
    followed = followed_run(profile, f"http://{target}", tmp_path)
    by_hand = ToolRun(profile, tmp_path, followed.exit_code, "", "", 0.0, stopped_early=False)
    assert VegetaDriver().parse(by_hand, "i") == VegetaDriver().parse(followed, "i")


def test_no_results_file_is_unreadable_output(tmp_path: Path) -> None:
    profile = LoadProfile(driver="vegeta", rate=10, duration_s=1)
    run = ToolRun(profile, tmp_path, 1, "", "vegeta: bad flag", 0.0, stopped_early=False)
    with pytest.raises(OutputUnreadableError, match="no results file"):
        VegetaDriver().parse(run, "i")


@pytest.mark.parametrize("stop_after_s", [None, 1.5])
def test_the_injector_follows_vegeta_and_answers_with_the_whole_files_reading(
    target: str, runtime_dir: Path, stop_after_s: float | None
) -> None:
    """Through the injector role (StartLoad, StopLoad, AwaitLoad): the summary is the reading of
    the whole results file read at once after the exit."""
    role = InjectorRole(
        AgentContext.local("injector-1", runtime_dir, allowed_load_targets=frozenset({"127.0.0.1"}))
    )
    profile = LoadProfile(driver="vegeta", rate=400, duration_s=2, warmup_s=1, connections=10, path="/page")
    try:
        role.handle(
            StartLoad(
                run_id=7,
                profile=profile,
                target_url=f"http://{target}",
                start_at=datetime.now(UTC),
                lease_s=60,
            )
        )
        if stop_after_s is not None:
            time.sleep(stop_after_s)
            role.handle(StopLoad(run_id=7))
        result = role.handle(AwaitLoad(run_id=7, timeout_s=30))
        summary = InjectorSummary.model_validate(result.summary)
        workdir = role.workdir(7)
        run = ToolRun(profile, workdir, 0, "", "", 0.0, stopped_early=stop_after_s is not None)
        reading, window = whole_file(run)
        assert summary.successes == reading.successes > 0 and summary.histogram == reading.histogram
        assert summary.open_loop == reading.open_loop and summary.drain == reading.drain
        assert summary.duration_s == pytest.approx(window.seconds, abs=1e-6)
        assert (summary.stop_reason is not None) == (stop_after_s is not None)
    finally:
        role.close()
