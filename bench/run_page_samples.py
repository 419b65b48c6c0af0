"""What does the run page of a finished 1-hour run cost to load, and does the API give its memory back?

Builds a throwaway stack (bench/bench_stack.py: PostgreSQL, Redis, the real schema, a team with
an API token) with one finished run of 3,600 s (plus 30 s of warm-up) sampled like a real one:
the proxy with 30 keys and 3 hosts with 10 keys each (bench/samples_storage.py's keys), 14,520
samples. Then, for each way of reading them, on a fresh API process (one worker, so the memory
is one process's):

- old: GET /runs/{id}/events        the live stream's replay, what the run page read before
- old: GET /runs/{id}/samples       the row form: one {t, ts, data} object per second and source
- new: GET /runs/{id}/samples/columns?step=12   what the run page reads now (about 300 points)
- new: GET /runs/{id}/samples/columns?from_t=600&to_t=1499   a 15-minute zoom, every second

it reports one client's time (median of 5) and bytes, then 20 concurrent clients for `--seconds`
with hey (requests/s, p95), and the API's RSS: idle (started, one request served), the peak under
load, and 10 s after the load. The goal: the page's data < 300 ms and < 1 MB, and the RSS back
under idle + 50 MB. Usage:

    .venv/bin/python bench/run_page_samples.py [--seconds 20] [--clients 20]
                                               [--env MALLOC_ARENA_MAX=2] [--only rows]
                                               [--old-checkout DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import psycopg
from api_capacity import api, hey, process_tree, rss_mb
from bench_stack import ROOT, Stack, bench_stack
from samples_storage import HOST_KEYS, HOSTS, PROXY, PROXY_KEYS

WARMUP_S = 30
DURATION_S = 3600
PAGE_STEP = 12  # frontend/src/pages/run/sampleColumns.ts chartStep(3630)


def seed_run(stack: Stack) -> int:
    """One succeeded run of WARMUP_S + DURATION_S seconds with its samples and their keys."""
    spec = {"load": {"warmup_s": WARMUP_S, "duration_s": DURATION_S}}
    with psycopg.connect(stack.dsn) as conn:
        launch = conn.execute(
            "INSERT INTO launch"
            " (team_id, experiment_id, experiment_version_id, lab_id, total_runs, overrides)"
            " VALUES (%s, %s, %s, %s, 1, '{}') RETURNING id",
            (stack.team_id, stack.experiment_id, stack.version_id, stack.lab_id),
        ).fetchone()[0]  # type: ignore[index]
        run_id = conn.execute(
            "INSERT INTO run (team_id, experiment_id, experiment_version_id, launch_id, lab_id, point_index,"
            " repetition, params, spec, state, command_lines, environment)"
            " VALUES (%s, %s, %s, %s, %s, 0, 0, '{}', %s, 'succeeded', '{}', '{}') RETURNING id",
            (stack.team_id, stack.experiment_id, stack.version_id, launch, stack.lab_id, json.dumps(spec)),
        ).fetchone()[0]  # type: ignore[index]
        for source, keys in ((PROXY, PROXY_KEYS), *((h, HOST_KEYS) for h in HOSTS)):
            # Values like real ones: counters of a few thousand a second, gauges as small levels.
            data = "jsonb_build_object(" + ", ".join(f"'{k}', (random() * 5000)::int" for k in keys) + ")"
            conn.execute(
                f"INSERT INTO sample (run_id, source, t, ts, data)"  # noqa: S608 - constant SQL
                f" SELECT %s, %s, t, now() + t * interval '1 second', {data}"
                f" FROM generate_series(%s::int, %s::int) t",
                (run_id, source, -WARMUP_S, DURATION_S - 1),
            )
        conn.execute(
            "INSERT INTO sample_key (run_id, source, key)"
            " SELECT DISTINCT run_id, source, jsonb_object_keys(data) FROM sample WHERE run_id = %s",
            (run_id,),
        )
        conn.execute("ANALYZE sample")
    return int(run_id)


class PeakRss:
    """The largest RSS of a process tree, polled every 0.2 s while in the `with` block."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        while not self._stop.wait(0.2):
            self.peak = max(self.peak, rss_mb(process_tree(self.pid)))

    def __enter__(self) -> PeakRss:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def measure(
    stack: Stack, log_dir: Path, name: str, path: str, seconds: int, clients: int, checkout: Path = ROOT
) -> dict[str, object]:
    with api(stack, log_dir, 1, checkout) as (url, pid):
        headers = {"Authorization": f"Bearer {stack.token}"}
        with httpx.Client(base_url=url, headers=headers, timeout=120) as http:
            http.get(path).raise_for_status()  # warm: imports, the pool, the plan cache
            idle = rss_mb(process_tree(pid))
            times, size = [], 0
            for _ in range(5):
                t0 = time.perf_counter()
                response = http.get(path)
                times.append((time.perf_counter() - t0) * 1000)
                response.raise_for_status()
                size = len(response.content)
        with PeakRss(pid) as peak:
            rps, pct, bad = hey(url + path, stack.token, seconds, clients)
        time.sleep(10)
        after = rss_mb(process_tree(pid))
    row: dict[str, object] = {
        "read": name,
        "one client ms": statistics.median(times),
        "bytes": size,
        "req/s": rps,
        "p95 ms": pct.get("95", 0.0),
        "errors": bad,
        "RSS idle MB": idle,
        "RSS peak MB": peak.peak,
        "RSS after MB": after,
    }
    print(
        f"{name:<34}{row['one client ms']:>9.0f}{size:>12,}{rps:>8.1f}{pct.get('95', 0.0):>8.0f}{bad:>5}"
        f"{idle:>7.0f}{peak.peak:>7.0f}{after:>7.0f}{after - idle:>+7.0f}",
        flush=True,
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=20, help="seconds of load per read")
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="in the API's environment, e.g. MALLOC_ARENA_MAX=2 or MALLOC_MMAP_THRESHOLD_=131072",
    )
    parser.add_argument("--only", help="only the reads whose name contains this")
    parser.add_argument(
        "--old-checkout",
        type=Path,
        help="a checkout of the code before the columnar form (git archive REF | tar -x -C DIR):"
        " its API serves the row form too, so before and after are measured in one run",
    )
    args = parser.parse_args()
    for setting in args.env:
        name, _, value = setting.partition("=")
        os.environ[name] = value
    with bench_stack() as stack, tempfile.TemporaryDirectory(prefix="haplab-bench-api-") as tmp:
        run_id = seed_run(stack)
        columns = f"/api/v1/runs/{run_id}/samples/columns"
        reads = {
            "before: /events (SSE replay)": f"/api/v1/runs/{run_id}/events",
            "now: /samples (rows)": f"/api/v1/runs/{run_id}/samples",
            f"now: /samples/columns?step={PAGE_STEP}": f"{columns}?step={PAGE_STEP}",
            "now: columns, 15 min at 1 s": f"{columns}?from_t=600&to_t=1499",
        }
        print(
            f"run {run_id}: {WARMUP_S + DURATION_S} s x 4 sources;"
            f" {args.clients} clients, {args.seconds} s each"
        )
        print(
            f"{'read':<34}{'1 cl ms':>9}{'bytes':>12}{'req/s':>8}{'p95 ms':>8}{'err':>5}"
            f"{'idle':>7}{'peak':>7}{'after':>7}{'a-i':>7}   (RSS MB)"
        )
        for name, path in reads.items():
            if args.only and args.only not in name:
                continue
            measure(stack, Path(tmp), name, path, args.seconds, args.clients)
            if args.old_checkout and name == "now: /samples (rows)":
                name = "before: /samples (rows)"
                measure(stack, Path(tmp), name, path, args.seconds, args.clients, args.old_checkout)


if __name__ == "__main__":
    main()
