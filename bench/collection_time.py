"""How long after a long vegeta run are its results ready, and how much memory does reading them take?

Starts the target role's nginx on loopback (/fast) and runs the same open-loop vegeta load
(default 2,000 req/s for 300 s = 600,000 requests, the run of the issue; about 11 minutes in
all) twice, each time in a fresh Python process that hosts the vegeta driver as the agent does:
- new: the driver's follower reads vegeta's results file WHILE vegeta runs (the agent's path);
- old: after vegeta exits, `vegeta encode -to csv` of the whole file, then every row parsed
  and read at once (the path the agent had before; reimplemented here only).
For each it prints (a) seconds from vegeta's exit to the summary being ready, (b) the hosting
process's peak RSS growth over its RSS before the load, its CPU seconds, and the ratios old/new.
The new path then also reads the same file the old way (outside the measurement) and checks the
two readings are identical, and prints how far the schedule's origin (the least-late of the
first ORIGIN_SLOTS requests) lies from the least-late of all requests (the rule before).
Usage:

    .venv/bin/python bench/collection_time.py [--rate 2000] [--duration 300]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.drivers import ToolRun
from agents.drivers.base import Outcome, summarize
from agents.drivers.vegeta import RESULTS_FILE, ResultsFollower, VegetaDriver
from agents.drivers.vegeta_results import (
    ORIGIN_SLOTS,
    Pace,
    Reading,
    Window,
    parse_csv,
    read,
    schedule_origin,
    window_of,
)
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from contract.load import LoadProfile
from contract.protocol import StartTargets
from contract.target import Endpoint, ManagedTarget

WARMUP_S = 1
EXIT_GRACE_S = 60  # vegeta must have exited this long after its planned end


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def profile_of(rate: int, duration_s: int) -> LoadProfile:
    return LoadProfile(
        driver="vegeta", rate=rate, duration_s=duration_s, warmup_s=WARMUP_S, connections=50, path="/fast"
    )


def old_reading(
    driver: VegetaDriver, profile: LoadProfile, workdir: Path
) -> tuple[Reading, Window, list[Any]]:
    """The agent's former collection: decode the whole file after the exit, parse every row, read."""
    csv_path = workdir / "vegeta-results.csv"
    argv = [driver.binary, "encode", "-to", "csv", "-output", str(csv_path), str(workdir / RESULTS_FILE)]
    subprocess.run(argv, check=True, capture_output=True, timeout=600)
    rows = parse_csv(csv_path.read_text())
    csv_path.unlink()
    pace = Pace.of(profile.rate) if profile.rate is not None else None
    window = window_of(profile.total_seconds, profile.warmup_s, None)
    return read(rows, window, pace), window, rows


def child(path: str, address: str, rate: int, duration_s: int, workdir: Path) -> dict[str, Any]:
    """One load, collected the `path` way, measured from inside the process that collects."""
    driver = VegetaDriver()
    profile = profile_of(rate, duration_s)
    workdir.mkdir(parents=True)
    argv = driver.command(profile, f"http://{address}", workdir)
    base_rss, base_cpu = rss_kb(), cpu_s()
    follower: ResultsFollower | None = None
    held = [0]
    rss_series: list[tuple[float, int]] = []  # (seconds since the start, RSS kB)
    stop_watch = threading.Event()
    began = time.monotonic()
    if path == "new":
        follower = driver.follower(profile, workdir)
        follower.start()

    def watch() -> None:  # RSS over the run, rows the tally holds (bounded: ends with the run)
        while not stop_watch.wait(0.2):
            rss_series.append((time.monotonic() - began, rss_kb()))
            held[0] = max(held[0], follower.tally.held if follower else 0)

    threading.Thread(target=watch, daemon=True).start()
    with (workdir / "stdout.txt").open("wb") as out, (workdir / "stderr.txt").open("wb") as err:
        proc = subprocess.Popen(argv, stdout=out, stderr=err, start_new_session=True)
    code = proc.wait(timeout=profile.total_seconds + EXIT_GRACE_S)
    ended = time.monotonic()
    cpu_during = cpu_s() - base_cpu
    if path == "new":
        run = ToolRun(profile, workdir, code, "", "", 0.0, stopped_early=False, follower=follower)
        summary = driver.parse(run, "bench")
    else:
        reading, window, _ = old_reading(driver, profile, workdir)
        summary = summarize("bench", "vegeta", driver_outcome(reading, window), [])
    ready_s = time.monotonic() - ended
    stop_watch.set()
    load_s = profile.total_seconds

    def growth_at(share: float) -> float:  # RSS growth (MB) at this share of the load's seconds
        kb = [rss for at, rss in rss_series if at <= share * load_s]
        return (kb[-1] - base_rss) / 1024 if kb else 0.0

    result: dict[str, Any] = {
        "ready_s": ready_s,
        "rss_growth_at_25_50_100_pct_mb": [round(growth_at(x), 1) for x in (0.25, 0.5, 1.0)],
        "rss_growth_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base_rss) / 1024,
        "cpu_during_s": cpu_during,
        "cpu_total_s": cpu_s() - base_cpu,
        "requests": summary.requests,
        "sent": summary.open_loop.sent if summary.open_loop else 0,
        "late": summary.open_loop.late_sends if summary.open_loop else 0,
        "p50_ms": summary.latency.p50 if summary.latency else None,
        "p99_ms": summary.latency.p99 if summary.latency else None,
        "file_mb": (workdir / RESULTS_FILE).stat().st_size / 1e6,
    }
    if path == "new" and follower is not None:
        # Outside the measurement: the whole file read the old way must give the same reading.
        streamed, _ = follower.tally.finish(False)
        batch, _, rows = old_reading(driver, profile, workdir)
        assert profile.rate is not None
        interval = Pace.of(profile.rate).interval_ns
        origin = schedule_origin(rows, Pace.of(profile.rate))
        least_late_of_all = min(r.sent_ns - (r.seq + 1) * interval for r in rows)
        result |= {
            "held_rows_max": held[0],
            "rows": len(rows),
            "same_as_batch": streamed == batch,
            "origin_shift_us": (origin - least_late_of_all) / 1000,
            "sends_before_origin_slot": sum(1 for r in rows if r.sent_ns - (r.seq + 1) * interval < origin),
        }
    return result


