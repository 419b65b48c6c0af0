"""A/B of one read (`GET /api/v1/runs/{id}`) across API checkouts, interleaved in one run.

bench/api_capacity.py measures each API once, one after the other; on a host whose speed moves by
+-40% within minutes, two variants measured minutes apart differ by the host as much as by the
code. Here every variant's API runs at once (each idle one ticks once a second) and they take
turns: `--rounds` rounds of a `--seconds` hey burst (20 clients, keep-alive, a bearer token) on
each variant, the order rotating every round. Reported per variant: the rate (mean and median of
rounds), the median p95, and the API's and PostgreSQL's CPU per read as api_capacity measures
them, with the CPU the rest of the machine used meanwhile (hey, and any other job: a round shared
with one shows there), and each variant's ratios to the first's in the same round (median of
rounds). Every variant's answer is compared first (status, headers, body bytes).

A variant is a checkout directory (a copy of the tree, e.g. `rsync -a --exclude .venv ...`), so
no git state is touched, with its own number of API processes after a colon if need be:

    .venv/bin/python bench/api_read_ab.py --variant before=/tmp/ab/base --variant after=. \
        [--variant after-x3=.:3] [--rounds 6] [--seconds 5] [--workers 2] [--path /api/v1/runs/{id}]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import tempfile
from pathlib import Path

import httpx
from api_capacity import RUNS, api, cpu_seconds, hey, postmaster_pid, process_tree, whole_run
from bench_stack import ROOT, bench_stack
from history_list import seed
from machine_speed import reference_loop_ms


def busy_cpu_seconds() -> float:
    """CPU time the whole machine spent not idle (every process: the API, PostgreSQL, hey, others)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", required=True, metavar="LABEL=DIR")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--path", default="/api/v1/runs/{id}")
    args = parser.parse_args()
    variants = []
    for spec in args.variant:
        label, _, rest = spec.partition("=")
        directory, _, workers = rest.partition(":")
        variants.append((label, (ROOT / directory).resolve(), int(workers or args.workers)))

    with bench_stack() as stack, tempfile.TemporaryDirectory(prefix="haplab-read-ab-") as tmp:
        seed(stack, RUNS)
        run_id = whole_run(stack.dsn)
        postgres = postmaster_pid(stack.dsn)
        with contextlib.ExitStack() as apis:
            urls = {}
            for label, directory, workers in variants:
                url, pid = apis.enter_context(api(stack, Path(tmp), workers, directory))
                urls[label] = (url + args.path.format(id=run_id), pid)
                hey(urls[label][0], stack.token, 2, args.clients)  # warm
            # Same answer from every variant: body bytes, status and headers (but the date and id).
            answers = {}
            for label, (url, _) in urls.items():
                got = httpx.get(url, headers={"Authorization": f"Bearer {stack.token}"})
                headers = sorted((k, v) for k, v in got.headers.items() if k not in ("date", "x-request-id"))
                answers[label] = (got.status_code, headers, got.content)
                print(f"  {label}: {got.status_code}, {len(got.content):,} B, headers {headers}")
            first = next(iter(answers.values()))
            print("  same answer from every variant:", all(a == first for a in answers.values()))
            stats: dict[str, list[tuple[float, float, float, float, int, float, float]]] = {
                label: [] for label, *_ in variants
            }
            print(f"run {run_id}; {args.clients} clients, {args.seconds} s bursts, {args.rounds} rounds")
            for r in range(args.rounds):
                order = variants[r % len(variants) :] + variants[: r % len(variants)]
                for label, *_ in order:
                    url, pid = urls[label]
                    reference = reference_loop_ms()
                    pids, pg_pids = process_tree(pid), process_tree(postgres)
                    before, pg_before = cpu_seconds(pids), cpu_seconds(pg_pids)
                    busy_before = busy_cpu_seconds()
                    rps, pct, bad = hey(url, stack.token, args.seconds, args.clients)
                    n = max(1.0, rps * args.seconds)
                    api_s, pg_s = cpu_seconds(pids) - before, cpu_seconds(pg_pids) - pg_before
                    cpu, pg = 1000 * api_s / n, 1000 * pg_s / n
                    # hey's own and anything else running: a burst shared with another job shows here.
                    rest = (busy_cpu_seconds() - busy_before - api_s - pg_s) / args.seconds
                    stats[label].append((rps, pct.get("95", 0), cpu, pg, bad, reference, rest))
                    print(
                        f"  round {r} {label:<16} {rps:7.1f} req/s  p95 {pct.get('95', 0):6.1f} ms"
                        f"  API CPU {cpu:5.2f} ms/req  PG {pg:4.2f}  non-200 {bad}  ref {reference:.0f} ms"
                        f"  rest {rest:4.2f} cores",
                        flush=True,
                    )
        print(
            "\n| variant | req/s (mean) | req/s (median) | p95 ms (median) | API CPU ms/req (mean)"
            " | API CPU ms/req (median) | PostgreSQL CPU ms/req | non-200 | ref loop ms | rest, cores |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for label, *_ in variants:
            s = stats[label]
            print(
                f"| {label} | {statistics.mean(x[0] for x in s):.0f}"
                f" | {statistics.median(x[0] for x in s):.0f}"
                f" | {statistics.median(x[1] for x in s):.1f} | {statistics.mean(x[2] for x in s):.2f}"
                f" | {statistics.median(x[2] for x in s):.2f}"
                f" | {statistics.mean(x[3] for x in s):.2f} | {sum(x[4] for x in s)}"
                f" | {statistics.mean(x[5] for x in s):.0f} | {statistics.mean(x[6] for x in s):.2f} |"
            )
        # Each variant against the first in the same round (seconds apart, so under the same
        # neighbours): the median ratio is the figure least moved by a busy host.
        base_label = variants[0][0]
        for label, *_ in variants[1:]:
            pairs = list(zip(stats[base_label], stats[label], strict=True))
            rate = statistics.median(b[0] / a[0] for a, b in pairs)
            p95 = statistics.median(b[1] / a[1] for a, b in pairs)
            cpu = statistics.median(b[2] / a[2] for a, b in pairs)
            print(
                f"{label} / {base_label}, median of rounds: req/s x{rate:.2f}, p95 x{p95:.2f},"
                f" API CPU per read x{cpu:.2f}"
            )


if __name__ == "__main__":
    main()
