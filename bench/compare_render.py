"""How long does the Compare page take to render 50 runs, and how big is the first page load?

Seeds a real database with one experiment swept over 10 maxconn values x 5 repetitions (50
succeeded runs), each with a summary holding a merged HdrHistogram and 62 s of samples from 4
sources (proxy ~45 keys, three hosts), then:

1. times the four API reads behind the page (table with baseline, points, series, spectrum),
   median of 10 each, over HTTP against uvicorn;
2. drives Debian's Chromium with Playwright (bench/compare_render.mjs): signs in, opens
   /compare?runs=<50 ids> and measures the time from navigation start until every chart is
   drawn (10 points with error bars, 50 overlay lines, 50 spectrum lines, 50 table rows); one
   cold load (empty HTTP cache) then 5 warm ones;
3. sums the gzip size of the JavaScript the first page load fetches (index.html's entry script
   and its modulepreloads) and of the chunks the Compare page loads lazily.

Usage (after `make prereqs`, which builds frontend/dist):

    .venv/bin/python bench/compare_render.py
"""

from __future__ import annotations

import gzip
import json
import random
import re
import statistics
import subprocess
import time
from typing import Any

import httpx
import psycopg
from bench_stack import EMAIL, PASSWORD, ROOT, Stack, bench_stack

DIST = ROOT / "frontend" / "dist"
SECONDS = range(-2, 60)
PROXY_KEYS = [
    "FRONTEND.req_tot",
    "FRONTEND.hrsp_2xx",
    "FRONTEND.scur",
    "BACKEND.qcur",
    "BACKEND.qtime",
    "BACKEND.ttime",
    "BACKEND.connect",
    "BACKEND.reuse",
    "BACKEND.econ",
    "FRONTEND.hrsp_5xx",
]
FILLER_KEYS = [f"be.t1.k{i}" for i in range(35)]


def summary(maxconn: int, rep: int) -> dict[str, Any]:
    from hdrh.histogram import HdrHistogram

    from spec.results import LatencyPercentiles, LoadTotals, ProxySummary, RunSummary

    rng = random.Random(maxconn * 100 + rep)
    histogram = HdrHistogram(1, 3_600_000_000, 3)
    for _ in range(2000):
        histogram.record_value(int(rng.lognormvariate(13.8, 0.3)))  # ~1 s, a long tail

    def ms(percentile: float) -> float:
        return float(histogram.get_value_at_percentile(percentile)) / 1000

    rps = maxconn * rng.uniform(0.9, 1.0)
    latency = LatencyPercentiles(
        p50=ms(50),
        p90=ms(90),
        p99=ms(99),
        p999=ms(99.9),
        max=histogram.get_max_value() / 1000,
        mean=histogram.get_mean_value() / 1000,
    )
    total = LoadTotals(
        requests=int(rps * 60),
        successes=int(rps * 60),
        duration_s=60,
        rps=rps,
        bytes_per_s=rps * 200,
        latency=latency,
        histogram=histogram.encode().decode("ascii"),
    )
    return RunSummary(total=total, proxy=ProxySummary(connects=int(rps * 60), max_scur=maxconn)).model_dump(
        mode="json"
    )


def seed_runs(stack: Stack) -> list[int]:
    from backend.db import session_scope
    from backend.experiments.launch import launch_experiment
    from backend.experiments.schemas import LaunchRequest

    with session_scope() as db:
        launched = launch_experiment(
            db, stack.team_id, stack.user_id, stack.experiment_id, LaunchRequest(lab_id=stack.lab_id)
        )
    keys = PROXY_KEYS + FILLER_KEYS
    proxy_json = "jsonb_build_object(" + ", ".join(f"'{k}', (random() * 100)::int" for k in keys) + ")"
    host_json = (
        "jsonb_build_object('cpu_pct', random() * 100,"
        " 'rx_bytes', (random() * 1e6)::int, 'tx_bytes', (random() * 1e6)::int)"
    )
    with psycopg.connect(stack.dsn) as conn:
        for run_id in launched.run_ids:
            rep, params = conn.execute(
                "SELECT repetition, params FROM run WHERE id = %s", (run_id,)
            ).fetchone()  # type: ignore[misc]
            conn.execute(
                "UPDATE run SET state = 'succeeded', started_at = now(), finished_at = now(), summary = %s"
                " WHERE id = %s",
                (json.dumps(summary(params["proxy.global.maxconn"], rep)), run_id),
            )
            for source, data in (
                ("proxy", proxy_json),
                ("host:proxy-1", host_json),
                ("host:injector-1", host_json),
                ("host:target-1", host_json),
            ):
                conn.execute(
                    f"INSERT INTO sample (run_id, source, t, ts, data) SELECT %s, %s, t,"  # noqa: S608
                    f" now() + t * interval '1 second', {data} FROM generate_series(%s::int, %s::int) t",
                    (run_id, source, SECONDS.start, SECONDS.stop - 1),
                )
        conn.execute("ANALYZE")
    return launched.run_ids