def driver_outcome(reading: Reading, window: Window) -> Outcome:
    return Outcome(
        successes=reading.successes,
        errors=reading.errors,
        duration_s=window.seconds,
        bytes_received=reading.bytes_received,
        latency=reading.latency,
        histogram=reading.histogram,
        warnings=[],
        open_loop=reading.open_loop,
        drain=reading.drain,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rate", type=int, default=2000)
    parser.add_argument("--duration", type=int, default=300)
    parser.add_argument("--child", choices=["new", "old"], help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    parser.add_argument("--workdir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.address, args.rate, args.duration, args.workdir)))
        return
    total = args.rate * (args.duration + WARMUP_S)
    print(
        f"vegeta {VegetaDriver().available()} -> nginx /fast on loopback: {args.rate} req/s for "
        f"{WARMUP_S} + {args.duration} s (~{total:,} requests) per path, origin from the first "
        f"{ORIGIN_SLOTS} requests"
    )
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="hl-bench-collect-") as tmp:
        Path(tmp).chmod(0o711)  # nginx's unprivileged user passes through (agents.privileges)
        role = TargetRole(AgentContext.local("bench-target", Path(tmp) / "target"))
        data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=[Endpoint(path="/fast")])))
        address = str(data["addresses"][0])  # type: ignore[index]
        try:
            for path in ("new", "old"):
                argv = [sys.executable, __file__, "--child", path, "--address", address]
                argv += ["--rate", str(args.rate), "--duration", str(args.duration)]
                argv += ["--workdir", str(Path(tmp) / path)]
                limit = args.duration + WARMUP_S + EXIT_GRACE_S + 900
                done = subprocess.run(argv, capture_output=True, text=True, timeout=limit, check=True)
                results[path] = json.loads(done.stdout.strip().splitlines()[-1])
                print(f"  {path}: {json.dumps(results[path])}", flush=True)
        finally:
            role.close()
    new, old = results["new"], results["old"]
    print(f"{'':28}{'new':>10}{'old':>10}{'old/new':>10}")
    for key, label in (
        ("ready_s", "exit -> summary ready, s"),
        ("rss_growth_mb", "peak RSS growth, MB"),
        ("cpu_total_s", "collector CPU, s"),
        ("cpu_during_s", "  of it during the load, s"),
    ):
        ratio = old[key] / new[key] if new[key] else float("inf")
        print(f"{label:28}{new[key]:>10.2f}{old[key]:>10.2f}{ratio:>10.1f}")
    print(f"requests: new {new['requests']:,}, old {old['requests']:,}; rows in the new file {new['rows']:,}")
    print(
        f"new path: at most {new['held_rows_max']:,} rows held at once; same reading as the whole file "
        f"read at once: {new['same_as_batch']}; origin {new['origin_shift_us']:.1f} us after the least-late "
        f"of all requests ({new['sends_before_origin_slot']} sends before their slot by that origin)"
    )
    for path in ("new", "old"):
        at = results[path]["rss_growth_at_25_50_100_pct_mb"]
        print(f"{path}: RSS growth at 25 / 50 / 100 % of the load: {at[0]} / {at[1]} / {at[2]} MB")


if __name__ == "__main__":
    main()
