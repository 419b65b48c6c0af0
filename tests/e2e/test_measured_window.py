"""One measured window for every tool: the journey's shape, run with hey, wrk and h2load.

Maxconn 10 in front of a 1 s endpoint, 12 closed-loop clients, a 2 s warm-up and 6 s measured:
HAProxy serves 10 requests a second, whatever tool asks. Every rate a person reads must say so,
counting what completed inside the measured window [t0, t0 + 6 s): HAProxy's own 2xx count of
those seconds (its per-second deltas are exact) divided by 6. Before, hey divided its successes
(the warm-up included) by its Total (which waits for requests still in flight up to the client
timeout) and read 8.8 req/s; wrk's summary counted the warm-up.

The second shape is seed 000's with other numbers and its long (20 s) client timeout: 3 clients
per slot, so connections HAProxy never accepted wait out their timeout after the load, and hey's
Total was 20 s for a 6 s load (a rate 2.8 times too low).
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api

from contract.examples import seed_000_maxconn_capacity

pytestmark = pytest.mark.slow

SECTION = "lampros-pool-1"  # the seed's listen section: frontend and backend keys share its name
MAXCONN = 10
DELAY_MS = 1000
WARMUP_S = 2
DURATION_S = 6
# The window's edges: a request in flight as the window opens or closes completes on one side of
# it; each tool's count and HAProxy's may differ by what completes in the edge's few milliseconds.
EDGE_SLACK = 2


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These runs leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


def capacity_spec(driver: str, connections: int, request_timeout_s: float) -> dict[str, Any]:
    """Seed 000's template: a 1 s /slow endpoint behind global maxconn 10, no sweep."""
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    for endpoint in doc["target"]["endpoints"]:
        if endpoint["path"] == "/slow":
            endpoint["delay_ms"] = DELAY_MS
    doc["proxy"]["global"]["maxconn"] = MAXCONN
    doc["load"].update(
        driver=driver,
        connections=connections,
        threads=2,
        warmup_s=WARMUP_S,
        duration_s=DURATION_S,
        request_timeout_s=request_timeout_s,
    )
    doc["sweep"] = {"axes": []}
    doc["thresholds"] = [{"metric": "rps", "operator": ">=", "value": 0.9 * MAXCONN}]
    return doc


def haproxy_window_2xx(api: Api, run_id: int) -> int:
    """HAProxy's 2xx over the measured seconds (t in [0, duration)), from its per-second deltas."""
    seconds = [s for s in api.samples(run_id)["proxy"] if 0 <= s["t"] < DURATION_S]
    assert len(seconds) == DURATION_S, [s["t"] for s in seconds]
    return int(sum(s["data"].get(f"{SECTION}.hrsp_2xx", 0) for s in seconds))


SHAPES = [
    # (name, driver, clients, client timeout s)
    ("journey hey", "hey", 12, 3),
    ("journey wrk", "wrk", 12, 3),
    ("journey h2load", "h2load", 12, 3),
    ("seed-000 hey, 20 s timeout", "hey", 3 * MAXCONN, 20),
]


def test_every_tool_reads_what_haproxy_served_in_the_measured_window(api: Api, local_lab: Any) -> None:
    launched = [
        (
            name,
            driver,
            api.launch(f"window {name}", capacity_spec(driver, clients, timeout), local_lab.lab_id)[0],
        )
        for name, driver, clients, timeout in SHAPES
    ]
    seen: list[str] = []
    failures: list[str] = []
    for name, driver, run_id in launched:
        run = api.wait_finished(run_id, 120)
        assert run["state"] == "succeeded", (name, run["error"])
        total = run["summary"]["total"]
        served = haproxy_window_2xx(api, run_id)
        [tool] = run["summary"]["injectors"]
        seen.append(
            f"{name}: headline {total['rps']} req/s ({total['successes']} in {total['duration_s']} s, "
            f"from {total.get('window_source')}), HAProxy {served} 2xx in {DURATION_S} s, "
            f"warm-up {total.get('warmup_responses')}, drain {(total.get('drain') or {}).get('responses')}; "
            f"the tool's own {tool['successes']} in {tool['duration_s']} s"
            f"{'; ' + total['window_note'] if total.get('window_note') else ''}"
        )
        # The headline is the window's: what completed in it, over its seconds.
        if total["duration_s"] != DURATION_S:
            failures.append(f"{name}: divided by {total['duration_s']} s, not the {DURATION_S} s window")
        if abs(total["successes"] - served) > EDGE_SLACK:
            failures.append(f"{name}: {total['successes']} successes vs HAProxy's {served} in the window")
        if not 0.85 * MAXCONN <= total["rps"] <= 1.05 * MAXCONN:
            failures.append(f"{name}: {total['rps']} req/s, not about maxconn / 1 s = {MAXCONN}")
        # Where the figure came from is on the summary, and the rule on rps judged the same figure.
        if total.get("window_source") != ("proxy_counters" if driver == "hey" else "tool_records"):
            failures.append(f"{name}: window_source {total.get('window_source')}")
        if not run["thresholds"]["passed"]:
            failures.append(f"{name}: rps >= 9 failed: {run['thresholds']['results']}")
        # The figure History and Compare read is the same one.
        [row] = api.call("GET", "/runs", params={"experiment_id": run["experiment_id"]})["items"]
        if row["figures"]["rps"] != total["rps"]:
            failures.append(f"{name}: History's rps {row['figures']['rps']} vs the run's {total['rps']}")
        # The analysis' Little's law: what HAProxy held is its maxconn (it reads 10 x ~1 s).
        [point] = api.call("GET", f"/experiments/{run['experiment_id']}/analysis")["points"]
        seen[-1] += f"; analysis in flight {point['in_flight']}"
        if not 0.9 * MAXCONN <= (point["in_flight"] or 0) <= 1.1 * MAXCONN:
            failures.append(f"{name}: the analysis' in flight {point['in_flight']}, not about {MAXCONN}")
    print("\n".join(seen))
    assert not failures, "\n".join(failures + seen)
