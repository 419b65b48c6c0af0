"""What wrk's response() hook costs: the same wrk run with and without it, side by side.

A run's wrk counts what completed inside the measured window with a Lua response() hook
(agents/drivers/wrk_report.lua): wrk then copies every response's headers and body into Lua and
calls the hook, which reads the clock. This starts the target role's nginx (/fast = `return
200`, /page = a 50 KB body) and a HAProxy with `nbthread 2` in front of it, as a run does, and
runs `wrk -t2 -c50` through the injector's wrk driver against each path, alternating with and
without the hook (the window passed or not), for --rounds rounds, all on this one machine. It
prints each pair's successful req/s and wrk's own CPU time per response (user + system, from
the kernel's accounting of the finished process), and the medians per path. On two shared cores
the req/s move with whatever else runs (other suites, HAProxy and nginx themselves); the CPU
time per response is what the hook adds to wrk's own work, and what caps wrk's rate on an
injector host of its own. Usage:

    .venv/bin/python bench/wrk_response_hook.py [--duration 5] [--rounds 5]
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from target_capacity import haproxy_in_front

from agents.drivers import MeasuredWindow, ToolRun
from agents.drivers.wrk import WrkDriver
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from contract.load import LoadProfile
from contract.protocol import StartTargets
from contract.target import Endpoint, ManagedTarget

PATHS = ("/fast", "/page")


@contextlib.contextmanager
def nginx_target(workdir: Path) -> Iterator[str]:
    role = TargetRole(AgentContext.local("bench-target", workdir))
    endpoints = [Endpoint(path="/fast"), Endpoint(path="/page", body_bytes=50_000)]
    try:
        data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=endpoints)))
        yield str(data["addresses"][0])  # type: ignore[index]
    finally:
        role.close()


def measure(address: str, path: str, duration_s: int, hook: bool, workdir: Path) -> tuple[float, float]:
    """Successful requests per second of one wrk -t2 -c50 run, counted by wrk itself over its run
    (the window, when hooked, covers all of it, so both count the same thing), and wrk's CPU
    microseconds per response."""
    driver = WrkDriver()
    profile = LoadProfile(driver="wrk", threads=2, connections=50, duration_s=duration_s, path=path)
    workdir.mkdir(parents=True, exist_ok=True)
    window = MeasuredWindow(time.time() - 60, duration_s + 120) if hook else None
    argv = driver.command(profile, f"http://{address}", workdir, window)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        argv, cwd=workdir, capture_output=True, text=True, timeout=duration_s + 60, check=False
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_s = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    run = ToolRun(profile, workdir, done.returncode, done.stdout, done.stderr, 0.0, stopped_early=False)
    summary = driver.parse(run, "bench")  # no window on the ToolRun: wrk's own totals, hooked or not
    if summary.errors.total:
        raise SystemExit(f"errors during the benchmark: {summary.errors}")
    return summary.rps, 1e6 * cpu_s / max(1, summary.successes)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=5, help="with/without pairs per path, alternating")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp:
        root = Path(tmp)
        root.chmod(0o711)  # as root, nginx runs as the lab's target user, which must traverse it
        with nginx_target(root / "target") as upstream, haproxy_in_front(root, upstream) as proxied:
            print(f"wrk -t2 -c50 through haproxy nbthread 2 at {proxied}, {args.duration} s per run")
            costs: dict[str, list[float]] = {path: [] for path in PATHS}
            cpu: dict[tuple[str, bool], list[float]] = {
                (p, hook): [] for p in PATHS for hook in (False, True)
            }
            for round_no in range(1, args.rounds + 1):
                for path in PATHS:
                    # Alternate which goes first, so a trend on the box falls on both equally.
                    order = (False, True) if round_no % 2 else (True, False)
                    rates = {}
                    for hook in order:
                        workdir = root / f"{path[1:]}-{round_no}-{hook}"
                        rates[hook], per_response = measure(proxied, path, args.duration, hook, workdir)
                        cpu[path, hook].append(per_response)
                        time.sleep(1)
                    costs[path].append(100 * (1 - rates[True] / rates[False]))
                    print(
                        f"round {round_no} {path}: without the hook {rates[False]:,.0f} req/s "
                        f"({cpu[path, False][-1]:.2f} us CPU each), with it {rates[True]:,.0f} req/s "
                        f"({cpu[path, True][-1]:.2f} us), throughput cost {costs[path][-1]:+.1f} %"
                    )
            for path, values in costs.items():
                without, with_hook = (statistics.median(cpu[path, hook]) for hook in (False, True))
                print(
                    f"{path}: median throughput cost {statistics.median(values):+.1f} % "
                    f"(of {len(values)} pairs); wrk CPU per response {without:.2f} us without, "
                    f"{with_hook:.2f} us with the hook ({100 * (with_hook / without - 1):+.0f} %)"
                )


if __name__ == "__main__":
    main()
