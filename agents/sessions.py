"""Child processes the agent starts, recorded so that a restarted agent stops what a crashed one left.

HAProxy, nginx, mariadbd and the load tools each run in their own session (process group), so a
stop signal reaches the tool and its workers and nothing else. When the agent is killed (-9, OOM,
a crash), those sessions outlive it: a HAProxy still holding the lab's port, a wrk still sending.
Leases bound the load tools, but not the servers. So every session the agent starts is written
to a ledger under its runtime directory (one small file per session: pid, the kernel's start time
of that pid, the boot it belongs to), and `reap_leftovers` at start-up stops the ones still alive.

A pid alone is not an identity (pids are reused): a ledger entry matches a live process only if
the boot id and the start time (field 22 of /proc/<pid>/stat) match too, so a reused pid is
never signalled. The ledger forgets entries whose process is gone each time it records one, so
it holds about as many files as there are live children. `common.process_groups.stop_session` is the
one way a role stops such a server: its own shutdown signal first, then SIGKILL for the whole group.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.programs import environment, resolved

log = logging.getLogger(__name__)

REAP_GRACE_S = 3.0


@dataclass(frozen=True)
class SessionEntry:
    pid: int
    start_ticks: int
    boot_id: str
    what: str


def boot_id() -> str:
    return Path("/proc/sys/kernel/random/boot_id").read_text().strip()


def start_ticks(pid: int) -> int | None:
    """The kernel's start time of `pid` (clock ticks since boot); None if it is gone (or a zombie)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces: split after its end.
    fields = stat[stat.rindex(")") + 2 :].split()
    if fields[0] == "Z":
        return None  # exited, waiting for its parent to collect it: nothing left to stop
    return int(fields[19])  # field 22 overall; fields[0] is field 3 (state)


def process_group(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat[stat.rindex(")") + 2 :].split()[2])  # field 5: pgrp


class SessionLedger:
    """One JSON file per recorded session in `directory`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._lock = threading.Lock()
        self._boot_id = boot_id()

    def record(self, pid: int, what: str) -> None:
        ticks = start_ticks(pid)
        if ticks is None:
            return  # already gone: nothing to stop later
        entry = SessionEntry(pid=pid, start_ticks=ticks, boot_id=self._boot_id, what=what)
        with self._lock:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._forget_dead_locked()
            tmp = self.directory / f".{pid}.tmp"
            tmp.write_text(json.dumps(entry.__dict__))
            os.replace(tmp, self.directory / f"{pid}.json")

    def entries(self) -> list[SessionEntry]:
        found = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                found.append(SessionEntry(**json.loads(path.read_text())))
            except (OSError, ValueError, TypeError):
                log.warning("unreadable session record %s: ignored", path)
                path.unlink(missing_ok=True)
        return found

    def is_alive(self, entry: SessionEntry) -> bool:
        """The recorded process still runs (same boot, same pid, same start time)."""
        return entry.boot_id == self._boot_id and start_ticks(entry.pid) == entry.start_ticks

    def reap_leftovers(self, grace_s: float = REAP_GRACE_S) -> list[SessionEntry]:
        """Stop every recorded session that is still alive (SIGTERM, then SIGKILL after `grace_s`).

        Called when the agent starts, before it takes commands: anything recorded then belongs to
        an agent process that is no longer there. Returns the sessions that were stopped.
        """
        with self._lock:
            if not self.directory.is_dir():
                return []
            alive = [entry for entry in self.entries() if self.is_alive(entry)]
            for entry in alive:
                log.warning(
                    "stopping %s (pid %d) left running by an earlier agent process", entry.what, entry.pid
                )
                _signal_group(entry.pid, signal.SIGTERM)
            deadline = time.monotonic() + grace_s
            while any(self.is_alive(entry) for entry in alive) and time.monotonic() < deadline:
                time.sleep(0.05)
            for entry in alive:
                if self.is_alive(entry):
                    _signal_group(entry.pid, signal.SIGKILL)
            for path in self.directory.glob("*.json"):
                path.unlink(missing_ok=True)
            return alive

    def _forget_dead_locked(self) -> None:
        for path in self.directory.glob("*.json"):
            try:
                entry = SessionEntry(**json.loads(path.read_text()))
            except (OSError, ValueError, TypeError):
                path.unlink(missing_ok=True)
                continue
            if not self.is_alive(entry):
                path.unlink(missing_ok=True)


def _signal_group(pid: int, sig: signal.Signals) -> None:
    # The session leader's pid is its group id; a leader that made no group of its own (never
    # the case for `spawn`) gets the signal alone.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if process_group(pid) == pid:
            os.killpg(pid, sig)
        else:
            os.kill(pid, sig)


# The agent process has one ledger (its runtime directory's); tests that start roles without an
# agent have none, and nothing is recorded.
_ledger: SessionLedger | None = None


def use_ledger(ledger: SessionLedger | None) -> None:
    global _ledger
    _ledger = ledger


def spawn(argv: Sequence[str], what: str, **popen_kwargs: Any) -> subprocess.Popen[bytes]:
    """`subprocess.Popen` in a new session, recorded in the agent's ledger; its program by
    absolute path, with an empty environment (agents.programs).

    `what` names the process in the log of the agent that may have to stop it later.
    """
    proc: subprocess.Popen[bytes] = subprocess.Popen(
        resolved(argv), start_new_session=True, env=environment(), **popen_kwargs
    )
    ledger = _ledger
    if ledger is not None:
        try:
            ledger.record(proc.pid, what)
        except OSError as exc:
            log.warning("cannot record %s (pid %d) in %s: %s", what, proc.pid, ledger.directory, exc)
    return proc
