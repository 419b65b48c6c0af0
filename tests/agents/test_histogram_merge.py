"""The exact merge, proved on a real two-injector run: the run's merged latency histogram equals,
at HdrHistogram's precision, the histogram of every injector's latencies put together.

Two vegeta processes (two injectors) load one nginx at the same time for three seconds: one
asks for a fast empty page, the other for a 10 KB page served after 50 ms, so their latencies
differ by two orders of magnitude and averaging their percentiles would be far off. Each
injector's histogram is built from vegeta's per-request records the way the agent builds it
(agents.drivers.vegeta_results.read), encoded as it travels (base64 HdrHistogram), and the two
are merged as the worker merges injectors (worker.summaries.merge_injectors). The union is one
histogram of every 2xx latency of both record files. The two must give the same p50 ... p99.99
and max to the microsecond, and both must be within HdrHistogram's 3 significant digits of the
exact percentiles of the sorted latencies, ranked as HdrHistogram ranks them (docs/benchmarks.md
records a run's numbers).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from agents.drivers.vegeta import vegeta_binary
from agents.drivers.vegeta_results import Result, Window, parse_csv, read
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from common.latency_histograms import decode, histogram_of
from contract.protocol import StartTargets
from contract.results import InjectorSummary
from contract.target import Endpoint, ManagedTarget
from worker.summaries import merge_injectors

VEGETA = vegeta_binary()
RATE = 2000  # req/s per injector: 12,000 latencies in all, so p99.99 is not simply the max
SECONDS = 3
PERCENTILES = (50.0, 90.0, 95.0, 99.0, 99.9, 99.99)
RELATIVE_PRECISION = 1e-3  # 3 significant digits (contract.results.HISTOGRAM_SIGNIFICANT_DIGITS)


@pytest.fixture(scope="module")
def target(module_runtime_dir: Path) -> Iterator[str]:
    """nginx with /fast and a 10 KB /page after 50 ms; yields "127.0.0.1:PORT"."""
    context = AgentContext.local("target-1", module_runtime_dir)
    role = TargetRole(context)
    endpoints = [Endpoint(path="/fast"), Endpoint(path="/page", delay_ms=50, body_bytes=10_000)]
    data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=endpoints)))
    yield str(data.addresses[0])
    role.close()


def injector_records(address: str, path: str, workdir: Path) -> list[Result]:
    """One injector: vegeta at RATE for SECONDS, then its per-request records."""
    workdir.mkdir()
    targets = workdir / "targets.json"
    targets.write_text(json.dumps({"method": "GET", "url": f"http://{address}{path}"}) + "\n")
    results = workdir / "results.bin"
    attack = [
        VEGETA, "attack", "-format", "json", "-targets", str(targets), "-rate", f"{RATE}/1s",
        "-duration", f"{SECONDS}s", "-max-body", "0", "-output", str(results),
    ]  # fmt: skip
    done = subprocess.run(attack, capture_output=True, text=True, timeout=SECONDS + 20)
    assert done.returncode == 0, done.stderr
    encoded = subprocess.run(
        [VEGETA, "encode", "-to", "csv", str(results)],
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    )
    return parse_csv(encoded.stdout)


def as_injector(agent: str, records: list[Result]) -> InjectorSummary:
    """What the agent reports for these records: the driver's reader over all of them (vegeta's
    own latencies: no schedule, a window holding every request), its histogram encoded."""
    reading = read(records, Window(start_ns=-1, end_ns=2**62), pace=None)
    return InjectorSummary(
        agent=agent,
        driver="vegeta",
        requests=reading.successes + reading.errors.total,
        successes=reading.successes,
        errors=reading.errors,
        duration_s=SECONDS,
        rps=reading.successes / SECONDS,
        bytes_per_s=reading.bytes_received / SECONDS,
        latency=reading.latency,
        histogram=reading.histogram,
    )


def exact_percentile(sorted_us: list[int], percentile: float) -> int:
    """The latency of rank round(p % of the count), as HdrHistogram ranks a percentile
    (get_target_count_at_percentile), read from the sorted latencies themselves."""
    rank = max(1, int(percentile * len(sorted_us) / 100 + 0.5))
    return sorted_us[rank - 1]


def test_the_merged_histogram_of_two_real_injectors_is_the_histogram_of_their_union(
    target: str, tmp_path: Path
) -> None:
    with ThreadPoolExecutor(2) as pool:  # both injectors load the server at the same time
        fast, slow = pool.map(
            lambda job: injector_records(target, job[0], tmp_path / job[1]),
            [("/fast", "injector-1"), ("/page", "injector-2")],
        )
    injectors = [as_injector("injector-1", fast), as_injector("injector-2", slow)]
    for injector in injectors:  # each really measured: nearly every request of its schedule answered
        assert injector.successes >= 0.95 * RATE * SECONDS, injector

    merged_total = merge_injectors(injectors)
    assert merged_total.histogram is not None
    merged = decode(merged_total.histogram)
    union_us = sorted(r.latency_ns // 1000 for r in [*fast, *slow] if 200 <= r.code < 300)
    union = histogram_of((value, 1) for value in union_us)

    assert merged.get_total_count() == union.get_total_count() == len(union_us)
    rows = []
    for p in PERCENTILES:
        got, want, exact = (
            merged.get_value_at_percentile(p),
            union.get_value_at_percentile(p),
            exact_percentile(union_us, p),
        )
        rows.append(f"p{p:g}: merged {got} us, union {want} us, exact {exact} us")
        assert got == want, rows[-1]
        # HdrHistogram reports the top of the value's bucket: never below it, at most 0.1 % above.
        assert exact <= got <= exact * (1 + RELATIVE_PRECISION), rows[-1]
    assert merged.get_max_value() == union.get_max_value()
    assert union_us[-1] <= merged.get_max_value() <= union_us[-1] * (1 + RELATIVE_PRECISION)
    rows.append(f"max: merged {merged.get_max_value()} us, exact {union_us[-1]} us")
    # The run's figures people read (ms, 3 decimals) are the union's.
    assert merged_total.latency is not None
    assert merged_total.latency.p50 == round(union.get_value_at_percentile(50) / 1000, 3)
    assert merged_total.latency.p999 == round(union.get_value_at_percentile(99.9) / 1000, 3)
    # What the merge replaces, for the record (not held: where the run's p50 falls between two
    # clusters of equal size moves with the box's load): the injectors' p50s averaged.
    p50s = [i.latency.p50 for i in injectors if i.latency is not None]
    rows.append(f"injectors' p50s {p50s} ms, averaged {sum(p50s) / len(p50s):.3f} ms")
    print(f"{len(union_us)} latencies ({len(fast)} + {len(slow)} records)\n" + "\n".join(rows))
