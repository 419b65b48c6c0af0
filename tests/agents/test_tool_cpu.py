"""A load tool's threads' CPU and wait for a CPU (agents/tool_cpu.py), read from real processes.

A process that spins is ready to run all the time: what it did not run, it waited for. Capped by
a cgroup's CPU quota to a few percent of a core, it waits for nearly all of it; the load process
reads that while the tool runs, and the injector's summary carries it.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.drivers.load_process import LoadProcess
from agents.tool_cpu import ToolCpuReadings, parse_schedstat, read_sched_totals

CPU_CGROUPS = Path("/sys/fs/cgroup/cpu")
SPIN = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass"


def test_a_schedstat_line_is_run_and_wait_nanoseconds() -> None:
    assert parse_schedstat("89353331 1829392255 50\n") == (89_353_331, 1_829_392_255)
    assert parse_schedstat("") is None and parse_schedstat("x y z") is None


def test_a_process_that_is_gone_has_no_readings() -> None:
    done = subprocess.run([sys.executable, "-c", "pass"], check=True)
    assert done.returncode == 0
    assert read_sched_totals(2**22 + 12345) is None  # above pid_max's default: no such process


@pytest.fixture
def quota_group() -> Iterator[Path]:
    """A CPU cgroup capped at 4 ms per 100 ms (4 % of one core)."""
    if not (CPU_CGROUPS / "cgroup.procs").exists() or os.geteuid() != 0:
        pytest.skip("needs root and a cgroup v1 cpu controller at /sys/fs/cgroup/cpu")
    group = CPU_CGROUPS / f"haplab-tool-cpu-{os.getpid()}"
    group.mkdir()
    try:
        (group / "cpu.cfs_period_us").write_text("100000")
        (group / "cpu.cfs_quota_us").write_text("4000")
        yield group
    finally:
        for pid in (group / "cgroup.procs").read_text().split():
            (CPU_CGROUPS / "cgroup.procs").write_text(pid)
        group.rmdir()


def spin_readings(seconds: float, group: Path | None) -> tuple[float, float]:
    """(wait share, waiting threads on average) of a process spinning for `seconds`."""
    proc = subprocess.Popen([sys.executable, "-c", SPIN.format(seconds=seconds)])
    try:
        if group is not None:
            (group / "cgroup.procs").write_text(str(proc.pid))
        readings = ToolCpuReadings(proc.pid, time.monotonic())
        while proc.poll() is None:
            readings.read()
            time.sleep(0.25)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    result = readings.result()
    assert result is not None and result.wall_s > 0
    return result.wait_s / (result.wait_s + result.cpu_s), result.wait_s / result.wall_s


@pytest.mark.slow
def test_a_tool_capped_by_a_cpu_quota_waits_for_nearly_all_the_cpu_it_wanted(quota_group: Path) -> None:
    capped_share, capped_waiting = spin_readings(2.0, quota_group)
    free_share, _ = spin_readings(2.0, None)
    print(f"capped: waited {capped_share:.0%} of its ready time; uncapped: {free_share:.0%}")
    assert capped_share >= 0.8 and capped_waiting >= 0.5  # the verdict's injector rule: starved
    assert free_share < capped_share


@pytest.mark.slow
def test_the_load_process_reads_its_tools_cpu_while_it_runs(tmp_path: Path) -> None:
    process = LoadProcess(
        [sys.executable, "-c", SPIN.format(seconds=2.5)],
        tmp_path,
        signal.SIGINT,
        lease_until=time.time() + 60,
        run_limit_s=30,
    )
    process.start()
    assert process.wait(20)
    cpu = process.tool_cpu
    assert cpu is not None
    assert cpu.wall_s >= 1.0 and cpu.cpu_s + cpu.wait_s >= 0.8 * cpu.wall_s  # it spun: ready all along
