"""Did the load tool get the CPU it wanted? Its threads' scheduler statistics, read while it runs.

The kernel keeps, per thread, `/proc/<pid>/task/<tid>/schedstat`: nanoseconds it ran on a CPU,
nanoseconds it waited on a run queue (ready to run while another task had the CPU, or while its
cgroup's CPU quota was spent), and its time slices. Summed over the tool's threads, the wait
against the run time says whether the tool was starved: a tool that waited longer than it ran
could not send what it was asked, whatever its host's CPU average says (one thread of a 16-core
host, or a quota in a cgroup, starve a tool on a mostly idle machine; measured in
docs/benchmarks.md: a spinning process capped at 4 % of a core waited 95 % of the time it was
ready, the same process uncapped on the busy lab box 42 %).

The counters are cumulative from each thread's start, and a thread that exits takes its own
with it, so the load process reads them once a second while the tool runs (its watchdog's
wake-ups) and keeps the last reading: from the tool's start to at most a second before its end.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from contract.results import ToolCpu

PROC = Path("/proc")
NS_PER_S = 1e9


@dataclass(frozen=True)
class SchedTotals:
    """A tool's threads' run and run-queue wait, summed, in nanoseconds."""

    cpu_ns: int
    wait_ns: int


def parse_schedstat(text: str) -> tuple[int, int] | None:
    """(run ns, wait ns) of one `schedstat` line ("<run> <wait> <slices>"); None when unreadable."""
    fields = text.split()
    if len(fields) < 2 or not (fields[0].isdigit() and fields[1].isdigit()):
        return None
    return int(fields[0]), int(fields[1])


def read_sched_totals(pid: int, proc: Path = PROC) -> SchedTotals | None:
    """The live threads of `pid` summed; None when the process is gone or the kernel keeps no
    scheduler statistics (no CONFIG_SCHED_INFO)."""
    cpu = wait = 0
    found = False
    try:
        tasks = list((proc / str(pid) / "task").iterdir())
    except OSError:
        return None
    for task in tasks:
        try:
            parsed = parse_schedstat((task / "schedstat").read_text())
        except OSError:
            continue  # the thread ended between the listing and the read
        if parsed is not None:
            found = True
            cpu, wait = cpu + parsed[0], wait + parsed[1]
    return SchedTotals(cpu, wait) if found else None


class ToolCpuReadings:
    """The latest reading of a tool's threads since it started (`read` once a second)."""

    def __init__(self, pid: int, started_monotonic: float) -> None:
        self._pid = pid
        self._started = started_monotonic
        self._last: tuple[SchedTotals, float] | None = None

    def read(self) -> None:
        totals = read_sched_totals(self._pid)
        if totals is not None:
            self._last = (totals, time.monotonic())

    def result(self) -> ToolCpu | None:
        if self._last is None:
            return None
        totals, at = self._last
        return ToolCpu(
            cpu_s=round(totals.cpu_ns / NS_PER_S, 3),
            wait_s=round(totals.wait_ns / NS_PER_S, 3),
            wall_s=round(max(0.0, at - self._started), 3),
        )
