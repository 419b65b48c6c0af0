"""The session ledger: what an agent starts is stopped by the next agent process if it is left running."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from haproxy_upstream import pid_alive

from agents import sessions
from agents.sessions import SessionLedger, spawn, start_ticks, use_ledger


@pytest.fixture
def ledger(tmp_path: Path) -> Iterator[SessionLedger]:
    ledger = SessionLedger(tmp_path / "sessions")
    use_ledger(ledger)
    try:
        yield ledger
    finally:
        use_ledger(None)


def children_of_group(pgid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(stat.parent.name))
    return found


def wait_gone(pids: list[int], timeout: float = 5) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(pid_alive(pid) for pid in pids):
            return True
        time.sleep(0.02)
    return False


def test_a_left_session_and_its_children_are_stopped(ledger: SessionLedger) -> None:
    # A shell with a child of its own, like a master with workers.
    proc = spawn(["sh", "-c", "sleep 60 & wait"], "test server", stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 5
        while len(children_of_group(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        group = children_of_group(proc.pid)
        assert len(group) == 2, group
        [entry] = ledger.entries()
        assert entry.pid == proc.pid and entry.what == "test server"

        stopped = SessionLedger(ledger.directory).reap_leftovers(grace_s=2)

        assert [e.pid for e in stopped] == [proc.pid]
        proc.wait(5)
        assert wait_gone(group), "the whole group is stopped, the child too"
        assert ledger.entries() == [], "the ledger is empty afterwards"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_a_process_that_ignores_sigterm_is_killed(ledger: SessionLedger) -> None:
    argv = ["sh", "-c", "trap '' TERM; sleep 60 & wait; sleep 60"]
    proc = spawn(argv, "stubborn", stdin=subprocess.DEVNULL)
    try:
        time.sleep(0.2)
        started = time.monotonic()
        stopped = ledger.reap_leftovers(grace_s=0.5)
        assert len(stopped) == 1
        proc.wait(5)
        assert time.monotonic() - started < 4
        assert proc.returncode == -9
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


def test_a_reused_pid_is_never_signalled(ledger: SessionLedger) -> None:
    # A live process recorded with another start time stands for a pid reused since the record.
    bystander = subprocess.Popen(["sleep", "60"], start_new_session=True)
    try:
        ticks = start_ticks(bystander.pid)
        assert ticks is not None
        ledger.directory.mkdir(parents=True)
        for name, record in {
            "reused": {"start_ticks": ticks - 1, "boot_id": sessions.boot_id()},
            "other-boot": {"start_ticks": ticks, "boot_id": "another-boot"},
        }.items():
            (ledger.directory / f"{name}.json").write_text(
                json.dumps({"pid": bystander.pid, "what": name, **record})
            )
        (ledger.directory / "garbage.json").write_text("{not json")

        assert ledger.reap_leftovers(grace_s=0.5) == []
        assert bystander.poll() is None, "the bystander still runs"
        assert list(ledger.directory.glob("*.json")) == []
    finally:
        bystander.kill()
        bystander.wait(5)


def test_records_of_exited_processes_are_forgotten(ledger: SessionLedger) -> None:
    first = spawn(["true"], "short-lived", stdin=subprocess.DEVNULL)
    first.wait(5)
    second = spawn(["sleep", "60"], "long-lived", stdin=subprocess.DEVNULL)
    try:
        assert [entry.what for entry in ledger.entries()] == ["long-lived"]
    finally:
        second.kill()
        second.wait(5)


def test_without_a_ledger_nothing_is_recorded(tmp_path: Path) -> None:
    use_ledger(None)
    proc = spawn(["true"], "unrecorded", stdin=subprocess.DEVNULL)
    proc.wait(5)
    assert proc.returncode == 0
    assert not (tmp_path / "sessions").exists()
