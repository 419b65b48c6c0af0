"""How much CPU do haplab's own processes take while a run's load runs? Per process, optionally profiled.

The CPU half of bench/run_fidelity.py, without the hand side, so a change to the control plane
can be measured in a couple of minutes: brings up the same stack (throwaway PostgreSQL and Redis,
the API in one process per core, one Celery worker, the local lab's three agents in network
namespaces), runs one run that is not counted, then --runs runs of the fidelity profile (wrk, 50
connections, 2 threads, 10 s, /fast through HAProxy to one nginx) and, with the lab idle, one
window of --idle seconds. Every process's CPU time is read twice a second from /proc; for each
run the steady part of the load (its first and last second cut) is kept.

Prints, per run and as medians: the cores of the data plane and of each haplab part (API,
worker, each agent, PostgreSQL, Redis), the sum of haplab's own processes (API + worker +
agents) and the same with PostgreSQL and Redis; then the median cores of every haplab process
(which API worker, the Celery parent or a pool child ...). With --profile DIR, one more run (not
counted) is sampled by py-spy over its load (--nonblocking: the processes are not paused;
--gil: only samples where a thread holds the GIL, roughly where CPU goes), one raw profile per
Python process in DIR, and the project's functions taking most of each are printed.

/proc counts CPU in clock ticks (10 ms): over the 8 s kept of a 10 s load a process's figure moves
by 0.00125 cores a tick, so loads of 20 s (--duration 20) and medians over several runs are the
way to compare changes of a few thousandths. Usage (as root, for the namespaces; about 3 minutes
for 5 runs of 20 s):

    .venv/bin/python bench/control_plane_cpu.py [--runs 5] [--duration 20] [--idle 20] [--profile DIR]

py-spy: PY_SPY or /tmp/prof/bin/py-spy or on PATH (`python -m venv /tmp/prof &&
/tmp/prof/bin/pip install py-spy`, not into the project's environment).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from machine_speed import reference_loop_ms
from run_fidelity import (
    DATA_PLANE,
    Api,
    CpuMeter,
    _proc_table,
    haplab_run,
    haplab_stack,
    http_spec,
)

from dev.lab import LocalLab  # after run_fidelity: it puts the repository on the path

OWN_PARTS = ("api", "worker", "agent injector", "agent proxy", "agent target")
STORES = ("postgres", "redis")


class ProcessMeter(CpuMeter):
    """CpuMeter's groups, plus every haplab process's own CPU time at each sample."""

    def __init__(self, interval_s: float = 0.5) -> None:
        super().__init__(interval_s)
        self.per_pid: list[tuple[float, dict[int, float]]] = []
        self.labels: dict[int, str] = {}

    def run(self) -> None:
        thread = threading.Thread(target=self._pids, name="pid-meter", daemon=True)
        thread.start()
        super().run()
        thread.join(2)

    def _pids(self) -> None:
        me = os.getpid()
        while not self._halt.is_set():
            now, table = time.time(), _proc_table()
            used: dict[int, float] = {}
            for pid, (comm, _ppid, cpu) in table.items():
                if pid == me or comm in DATA_PLANE:
                    continue
                group = self._group(pid, table)
                if group in ("other", "bench", "haplab other"):
                    continue
                used[pid] = cpu
                if pid not in self.labels:
                    self.labels[pid] = f"{group:<15} {pid:>7} {_describe(pid, comm)}"
            with self._lock:
                self.per_pid.append((now, used))
            self._halt.wait(self.interval_s)

    def pid_cores(self, start: float, end: float) -> dict[int, float]:
        with self._lock:
            inside = [s for s in self.per_pid if start <= s[0] <= end]
        if len(inside) < 2:
            return {}
        (t_a, a), (t_b, b) = inside[0], inside[-1]
        return {pid: (b[pid] - a.get(pid, 0.0)) / (t_b - t_a) for pid in b}


def _describe(pid: int, comm: str) -> str:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return comm
    words = [w.decode(errors="replace") for w in argv if w]
    text = " ".join(words)
    if "multiprocessing" in text:
        return f"{comm} (a child: {words[-1][:40]})"
    return f"{comm} ({text[-70:]})"


def own(cpu: dict[str, float]) -> float:
    return sum(cpu[p] for p in OWN_PARTS)


def line(cpu: dict[str, float]) -> str:
    parts = ", ".join(f"{p} {cpu[p]:.4f}" for p in (*OWN_PARTS, *STORES))
    return (
        f"data plane {cpu['data plane']:.2f} | haplab {own(cpu):.4f} (+PostgreSQL, Redis: "
        f"{own(cpu) + sum(cpu[s] for s in STORES):.4f}) | {parts} | other {cpu['other']:.2f}"
    )


def py_spy() -> str | None:
    for candidate in (os.environ.get("PY_SPY"), "/tmp/prof/bin/py-spy", shutil.which("py-spy")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def profile_run(
    api: Api, experiment_id: int, lab: LocalLab, meter: ProcessMeter, duration: int, out: Path
) -> None:
    """One more run with py-spy on every haplab Python process during its load."""
    spy = py_spy()
    if spy is None:
        print("--profile: no py-spy found (PY_SPY, /tmp/prof/bin/py-spy, PATH)")
        return
    out.mkdir(parents=True, exist_ok=True)
    pids = [
        pid
        for pid, label in meter.labels.items()
        if any(w in label for w in ("python", "celery", "haplab-agent"))
    ]
    pids = [pid for pid in pids if Path(f"/proc/{pid}").exists()]
    procs: list[tuple[int, Path, subprocess.Popen[bytes]]] = []
    # The load begins about a second after the launch (preparing, the start lead).
    result: dict[str, object] = {}
    runner = threading.Thread(
        target=lambda: result.update(run=haplab_run(api, experiment_id, lab, duration)),
        daemon=True,
    )
    runner.start()
    time.sleep(2)
    for pid in pids:
        raw = out / f"{pid}.txt"
        argv = [spy, "record", "--pid", str(pid), "--duration", str(max(1, duration - 2))]
        argv += ["--rate", "200", "--nonblocking", "--gil", "--format", "raw", "-o", str(raw)]
        procs.append((pid, raw, subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)))
    for _pid, _raw, proc in procs:
        proc.wait(duration + 30)
    runner.join(120)
    for pid, raw, _proc in procs:
        print(f"\n--- {meter.labels[pid]}: {raw}")
        print(top_functions(raw))


PROJECT = ("agents/", "backend/", "worker/", "contract/", "common/")


def top_functions(raw: Path, limit: int = 14) -> str:
    """The project's functions on the most sampled stacks (idle waits left out), as % of busy
    samples; then the innermost frames, any code."""
    if not raw.exists():
        return "    (no profile)"
    total = 0
    inclusive: Counter[str] = Counter()
    leaf: Counter[str] = Counter()
    idle = ("wait (threading", "select (selectors", "_wait_for_tstate_lock", "epoll", "poll (selectors")
    for row in raw.read_text().splitlines():
        stack, _, count = row.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        frames = [re.sub(r":\d+\)$", ")", frame) for frame in stack.split(";")]  # by function
        if any(marker in frames[-1] for marker in idle):
            continue
        n = int(count)
        total += n
        leaf[frames[-1]] += n
        for frame in dict.fromkeys(frames):
            if any(f"({part}" in frame for part in PROJECT):
                inclusive[frame] += n
    if not total:
        return "    (idle)"
    rows = [f"    busy samples: {total}; inclusive:"]
    rows += [f"    {100 * n / total:5.1f}%  {frame[:150]}" for frame, n in inclusive.most_common(limit)]
    rows += ["    leaf:"]
    rows += [f"    {100 * n / total:5.1f}%  {frame[:150]}" for frame, n in leaf.most_common(8)]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per run")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--idle", type=int, default=10, help="seconds measured with the lab idle")
    parser.add_argument("--profile", type=Path, default=None, help="py-spy one more run into this dir")
    args = parser.parse_args()

    meter = ProcessMeter()
    meter.start()
    with haplab_stack() as stack:
        api = Api(stack.api_url, stack.token)
        spec = http_spec(connections=args.connections, duration_s=args.duration)
        experiment_id = api.create_experiment("control-plane-cpu", spec)
        _, first = haplab_run(api, experiment_id, stack.lab, args.duration)
        print(f"first run (not counted): {first.rps:,.0f} req/s", flush=True)
        loads: list[dict[str, float]] = []
        pids: list[dict[int, float]] = []
        speeds: list[float] = []
        for n in range(1, args.runs + 1):
            time.sleep(1)
            speeds.append(reference_loop_ms())  # the lab idle: the machine's speed before this run
            _, measured = haplab_run(api, experiment_id, stack.lab, args.duration)
            window = (measured.load_start + 1, measured.load_start + args.duration - 1)
            loads.append(meter.cores(*window))
            pids.append(meter.pid_cores(*window))
            print(
                f"run {n}: {measured.rps:,.0f} req/s | {line(loads[-1])}"
                f" | reference loop {speeds[-1]:.0f} ms",
                flush=True,
            )
        time.sleep(2)
        idle_start = time.time()
        time.sleep(args.idle)
        idle = meter.cores(idle_start, time.time())
        idle_pids = meter.pid_cores(idle_start, time.time())
        if args.profile is not None:
            profile_run(api, experiment_id, stack.lab, meter, args.duration, args.profile)
    meter.stop()

    medians = {g: statistics.median(c[g] for c in loads) for g in loads[0]}
    print(f"\nmedian over {len(loads)} runs, during the load: {line(medians)}")
    print(f"reference loop before each run (machine_speed.py): {', '.join(f'{ms:.0f}' for ms in speeds)} ms")
    print(f"lab idle ({args.idle} s):                  {line(idle)}")
    print("\nper process, median cores during the load (idle):")
    for pid in sorted({p for c in pids for p in c}, key=lambda p: meter.labels.get(p, "")):
        during = statistics.median(c.get(pid, 0.0) for c in pids)
        print(f"  {during:.4f} ({idle_pids.get(pid, 0.0):.4f})  {meter.labels.get(pid, pid)}")


if __name__ == "__main__":
    main()
