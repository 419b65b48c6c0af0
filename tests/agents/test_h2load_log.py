"""h2load's request log read while h2load writes it: the same as the whole log read at the end.

A log written in pieces that cut lines in two (and a last line cut short, as when h2load is
killed), then a real h2load run on loopback nginx followed as the injector follows it.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.drivers import ToolRun
from agents.drivers.h2load import LOG_FILE, H2loadDriver, RequestLogFollower, read_request_log
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from contract.load import LoadProfile
from contract.protocol import StartTargets
from contract.target import Endpoint, ManagedTarget


def test_a_log_followed_in_pieces_reads_as_the_whole_log(tmp_path: Path) -> None:
    path = tmp_path / LOG_FILE
    lines = [
        f"{1_700_000_000_000_000 + k * 997}\t{(200, 200, 503, -1)[k % 4]}\t{100 + k % 700}\n"
        for k in range(5000)
    ]
    text = "".join(lines) + "1700000004999999\t200\t12"  # cut short: no newline
    follower = RequestLogFollower(path)
    follower.start()

    def write() -> None:
        with path.open("w") as out:
            for at in range(0, len(text), 4093):  # pieces that end inside lines
                out.write(text[at : at + 4093])
                out.flush()
                time.sleep(0.002)

    writer = threading.Thread(target=write)
    writer.start()
    writer.join()
    assert follower.finish() == read_request_log(path)
    assert follower.tally.successes == 2501 and follower.tally.failed == 1250


@pytest.fixture(scope="module")
def target(module_runtime_dir: Path) -> Iterator[str]:
    role = TargetRole(AgentContext.local("target-1", module_runtime_dir))
    data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=[Endpoint(path="/fast")])))
    yield str(data.addresses[0])
    role.close()


def test_a_followed_h2load_run_reads_as_its_whole_log(target: str, tmp_path: Path) -> None:
    driver = H2loadDriver()
    profile = LoadProfile(
        driver="h2load", http_version="1.1", connections=4, rate=400, duration_s=2, warmup_s=1, path="/fast"
    )
    argv = driver.command(profile, f"http://{target}", tmp_path)
    follower = driver.follower(profile, tmp_path)
    follower.start()
    began = time.time()
    done = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    ended = time.time()
    # Its first request's start, from the log (Unix microseconds): the injector's start_at source.
    first = follower.first_request_sent()
    assert first is not None and began <= first <= ended, (began, first, ended)
    run = ToolRun(profile, tmp_path, done.returncode, done.stdout, done.stderr, 0.0, False, follower)
    summary = driver.parse(run, "injector-1")
    whole = read_request_log(tmp_path / LOG_FILE)
    assert follower.tally.log() == whole and whole.successes > 500
    by_hand = ToolRun(profile, tmp_path, done.returncode, done.stdout, done.stderr, 0.0, False)
    assert driver.parse(by_hand, "injector-1") == summary
