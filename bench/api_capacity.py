"""How many simple reads a second does the API serve on this machine, at what p95, for what CPU?

Builds a throwaway stack (bench/bench_stack.py: PostgreSQL, Redis, the real schema, a team with
an API token) with 1,000 runs of realistic size (bench/history_list.py's seed), then, for each
API configuration asked, starts the API with `python -m backend.serve --workers N` and drives it
with hey (20 concurrent clients, keep-alive, a bearer token, 10 s per endpoint) on the reads a
page or a script makes most:

- GET /api/v1/runs?limit=50          the History list (one page, with its total)
- GET /api/v1/runs/{id}              one run (its summary and verdict)
- GET /api/v1/experiments            the experiments list
- GET /api/v1/health                 no database, no auth: the floor of the stack

and reports requests/s, p50/p95/p99 (hey's) and the CPU the API's processes used per request
(utime + stime of the server and its workers, from /proc, over the load), which is the figure
least moved by a noisy machine, and PostgreSQL's (its postmaster and every backend): on one
machine the two share the cores, so both bound the rate. Beside each, the CPU time of a fixed
Python loop taken just before the load (`reference_loop_ms`): a shared host's speed changes by
half within minutes, and every figure here moves with it.

`--compare-with REF` runs the same loads against the API of an earlier commit (a git worktree of
REF, same database, same venv) first, so before and after are measured in one go.

Usage:
    .venv/bin/python bench/api_capacity.py [--workers 1 2] [--seconds 10] [--clients 20]
                                           [--compare-with 159be0f]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
from bench_stack import ROOT, Stack, bench_stack
from history_list import seed
from machine_speed import reference_loop_ms

from common.process_groups import stop_session
from dev.services import free_port

RUNS = 1_000


@dataclass
class Result:
    label: str
    endpoint: str
    rps: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    cpu_ms_per_request: float
    pg_cpu_ms_per_request: float
    non_200: int
    reference_ms: float


def process_tree(pid: int) -> list[int]:
    """pid and its descendants (uvicorn's supervisor and its workers)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo.extend(children.get(p, []))
    return tree


def cpu_seconds(pids: list[int]) -> float:
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total / 1024


@contextlib.contextmanager
def api(stack: Stack, log_dir: Path, workers: int, checkout: Path) -> Iterator[tuple[str, int]]:
    """The API of `checkout` with `workers` processes, on a free port; yields (url, pid)."""
    port = free_port()
    env = {
        **os.environ,
        "HAPLAB_ENVIRONMENT": "test",
        "HAPLAB_DATABASE_URL": stack.dsn.replace("postgresql://", "postgresql+psycopg://"),
        "PYTHONPATH": str(checkout),
    }
    serve = (checkout / "backend" / "serve.py").exists()
    # An earlier commit may predate backend.serve: then uvicorn itself, with the same workers.
    entry = ["backend.serve"] if serve else ["uvicorn", "backend.app:create_app", "--factory"]
    cmd = [sys.executable, "-m", *entry, "--workers", str(workers), "--log-level", "warning"]
    cmd += ["--host", "127.0.0.1", "--port", str(port)]
    with open(log_dir / f"api-{port}.log", "wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=checkout, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise SystemExit(f"the API exited: {(log_dir / f'api-{port}.log').read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{url}/api/v1/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.2)
        time.sleep(1)  # every worker up (health answered by one of them)
        yield url, proc.pid
    finally:
        stop_session(proc, [(signal.SIGTERM, 15)])


HEY_RPS = re.compile(r"Requests/sec:\s+([\d.]+)")


def hey(url: str, token: str | None, seconds: int, clients: int) -> tuple[float, dict[str, float], int]:
    cmd = ["hey", "-z", f"{seconds}s", "-c", str(clients)]
    if token:
        cmd += ["-H", f"Authorization: Bearer {token}"]
    out = subprocess.run([*cmd, url], capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    rps_match = HEY_RPS.search(out)
    if rps_match is None:
        raise SystemExit(f"hey printed no rate:\n{out}")
    percentiles = {
        m.group(1): float(m.group(2)) * 1000 for m in re.finditer(r"(\d+)%+ in ([\d.]+) secs", out)
    }
    codes = {int(c): int(n) for c, n in re.findall(r"\[(\d{3})\]\s+(\d+) responses", out)}
    return float(rps_match.group(1)), percentiles, sum(n for c, n in codes.items() if c != 200)


def postmaster_pid(dsn: str) -> int:
    with psycopg.connect(dsn) as conn:
        row = conn.execute("SELECT setting FROM pg_settings WHERE name = 'data_directory'").fetchone()
    assert row is not None
    return int((Path(row[0]) / "postmaster.pid").read_text().split()[0])


def measure(
    label: str, url: str, pid: int, stack: Stack, run_id: int, seconds: int, clients: int
) -> list[Result]:
    postgres = postmaster_pid(stack.dsn)
    endpoints = {
        "GET /runs?limit=50": (f"{url}/api/v1/runs?limit=50", stack.token),
        "GET /runs/{id}": (f"{url}/api/v1/runs/{run_id}", stack.token),
        "GET /experiments": (f"{url}/api/v1/experiments", stack.token),
        "GET /health": (f"{url}/api/v1/health", None),
    }
    results = []
    for name, (target, token) in endpoints.items():
        hey(target, token, 2, clients)  # warm: pools, caches, every worker
        reference = reference_loop_ms()
        pids, pg_pids = process_tree(pid), process_tree(postgres)
        before, pg_before = cpu_seconds(pids), cpu_seconds(pg_pids)
        rps, pct, bad = hey(target, token, seconds, clients)
        cpu = cpu_seconds(pids) - before
        pg_cpu = cpu_seconds(pg_pids) - pg_before
        result = Result(
            label,
            name,
            rps,
            pct.get("50", 0),
            pct.get("95", 0),
            pct.get("99", 0),
            1000 * cpu / max(1.0, rps * seconds),
            1000 * pg_cpu / max(1.0, rps * seconds),
            bad,
            reference,
        )
        print(
            f"  {label:<24} {name:<20} {rps:8.1f} req/s  p50 {result.p50_ms:6.1f}  p95 {result.p95_ms:6.1f}"
            f"  p99 {result.p99_ms:6.1f} ms  CPU {result.cpu_ms_per_request:5.2f} ms/req"
            f" (PostgreSQL {result.pg_cpu_ms_per_request:4.2f})"
            f"  non-200 {bad}  RSS {rss_mb(pids):.0f} MB  reference loop {reference:.0f} ms",
            flush=True,
        )
        results.append(result)
    return results


@contextlib.contextmanager
def worktree(ref: str) -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="haplab-bench-ref-"))
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(path), ref], cwd=ROOT, check=True, capture_output=True
    )
    try:
        # The built frontend is not in git; an API without it serves the API alone, which is all we ask.
        yield path
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, check=False)


