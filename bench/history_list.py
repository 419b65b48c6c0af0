"""Does the History list stay fast with 10,000 runs?

Seeds 10,000 runs (5 experiments with tags, mixed states, created over 100 days) in one team of
a real database, then times GET /api/v1/runs over HTTP against uvicorn, as the History page
calls it: the first page, deep pages (offset 5,000 and the last page), and each filter (state,
experiment, tag, date range). Median and p95 of 30 calls each; every call also counts the total.

Usage:  .venv/bin/python bench/history_list.py [--runs 10000]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import httpx
import psycopg
from bench_stack import Stack, bench_stack

STATES = ["succeeded"] * 8 + ["failed", "cancelled"]


def seed(stack: Stack, n_runs: int) -> None:
    with psycopg.connect(stack.dsn) as conn:
        # Four more experiments (the stack has one), each with its own tag and version.
        conn.execute(
            "INSERT INTO experiment (team_id, name, description, tags, latest_version, updated_at)"
            " SELECT %s, 'bench ' || g, '', ARRAY['tag' || g], 1, now() FROM generate_series(2, 5) g",
            (stack.team_id,),
        )
        conn.execute(
            "INSERT INTO experiment_version (experiment_id, version, spec_version, spec, note)"
            " SELECT id, 1, 1, '{}', '' FROM experiment WHERE team_id = %s AND id <> %s",
            (stack.team_id, stack.experiment_id),
        )
        conn.execute(
            "INSERT INTO launch"
            " (team_id, experiment_id, experiment_version_id, lab_id, total_runs, overrides)"
            " SELECT e.team_id, e.id, v.id, %s, %s, '{}' FROM experiment e JOIN experiment_version v"
            " ON v.experiment_id = e.id WHERE e.team_id = %s",
            (stack.lab_id, n_runs // 5, stack.team_id),
        )
        # Runs spread over the launches round-robin, created over the last 100 days, in id order.
        conn.execute(
            "INSERT INTO run (team_id, experiment_id, experiment_version_id, launch_id, lab_id, point_index,"
            " repetition, params, spec, state, command_lines, environment, created_at, summary)"
            " SELECT l.team_id, l.experiment_id, l.experiment_version_id, l.id, l.lab_id, g / 5, 0,"
            "  jsonb_build_object('proxy.global.maxconn', g %% 100), '{}',"
            "  (%s::text[])[1 + g %% 10], '{}', '{}',"
            "  now() - (%s - g) * interval '864 seconds', '{\"total\": {\"rps\": 1}}'"
            " FROM generate_series(0, %s - 1) g"
            " JOIN (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k FROM launch) l ON l.k = g %% 5",
            (STATES, n_runs, n_runs),
        )
        conn.execute("ANALYZE")


def time_list(stack: Stack, n_runs: int, repeats: int = 30) -> list[tuple[str, float, float, int]]:
    day = time.strftime("%Y-%m-%dT00:00:00Z", time.gmtime(time.time() - 30 * 86400))
    week = time.strftime("%Y-%m-%dT00:00:00Z", time.gmtime(time.time() - 23 * 86400))
    cases: dict[str, dict[str, Any]] = {
        "first page (50, newest)": {"limit": 50},
        "oldest first": {"limit": 50, "order": "oldest"},
        "offset 5,000": {"limit": 50, "offset": 5000},
        "last page": {"limit": 50, "offset": n_runs - 50},
        "state=failed": {"limit": 50, "state": "failed"},
        "state=failed,cancelled, page 10": {"limit": 50, "state": ["failed", "cancelled"], "offset": 450},
        "experiment": {"limit": 50, "experiment_id": stack.experiment_id},
        "tag": {"limit": 50, "tag": "tag3"},
        "one week, 30 days ago": {"limit": 50, "since": day, "until": week},
        "200 per page": {"limit": 200},
    }
    out = []
    headers = {"Authorization": f"Bearer {stack.token}"}
    with httpx.Client(base_url=f"{stack.url}/api/v1", headers=headers, timeout=30) as http:
        for name, params in cases.items():
            times = []
            total = 0
            for _ in range(repeats):
                t0 = time.perf_counter()
                r = http.get("/runs", params=params)
                times.append((time.perf_counter() - t0) * 1000)
                assert r.status_code == 200, r.text
                total = r.json()["total"]
            times.sort()
            out.append((name, statistics.median(times), times[int(len(times) * 0.95) - 1], total))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=10_000)
    args = parser.parse_args()
    with bench_stack() as stack:
        seed(stack, args.runs)
        results = time_list(stack, args.runs)
    print(f"GET /api/v1/runs with {args.runs:,} runs in the team (HTTP round trip, uvicorn, 30 calls each)")
    print(f"{'query':<34}{'median ms':>10}{'p95 ms':>9}{'total':>8}")
    for name, median, p95, total in results:
        print(f"{name:<34}{median:>10.1f}{p95:>9.1f}{total:>8}")


if __name__ == "__main__":
    main()
