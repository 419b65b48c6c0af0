"""The API's CPU for one `GET /api/v1/runs/{id}`, in-process: variants A/B, without hey's noise.

bench/api_read_ab.py measures the API under 20 clients, and its rates move with whatever else
the host runs (2026-11-26: another engineer's HAProxy/wrk loads took 0.5-1 core at times). A
change worth 2-5 % of a read's CPU is lost in that. Here each variant's app (a checkout
directory, as api_read_ab.py takes) is made in a process of its own, driven through httpx's
ASGI transport (FastAPI, its dependencies, the thread hand-off, the real PostgreSQL; no uvicorn,
no sockets) with `--requests` reads one after the other, and the process's CPU time per read
(`time.process_time`) is reported. The variants take turns `--rounds` times; the median per
variant and each one's median ratio to the first (same round) are printed.

    .venv/bin/python bench/api_read_cpu.py --variant before=/tmp/ab/base --variant after=. \
        [--rounds 5] [--requests 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

from api_capacity import RUNS, whole_run
from bench_stack import ROOT, bench_stack
from history_list import seed

CHILD = r"""
import asyncio, json, os, sys, time
import httpx
from backend.app import create_app
from backend import gc_tuning

app = create_app()
gc_tuning.settle()
url = "http://api/api/v1/runs/" + os.environ["BENCH_RUN_ID"]
headers = {"Authorization": "Bearer " + os.environ["BENCH_TOKEN"]}
n = int(os.environ["BENCH_REQUESTS"])

async def main():
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app)) as client:
        for _ in range(200):
            r = await client.get(url, headers=headers)
            assert r.status_code == 200, r.text
        started, wall = time.process_time(), time.perf_counter()
        for _ in range(n):
            r = await client.get(url, headers=headers)
            assert r.status_code == 200
        cpu, wall = time.process_time() - started, time.perf_counter() - wall
        print(json.dumps({"cpu_ms": 1000 * cpu / n, "wall_ms": 1000 * wall / n, "bytes": len(r.content)}))

asyncio.run(main())
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", required=True, metavar="LABEL=DIR")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    variants = [(label, (ROOT / d).resolve()) for label, _, d in (v.partition("=") for v in args.variant)]

    with bench_stack() as stack:
        seed(stack, RUNS)
        run_id = whole_run(stack.dsn)
        results: dict[str, list[dict[str, float]]] = {label: [] for label, _ in variants}
        for r in range(args.rounds):
            for label, directory in variants[r % len(variants) :] + variants[: r % len(variants)]:
                env = {
                    **os.environ,
                    "PYTHONPATH": str(directory),
                    "HAPLAB_ENVIRONMENT": "test",
                    "HAPLAB_DATABASE_URL": stack.dsn.replace("postgresql://", "postgresql+psycopg://"),
                    "BENCH_RUN_ID": str(run_id),
                    "BENCH_TOKEN": stack.token,
                    "BENCH_REQUESTS": str(args.requests),
                }
                out = subprocess.run(
                    [sys.executable, "-c", CHILD], cwd=directory, env=env, capture_output=True, text=True
                )
                if out.returncode != 0:
                    raise SystemExit(f"{label}: {out.stderr[-3000:]}")
                got = json.loads(out.stdout.strip().splitlines()[-1])
                results[label].append(got)
                print(
                    f"  round {r} {label:<22} CPU {got['cpu_ms']:.3f} ms/read  wall {got['wall_ms']:.3f} ms"
                    f"  {got['bytes']:,} B",
                    flush=True,
                )
        first = variants[0][0]
        print("\n| variant | API CPU ms/read (median) | vs first (median of rounds) |")
        print("|---|---:|---:|")
        for label, _ in variants:
            cpu = statistics.median(x["cpu_ms"] for x in results[label])
            ratio = statistics.median(
                b["cpu_ms"] / a["cpu_ms"] for a, b in zip(results[first], results[label], strict=True)
            )
            print(f"| {label} | {cpu:.3f} | x{ratio:.3f} |")


if __name__ == "__main__":
    main()
