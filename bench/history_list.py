"""Does the History list stay fast with 10,000 runs (or a million), sorted, searched, with trends?

Seeds 10,000 runs (or --runs) (5 experiments with tags, mixed states, created over 100 days) in one team of
a real database, with rows the size of real ones: a seed experiment's spec and, on succeeded
runs, a summary like the worker's (two injectors and their total, each with an HdrHistogram, a
proxy summary and a verdict), its figures varied per run; failed and cancelled runs have none.
Then times GET /api/v1/runs over HTTP against uvicorn, as the History page calls it: the first
page, deep pages, each filter, each sort (p99 both ways, rate, error %, finish time; alone, deep
and within a filter, each figure within a state or several, whose runs have the figure or not),
deep pages by cursor (next_cursor), text search, GET /runs/trends for the sparklines, and the
Experiments page and one experiment's (their run counts by state). Median
and p95 of 30 calls each; every list call also counts the total (exactly up to 10,000: "10000+"
is more).

Usage:  .venv/bin/python bench/history_list.py [--runs 10000] [--explain]
        .venv/bin/python bench/history_list.py --runs 1000000 --repeats 20   # ~20 min, ~8 GB of database
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import httpx
import psycopg
from bench_stack import Stack, bench_stack

STATES = ["succeeded"] * 8 + ["failed", "cancelled"]
SEED_BATCH = 50_000

# Runs spread over the launches round-robin, created over the last 100 days in id order (ids follow
# creation, as they do when runs are launched: without ORDER BY the join would group them); succeeded
# ones finished a minute later with the template summary, its figures varied per run.
INSERT_RUNS = (
    "INSERT INTO run (team_id, experiment_id, experiment_version_id, launch_id, lab_id, point_index,"
    " repetition, params, spec, state, command_lines, environment, created_at, finished_at, summary)"
    " SELECT l.team_id, l.experiment_id, l.experiment_version_id, l.id, l.lab_id, g / 5, 0,"
    "  jsonb_build_object('proxy.global.maxconn', g %% 100), %(spec)s::jsonb, s.state, '{}', '{}',"
    "  s.created, s.created + interval '1 minute',"
    "  CASE WHEN s.state = 'succeeded' THEN"
    "   jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(%(summary)s::jsonb,"
    "    '{total,rps}', to_jsonb(round((500 + random() * 2000)::numeric, 1))),"
    "    '{total,latency,p50}', to_jsonb(round((5 + random() * 20)::numeric, 2))),"
    "    '{total,latency,p95}', to_jsonb(round((20 + random() * 60)::numeric, 2))),"
    "    '{total,latency,p99}', to_jsonb(round((30 + random() * 150)::numeric, 2))),"
    "    '{total,errors,timeout}', to_jsonb((random() * 100)::int * (g %% 3)))"
    "  END"
    " FROM generate_series(%(first)s::int, %(last)s::int) g"
    " CROSS JOIN LATERAL (SELECT (%(states)s::text[])[1 + g %% 10] AS state,"
    "  now() - (%(n)s - g) * interval '100 days' / %(n)s AS created) s"
    " JOIN (SELECT *, row_number() OVER (ORDER BY id) - 1 AS k FROM launch) l ON l.k = g %% 5"
    " ORDER BY g"
)


def summary_template() -> dict[str, Any]:
    """One summary as the worker stores it (the same size and shape), to vary per run in SQL."""
    from common.latency_histograms import encode, new_histogram, percentiles
    from contract.results import InjectorSummary, ProxySummary, RunSummary
    from contract.verdict import Evidence, RunVerdict
    from worker.summaries import merge_injectors

    rng = random.Random(7)
    injectors = []
    for name in ("injector-1", "injector-2"):
        histogram = new_histogram()
        for _ in range(20_000):
            histogram.record_value(int(rng.lognormvariate(10.5, 0.6)))  # ~36 ms, a long tail
        injectors.append(
            InjectorSummary(
                agent=name,
                driver="wrk",
                requests=60_000,
                successes=60_000,
                duration_s=60,
                rps=1_000,
                bytes_per_s=200_000,
                latency=percentiles(histogram),
                histogram=encode(histogram),
            )
        )
    total = merge_injectors(injectors)  # as collect does: the merged histogram and its percentiles
    verdict = RunVerdict(
        kind="maxconn",
        sentence="HAProxy held maxconn 40 in 58 of 60 s while 80 clients wanted in.",
        evidence=[Evidence(name="max_scur", label="most client sessions", value=40, unit="conns")],
    )
    proxy = ProxySummary(requests=120_000, connects=80, reuses=119_920, max_scur=40, bytes_out_per_s=400_000)
    doc = RunSummary(injectors=injectors, total=total, proxy=proxy, verdict=verdict)
    return doc.model_dump(mode="json")


def seed(stack: Stack, n_runs: int) -> None:
    from contract.examples import seed_000_maxconn_capacity

    spec = seed_000_maxconn_capacity().model_dump_json(by_alias=True)
    summary = json.dumps(summary_template())
    print(f"each run: spec {len(spec):,} B, summary {len(summary):,} B (JSON, before compression)")
    with psycopg.connect(stack.dsn) as conn:
        # Four more experiments (the stack has one), each with its own tag and version.
        conn.execute(
            "INSERT INTO experiment (team_id, name, description, tags, latest_version, updated_at)"
            " SELECT %s, 'bench ' || g, 'maxconn and nbthread on the edge tier', ARRAY['tag' || g], 1, now()"
            " FROM generate_series(2, 5) g",
            (stack.team_id,),
        )
        conn.execute(
            "INSERT INTO experiment_version (experiment_id, version, spec_version, spec, note)"
            " SELECT id, 1, 1, '{}', 'first version' FROM experiment WHERE team_id = %s AND id <> %s",
            (stack.team_id, stack.experiment_id),
        )
        conn.execute(
            "INSERT INTO launch"
            " (team_id, experiment_id, experiment_version_id, lab_id, total_runs, overrides)"
            " SELECT e.team_id, e.id, v.id, %s, %s, '{}' FROM experiment e JOIN experiment_version v"
            " ON v.experiment_id = e.id WHERE e.team_id = %s",
            (stack.lab_id, n_runs // 5, stack.team_id),
        )
        # In batches, each committed: one INSERT of a million 12 kB rows would sort them all on disk
        # (ORDER BY g) and hold its whole WAL; 50,000 at a time stays in memory and in order.
        conn.execute("SET synchronous_commit = off")
        conn.execute("SET work_mem = '128MB'")
        started = time.monotonic()
        for first in range(0, n_runs, SEED_BATCH):
            last = min(first + SEED_BATCH, n_runs) - 1
            params = {"spec": spec, "summary": summary, "n": n_runs, "states": STATES}
            conn.execute(INSERT_RUNS, {**params, "first": first, "last": last})
            conn.commit()
            if n_runs > SEED_BATCH:
                print(f"seeded {last + 1:,} runs in {time.monotonic() - started:.0f} s", flush=True)
        conn.autocommit = True  # VACUUM runs outside a transaction
        conn.execute("VACUUM ANALYZE")


def drop_sort_indexes(stack: Stack) -> None:
    from backend.models.run import SORTED_COLUMNS

    with psycopg.connect(stack.dsn, autocommit=True) as conn:
        for name in SORTED_COLUMNS:
            for direction in ("asc", "desc"):
                conn.execute(f"DROP INDEX ix_run_team_{name}_{direction}")
        conn.execute("ANALYZE run")


def time_experiments(
    http: httpx.Client, stack: Stack, repeats: int, label: str
) -> list[tuple[str, float, float, int | str | None]]:
    """The Experiments page and one experiment's page: each counts its experiments' runs by state
    (all of them: a fifth of the team's runs each here)."""
    cases = {f"experiments: the list (5){label}": {"limit": 50}}
    out = time_calls(http, "/experiments", cases, repeats)
    one: dict[str, dict[str, Any]] = {f"experiments: one{label}": {}}
    return out + time_calls(http, f"/experiments/{stack.experiment_id}", one, repeats)


def explain_run_counts(stack: Stack) -> None:
    """The plan (with times) of the experiments' run counts, as the API sends it."""
    from sqlalchemy.dialects import postgresql

    from backend.experiments.summaries import run_counts_query

    dialect = postgresql.dialect()  # type: ignore[no-untyped-call]
    query = run_counts_query(experiment_ids(stack)).compile(
        dialect=dialect, compile_kwargs={"literal_binds": True}
    )
    with psycopg.connect(stack.dsn) as conn:
        print("--- run counts of the listed experiments")
        for (line,) in conn.execute(f"EXPLAIN (ANALYZE, BUFFERS) {query}"):
            print(line)


def rebuild_experiment_index(stack: Stack, include: list[str]) -> None:
    with psycopg.connect(stack.dsn, autocommit=True) as conn:
        conn.execute("DROP INDEX ix_run_experiment")
        conn.execute(
            f"CREATE INDEX ix_run_experiment ON run (experiment_id, id) INCLUDE ({', '.join(include)})"
        )
        conn.execute("VACUUM ANALYZE run")


def experiment_ids(stack: Stack) -> list[int]:
    with psycopg.connect(stack.dsn) as conn:
        return [
            row[0] for row in conn.execute("SELECT id FROM experiment WHERE team_id = %s", (stack.team_id,))
        ]


def list_cases(stack: Stack, n_runs: int) -> dict[str, dict[str, Any]]:
    day = time.strftime("%Y-%m-%dT00:00:00Z", time.gmtime(time.time() - 30 * 86400))
    week = time.strftime("%Y-%m-%dT00:00:00Z", time.gmtime(time.time() - 23 * 86400))
    p99 = {"sort": "latency_p99_ms"}
    return {
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
        "p99, slowest first": {"limit": 50, **p99, "direction": "desc"},
        "p99, fastest first": {"limit": 50, **p99, "direction": "asc"},
        "p99, offset 5,000": {"limit": 50, **p99, "offset": 5000},
        "p99, last page": {"limit": 50, **p99, "offset": n_runs - 50},
        "p99 within one experiment": {"limit": 50, **p99, "experiment_id": stack.experiment_id},
        "p99 within state=failed (all NULL)": {"limit": 50, **p99, "state": "failed"},
        # A figure's sort within other states, both ways (each state a range of its own index).
        "p99 fastest first, state=failed": {"limit": 50, **p99, "direction": "asc", "state": "failed"},
        "rate within state=cancelled (all NULL)": {"limit": 50, "sort": "rps", "state": "cancelled"},
        "p50 lowest first, state=succeeded": {
            "limit": 50,
            "sort": "latency_p50_ms",
            "direction": "asc",
            "state": "succeeded",
        },
        "error % within failed, cancelled": {
            "limit": 50,
            "sort": "error_pct",
            "state": ["failed", "cancelled"],
        },
        "p95 within succeeded, failed, page 10": {
            "limit": 50,
            "sort": "latency_p95_ms",
            "state": ["succeeded", "failed"],
            "offset": 450,
        },
        "finished within state=queued (none)": {"limit": 50, "sort": "finished", "state": "queued"},
        "rate, highest first": {"limit": 50, "sort": "rps"},
        "error %, highest first": {"limit": 50, "sort": "error_pct"},
        "finished, latest first": {"limit": 50, "sort": "finished"},
        "search 'bench 3'": {"limit": 50, "q": "bench 3"},
        "search 'edge tier' (4 of 5)": {"limit": 50, "q": "edge tier"},
        "search, no match": {"limit": 50, "q": "nothing has this"},
        "search + p99": {"limit": 50, "q": "bench 3", **p99},
    }


# Deep pages walked by next_cursor instead of offset: the cursor of the page before, asked once.
CURSOR_CASES: dict[str, tuple[dict[str, Any], int]] = {
    "cursor after 5,000": ({"limit": 50}, 5000),
    "cursor, last page": ({"limit": 50}, -50),
    "p99, cursor after 5,000": ({"limit": 50, "sort": "latency_p99_ms"}, 5000),
    "p99, cursor, last page": ({"limit": 50, "sort": "latency_p99_ms"}, -50),
    "p99 in state=failed, cursor after 5,000": (
        {"limit": 50, "sort": "latency_p99_ms", "state": "failed"},
        5000,
    ),
}


def cursor_cases(http: httpx.Client, n_runs: int) -> dict[str, dict[str, Any]]:
    """Each case's params with the cursor of the page that ends at its position (if the API gives
    cursors: an older build does not, and the case is left out)."""
    cases = {}
    for name, (params, at) in CURSOR_CASES.items():
        start = at if at >= 0 else n_runs + at
        before = http.get("/runs", params={**params, "offset": start - 50}).json()
        if before.get("next_cursor"):
            cases[name] = {**params, "cursor": before["next_cursor"]}
    return cases


def time_calls(
    http: httpx.Client, path: str, cases: dict[str, dict[str, Any]], repeats: int
) -> list[tuple[str, float, float, int | str | None]]:
    out = []
    for name, params in cases.items():
        times = []
        total: int | str | None = None
        for _ in range(repeats):
            t0 = time.perf_counter()
            r = http.get(path, params=params)
            times.append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 200, r.text
            body = r.json()
            total = body.get("total") if body.get("total_exact", True) else f"{body['total']}+"
        times.sort()
        out.append((name, statistics.median(times), times[int(len(times) * 0.95) - 1], total))
    return out


def explain(team_id: int) -> None:
    """The plans of the sorted page's and the trends' queries exactly as sent (for the docs)."""
    from sqlalchemy import event

    from backend.db import get_engine, session_scope
    from backend.runs import service
    from backend.runs.schemas import SortDirection
    from backend.runs.trends.service import trends
    from contract.run_state import RunState

    sent: list[tuple[str, Any]] = []

    def record(conn: Any, cursor: Any, statement: str, parameters: Any, *args: Any) -> None:
        if statement.lstrip().startswith("SELECT"):
            sent.append((statement, parameters))

    engine = get_engine()
    event.listen(engine, "before_cursor_execute", record)
    directions: tuple[SortDirection, ...] = ("desc", "asc")
    failed, cancelled = RunState.failed, RunState.cancelled
    with session_scope() as db:
        for direction in directions:
            service.list_runs(db, team_id, sort="latency_p99_ms", direction=direction)
        # Within a state filter: one state, then two (merged).
        service.list_runs(db, team_id, sort="latency_p99_ms", states=[failed])
        service.list_runs(db, team_id, sort="latency_p99_ms", states=[failed, cancelled], direction="asc")
        trends(db, team_id, "latency_p99_ms")
    event.remove(engine, "before_cursor_execute", record)
    with engine.connect() as conn:
        for statement, parameters in sent:
            if statement.lstrip().startswith("SELECT count(*)"):  # the total's (the page counts notes too)
                continue
            plan = conn.exec_driver_sql("EXPLAIN (ANALYZE, COSTS OFF) " + statement, parameters).fetchall()
            print("\n".join(row[0] for row in plan[:40]), "\n")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--explain", action="store_true", help="print the sorted page's query plans")
    parser.add_argument("--only-experiments", action="store_true", help="time the experiments' pages only")
    parser.add_argument(
        "--compare-experiment-index",
        action="store_true",
        help="time the experiments' pages again with migration 0014's experiment index (no state)",
    )
    parser.add_argument(
        "--without-sort-indexes",
        action="store_true",
        help="drop the (team_id, figure, id) indexes first, to see what they buy",
    )
    args = parser.parse_args()
    with bench_stack() as stack:
        seed(stack, args.runs)
        if args.without_sort_indexes:
            drop_sort_indexes(stack)
        headers = {"Authorization": f"Bearer {stack.token}"}
        with httpx.Client(base_url=f"{stack.url}/api/v1", headers=headers, timeout=30) as http:
            cases = {**list_cases(stack, args.runs), **cursor_cases(http, args.runs)}
            if args.only_experiments:
                cases = {}
            lists = time_calls(http, "/runs", cases, args.repeats)
            trends = (
                []
                if args.only_experiments
                else time_calls(
                    http,
                    "/runs/trends",
                    {
                        "trends: p99, the 5 in view x 12 runs": {
                            "metric": "latency_p99_ms",
                            "experiment_id": experiment_ids(stack),
                        },
                        "trends: p99, none named (recent ones)": {"metric": "latency_p99_ms"},
                    },
                    args.repeats,
                )
            )
            # The Experiments page and one experiment's page count each listed experiment's runs
            # by state (all of them: a fifth of the team's runs each here).
            experiments = time_experiments(http, stack, args.repeats, "")
            if args.explain:
                explain_run_counts(stack)
            if args.compare_experiment_index:
                # The same pages with the experiment index of migration 0014 (no state in it).
                rebuild_experiment_index(stack, ["team_id"])
                experiments += time_experiments(http, stack, args.repeats, ", 0014 index")
        if args.explain:
            explain(stack.team_id)
    print(
        f"GET /api/v1/runs with {args.runs:,} runs in the team"
        f" (HTTP round trip, uvicorn, {args.repeats} calls each)"
    )
    print(f"{'query':<40}{'median ms':>10}{'p95 ms':>9}{'total':>8}  (10000+: more than 10,000)")
    for name, median, p95, total in lists + trends + experiments:
        print(f"{name:<40}{median:>10.1f}{p95:>9.1f}{'' if total is None else total:>8}")


if __name__ == "__main__":
    main()