def time_api(stack: Stack, run_ids: list[int], repeats: int = 10) -> dict[str, float]:
    reads = {
        "table (+baseline)": ("/runs/compare", {"run_ids": run_ids, "baseline_run_id": run_ids[0]}),
        "points": ("/runs/compare/points", {"run_ids": run_ids}),
        "series (1 metric)": (
            "/runs/compare/series",
            {"run_ids": run_ids, "series": [{"source": "proxy", "metric": "FRONTEND.req_tot"}]},
        ),
        "spectrum": ("/runs/compare/spectrum", {"run_ids": run_ids}),
    }
    out = {}
    with httpx.Client(
        base_url=f"{stack.url}/api/v1", headers={"Authorization": f"Bearer {stack.token}"}
    ) as http:
        for name, (path, body) in reads.items():
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                r = http.post(path, json=body)
                times.append(time.perf_counter() - t0)
                assert r.status_code == 200, r.text
            out[name] = statistics.median(times) * 1000
    return out


def gzip_kb(paths: list[str]) -> float:
    return sum(len(gzip.compress((DIST / p.lstrip("/")).read_bytes(), 9)) for p in paths) / 1024


def bundle_sizes() -> tuple[float, float]:
    html = (DIST / "index.html").read_text()
    initial = re.findall(r'<script[^>]+src="([^"]+\.js)"', html) + re.findall(
        r'rel="modulepreload"[^>]*href="([^"]+)"', html
    )
    lazy = [
        f"assets/{p.name}"
        for p in (DIST / "assets").glob("*.js")
        if p.name.startswith(("ComparePage-", "LineChart-"))
    ]
    return gzip_kb(initial), gzip_kb(lazy)


def main() -> None:
    with bench_stack() as stack:
        run_ids = seed_runs(stack)
        api = time_api(stack, run_ids)
        result = subprocess.run(
            ["node", str(ROOT / "bench" / "compare_render.mjs")],
            env={
                "BASE_URL": stack.url,
                "EMAIL": EMAIL,
                "PASSWORD": PASSWORD,
                "RUN_IDS": ",".join(map(str, run_ids)),
                "PATH": "/usr/bin:/bin:/usr/local/bin",
            },
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        render = json.loads(result.stdout.strip().splitlines()[-1])
    initial_kb, lazy_kb = bundle_sizes()
    print(f"runs: {len(run_ids)} (10 points x 5 repetitions), {len(SECONDS)} s x 4 sources of samples each")
    for name, ms in api.items():
        print(f"API {name:<20} median {ms:7.1f} ms")
    print(f"compare page, cold load to all charts drawn: {render['cold_ms']:.0f} ms")
    print(
        f"compare page, warm loads: median {statistics.median(render['warm_ms']):.0f} ms "
        f"(of {len(render['warm_ms'])}: {', '.join(f'{m:.0f}' for m in render['warm_ms'])})"
    )
    b = render["breakdown"]
    print(
        f"  median warm load: scripts in by {b['scriptsMs']:.0f} ms, last of {b['apiCalls']} API answers "
        f"by {b['apiMs']:.0f} ms, drawn at {b['ms']:.0f} ms"
    )
    for line in b.get("timeline", []):
        print(f"    {line}")
    print(f"initial JS (entry + modulepreload), gzip: {initial_kb:.1f} KB (budget 300 KB)")
    print(f"Compare page's lazy chunks (page + recharts), gzip: {lazy_kb:.1f} KB")


if __name__ == "__main__":
    main()