def whole_run(dsn: str) -> int:
    """The seeded run the reads ask for: a succeeded one whose summary is whole (the seed varies
    timeouts without their total)."""
    with psycopg.connect(dsn) as conn:
        row = conn.execute(
            "SELECT max(id) FROM run WHERE state = 'succeeded'"
            " AND (summary #>> '{total,errors,timeout}')::int = 0"
        ).fetchone()
    assert row is not None
    return int(row[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--compare-with", metavar="REF", help="also measure this commit's API first")
    args = parser.parse_args()

    with bench_stack() as stack, tempfile.TemporaryDirectory(prefix="haplab-api-capacity-") as tmp:
        seed(stack, RUNS)
        run_id = whole_run(stack.dsn)
        print(
            f"{RUNS:,} runs seeded; {args.clients} clients, {args.seconds} s per endpoint;"
            f" {os.cpu_count()} cores"
        )
        results: list[Result] = []
        configs: list[tuple[str, Path, int]] = []
        ref_tree = contextlib.ExitStack()
        with ref_tree:
            if args.compare_with:
                ref_path = ref_tree.enter_context(worktree(args.compare_with))
                configs += [(f"{args.compare_with} x{w}", ref_path, w) for w in args.workers]
            configs += [(f"this checkout x{w}", ROOT, w) for w in args.workers]
            for label, checkout, workers in configs:
                with api(stack, Path(tmp), workers, checkout) as (url, pid):
                    results += measure(label, url, pid, stack, run_id, args.seconds, args.clients)
        print(
            "\n| API | endpoint | req/s | p50 ms | p95 ms | p99 ms | API CPU ms/req | PostgreSQL CPU ms/req"
            " | reference loop ms |"
        )
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in results:
            print(
                f"| {r.label} | {r.endpoint} | {r.rps:.0f} | {r.p50_ms:.1f} | {r.p95_ms:.1f} | {r.p99_ms:.1f}"
                f" | {r.cpu_ms_per_request:.2f} | {r.pg_cpu_ms_per_request:.2f} | {r.reference_ms:.0f} |"
            )


if __name__ == "__main__":
    main()
