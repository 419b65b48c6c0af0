"""How long does the Compare page take to render 50 runs, and how big is the first page load?

Seeds a real database with one experiment swept over 10 maxconn values x 5 repetitions (50
succeeded runs), each with a summary holding a merged HdrHistogram, 62 s of samples from 4
sources (proxy ~45 keys, three hosts) and its rendered HAProxy config, then:

1. times the five API reads behind the page (table with baseline, points, series, spectrum,
   setups), median of 10 each, over HTTP against uvicorn, and for scale the 50 run details
   (GET /runs/{id}) the setup diff would need without its compact read;
2. drives Debian's Chromium with Playwright (bench/compare_render.mjs): signs in, opens
   /compare?runs=<50 ids> and measures the time from navigation start until every chart is
   drawn (10 points with error bars, 50 overlay lines, 50 spectrum lines, 50 table rows, the
   setup diff); one cold load (empty HTTP cache), then 9 warm ones each in a new tab (a fresh
   renderer process, as a link opened in a new tab) and 9 again in one tab (a reload or a link
   followed in the tab: the renderer process and its compiled code stay); with --profile, one
   more new-tab load under Chromium's CPU profiler, whose JavaScript self time is printed by
   script and by function (where the time goes);
3. sums the gzip size of the JavaScript the first page load fetches (index.html's entry script
   and its modulepreloads) and of the chunks the Compare page loads lazily.

Usage (after `make prereqs`, which builds frontend/dist):

    .venv/bin/python bench/compare_render.py [--profile]
    # another build of the UI, e.g. an older commit's (`npx vite build --outDir DIR`); a build
    # from before the setup diff existed needs --no-config-diff:
    .venv/bin/python bench/compare_render.py --dist DIR [--no-config-diff]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
from bench_stack import EMAIL, PASSWORD, ROOT, Stack, bench_stack

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

    from contract.results import LatencyPercentiles, LoadTotals, ProxySummary, RunSummary

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


def rendered(spec: dict[str, Any]) -> str:
    """The run's HAProxy config as the worker renders it (placeholder addresses)."""
    from backend.experiments.config_check import rendered_for_check
    from contract.experiment import ExperimentSpec

    return rendered_for_check(ExperimentSpec.model_validate(spec)).text


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
            rep, params, spec = conn.execute(
                "SELECT repetition, params, spec FROM run WHERE id = %s", (run_id,)
            ).fetchone()  # type: ignore[misc]
            conn.execute(
                "UPDATE run SET state = 'succeeded', started_at = now(), finished_at = now(), summary = %s,"
                " rendered_config = %s WHERE id = %s",
                (json.dumps(summary(params["proxy.global.maxconn"], rep)), rendered(spec), run_id),
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


def time_api(stack: Stack, run_ids: list[int], repeats: int = 10) -> dict[str, tuple[float, int]]:
    reads: dict[str, tuple[str, dict[str, Any]]] = {
        "table (+baseline)": ("/runs/compare", {"run_ids": run_ids, "baseline_run_id": run_ids[0]}),
        "points": ("/runs/compare/points", {"run_ids": run_ids}),
        "series (1 metric)": (
            "/runs/compare/series",
            {"run_ids": run_ids, "series": "proxy|FRONTEND.req_tot"},
        ),
        "spectrum": ("/runs/compare/spectrum", {"run_ids": run_ids}),
        "setups": ("/runs/compare/setups", {"run_ids": run_ids}),
    }
    out: dict[str, tuple[float, int]] = {}
    with httpx.Client(
        base_url=f"{stack.url}/api/v1", headers={"Authorization": f"Bearer {stack.token}"}
    ) as http:
        for name, (path, query) in reads.items():
            times = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                r = http.get(path, params=query)
                times.append(time.perf_counter() - t0)
                assert r.status_code == 200, r.text
            out[name] = (statistics.median(times) * 1000, len(r.content))
        # What the setup diff would cost without its compact read: every run's detail.
        times = []
        size = 0
        for _ in range(3):
            t0 = time.perf_counter()
            size = sum(len(http.get(f"/runs/{run_id}").content) for run_id in run_ids)
            times.append(time.perf_counter() - t0)
        out[f"{len(run_ids)} x GET /runs/{{id}}"] = (statistics.median(times) * 1000, size)
    return out


def gzip_kb(dist: Path, paths: list[str]) -> float:
    return sum(len(gzip.compress((dist / p.lstrip("/")).read_bytes(), 9)) for p in paths) / 1024


def bundle_sizes(dist: Path) -> tuple[float, float]:
    html = (dist / "index.html").read_text()
    initial = re.findall(r'<script[^>]+src="([^"]+\.js)"', html) + re.findall(
        r'rel="modulepreload"[^>]*href="([^"]+)"', html
    )
    lazy = [
        f"assets/{p.name}"
        for p in (dist / "assets").glob("*.js")
        if p.name.startswith(("ComparePage-", "LineChart-", "ChartCard-", "TimeChart-"))
    ]
    return gzip_kb(dist, initial), gzip_kb(dist, lazy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "frontend" / "dist", help="the built UI to serve")
    parser.add_argument("--profile", action="store_true", help="print JavaScript self time of one load")
    parser.add_argument("--no-config-diff", action="store_true", help="the build has no setup diff block")
    args = parser.parse_args()
    dist = args.dist.resolve()
    os.environ["HAPLAB_FRONTEND_DIST"] = str(dist)  # the bench's API serves this build
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
                "CONFIG_DIFF": "0" if args.no_config_diff else "1",
                "PROFILE": "1" if args.profile else "0",
                "PATH": "/usr/bin:/bin:/usr/local/bin",
            },
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        render = json.loads(result.stdout.strip().splitlines()[-1])
    initial_kb, lazy_kb = bundle_sizes(dist)
    print(f"UI build: {dist}")
    print(f"runs: {len(run_ids)} (10 points x 5 repetitions), {len(SECONDS)} s x 4 sources of samples each")
    for name, (ms, size) in api.items():
        print(f"API {name:<20} median {ms:7.1f} ms, {size / 1024:7.1f} KB")
    print(f"compare page, cold load to all charts drawn: {render['cold_ms']:.0f} ms")
    for label, key in (
        ("warm loads, each in a new tab", "warm_ms"),
        ("warm loads, again in one tab", "same_tab_ms"),
        ("2 runs only, new tab", "two_runs_ms"),
    ):
        loads = render[key]
        print(
            f"compare page, {label}: median {statistics.median(loads):.0f} ms "
            f"(of {len(loads)}: {', '.join(f'{m:.0f}' for m in loads)})"
        )
    shell_ms = statistics.median(render["shell_ms"])
    print(
        f"any page with no data (the 404 page), new tab: median {shell_ms:.0f} ms"
        " (the floor of every page: a fresh renderer process, the app's code, the session)"
    )
    b = render["breakdown"]
    print(
        f"  median new-tab load: scripts in by {b['scriptsMs']:.0f} ms, last of {b['apiCalls']} API answers "
        f"by {b['apiMs']:.0f} ms, drawn at {b['ms']:.0f} ms"
    )
    for line in b.get("timeline", []):
        print(f"    {line}")
    if render.get("profile"):
        print(f"  profiled warm load (drawn at {render['profile']['ms']:.0f} ms), JavaScript self time:")
        for line in render["profile"]["lines"]:
            print(f"    {line}")
    print(f"initial JS (entry + modulepreload), gzip: {initial_kb:.1f} KB (budget 300 KB)")
    print(f"Compare page's lazy chunks (page + recharts), gzip: {lazy_kb:.1f} KB")


if __name__ == "__main__":
    main()
