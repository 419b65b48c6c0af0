"""Seed 000 ("How many simultaneous connections can HAProxy handle?") as an acceptance test.

The article's sweep, shortened: a 1 s endpoint instead of 3 s, global maxconn 5 and 15 with three
times as many clients, 6 s per run. What the article read by hand must come out of the runs by
themselves: the success rate is maxconn / delay, failures are counted by kind, HAProxy's side
shows sessions at maxconn, the verdict names maxconn as the bound, and the sweep analysis asks
for a larger maxconn by Little's law.

Client timeouts, measured here (hey, 3 and 5 clients per slot): a client cycles through ~1 s in
the accept queue and 1 s of service, ~3 s with SYN retries. With a timeout above that (4 s) the
clients' success rate is maxconn / delay; most failures are the clients still waiting when the
load stops. With a timeout below it (2 s) clients give up while their connection waits in
the backlog, HAProxy still accepts and serves it (no abortonclose): its slots stay busy (some
sessions end in a client abort instead of a 2xx), but a good part of its answers reach nobody.
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api

from contract.examples import seed_000_maxconn_capacity

pytestmark = pytest.mark.slow

SECTION = "lampros-pool-1"  # the seed's listen section: frontend and backend keys share its name
DELAY_S = 1.0
MAXCONNS = [5, 15]
CLIENTS_PER_SLOT = 3
DURATION_S = 6
PATIENT_TIMEOUT_S = 4  # above the ~3 s cycle; hey takes whole seconds
IMPATIENT_TIMEOUT_S = 2  # below it


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


def seed_000_spec() -> dict[str, Any]:
    """The seed 000 template with this test's overrides: 1 s endpoint, 8 s, maxconn 5 and 15."""
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    for endpoint in doc["target"]["endpoints"]:
        if endpoint["path"] == "/slow":
            endpoint["delay_ms"] = int(DELAY_S * 1000)
    doc["proxy"]["global"]["maxconn"] = MAXCONNS[0]
    doc["load"].update(
        connections=CLIENTS_PER_SLOT * MAXCONNS[0], duration_s=DURATION_S, request_timeout_s=PATIENT_TIMEOUT_S
    )
    doc["sweep"] = {
        "axes": [
            {
                "path": "proxy.global.maxconn",
                "values": MAXCONNS,
                "label": "maxconn",
                "linked": [{"path": "load.connections", "values": [CLIENTS_PER_SLOT * m for m in MAXCONNS]}],
            }
        ]
    }
    return doc


def impatient_spec() -> dict[str, Any]:
    """One run: 5 clients per slot behind maxconn 5, giving up after 2 s."""
    doc = seed_000_spec()
    doc["sweep"] = {"axes": []}
    doc["load"].update(connections=5 * MAXCONNS[0], duration_s=5, request_timeout_s=IMPATIENT_TIMEOUT_S)
    return doc


def steady_rate(samples: list[dict[str, Any]], key: str, first: int, last: int) -> float:
    """Mean per-second value of a counter over seconds first..last-1 (HAProxy's exact deltas)."""
    seconds = [s["data"].get(key, 0) for s in samples if first <= s["t"] < last]
    assert len(seconds) >= (last - first) - 1, f"missing samples: {len(seconds)} of {last - first}"
    return sum(seconds) / len(seconds)


def within_law(rate: float, maxconn: int) -> bool:
    """maxconn / delay, -20% / +10%: each cycle is the delay plus connect and scheduling time,
    which only lowers the rate, by up to ~15% on a 2-core box running other suites (seen: 8.6
    of 10); nothing can make it much higher."""
    expected = maxconn / DELAY_S
    return 0.8 * expected <= rate <= 1.1 * expected


def assert_maxconn_verdict(run: dict[str, Any], maxconn: int) -> dict[str, Any]:
    bound = run["summary"]["verdict"]
    assert bound["kind"] == "maxconn", bound
    assert f"maxconn of {maxconn}" in bound["sentence"]
    evidence = {e["name"]: e["value"] for e in bound["evidence"]}
    assert evidence["maxconn"] == maxconn and evidence["seconds_at_maxconn_pct"] >= 50, evidence
    assert "verdict" not in run and "bound" not in run["summary"]  # one copy: the summary's
    return bound


def assert_haproxy_side(summary: dict[str, Any], maxconn: int) -> None:
    """Sessions reached maxconn (within one: the instant between a session ending and the next
    accept); with a global maxconn the excess waits in the kernel's backlog, not HAProxy's queue."""
    proxy = summary["proxy"]
    assert proxy["maxconn"] == maxconn
    assert maxconn - 1 <= proxy["max_scur"] <= maxconn, proxy
    assert proxy["max_qcur"] == 0 and proxy["econ"] == 0, proxy


def test_seed_000_success_rate_is_maxconn_over_delay_and_maxconn_is_named_the_bound(
    api: Api, local_lab: Any
) -> None:
    experiment = api.create_experiment("seed-000", seed_000_spec())
    sweep = api.call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": local_lab.lab_id})
    [impatient] = api.launch("seed-000-impatient", impatient_spec(), local_lab.lab_id)

    for run_id, maxconn in zip(sweep["run_ids"], MAXCONNS, strict=True):
        run = api.wait_finished(run_id, 90)
        assert run["state"] == "succeeded", run["error"]
        assert run["params"] == {
            "proxy.global.maxconn": maxconn,
            "load.connections": CLIENTS_PER_SLOT * maxconn,
        }
        summary = run["summary"]
        # The capacity law, from HAProxy's exact per-second 2xx over the steady seconds ...
        served = steady_rate(api.samples(run_id)["proxy"], f"{SECTION}.hrsp_2xx", 2, DURATION_S - 1)
        assert within_law(served, maxconn), f"maxconn {maxconn}: HAProxy served {served:.1f}/s"
        # ... and from the clients, whose summary separates successes from failures by kind.
        total, errors = summary["total"], summary["total"]["errors"]
        print(f"maxconn {maxconn}: HAProxy {served:.2f}/s, clients {total['rps']}/s, errors {errors}")
        assert within_law(total["rps"], maxconn), f"maxconn {maxconn}: clients got {total['rps']}/s"
        assert total["requests"] == total["successes"] + errors["total"] > 0
        assert errors["total"] == errors["connect"] + errors["timeout"] + errors["non_2xx"] + errors["other"]
        # Patient clients mostly succeed: the failures are the clients still waiting when the load
        # stops, and a few whose SYN retries took them past the timeout (seen: 6 of 36, 31 of 121).
        assert errors["non_2xx"] == 0 and errors["timeout"] + errors["connect"] < total["successes"], errors
        assert_haproxy_side(summary, maxconn)
        assert_maxconn_verdict(run, maxconn)
        # The template's thresholds state the same conclusion (maxconn sessions held): they pass.
        assert run["thresholds"]["passed"] and len(run["thresholds"]["results"]) == 2, run["thresholds"]

    # Impatient clients: HAProxy's slots stay busy, but many of its answers reach nobody.
    run = api.wait_finished(impatient, 90)
    assert run["state"] == "succeeded", run["error"]
    summary, maxconn = run["summary"], MAXCONNS[0]
    served = steady_rate(api.samples(impatient)["proxy"], f"{SECTION}.hrsp_2xx", 1, 4)
    # Sessions whose client aborted end without a 2xx, so below the law, never above (seen: 3.7-4.4 of 5).
    assert 0.5 * maxconn / DELAY_S <= served <= 1.1 * maxconn / DELAY_S, (
        f"impatient: HAProxy served {served:.1f}/s"
    )
    errors = summary["total"]["errors"]
    print(f"impatient: HAProxy {served:.2f}/s, clients {summary['total']['rps']}/s, errors {errors}")
    assert errors["timeout"] > 5 * maxconn, errors  # more than the clients cut off at the end
    assert summary["total"]["rps"] < 0.8 * served, (summary["total"], served)
    assert_haproxy_side(summary, maxconn)
    bound = assert_maxconn_verdict(run, maxconn)
    assert run["thresholds"]["passed"], run["thresholds"]
    assert "errors" in [finding["kind"] for finding in bound["also"]]  # explained by maxconn, still shown

    # The sweep: throughput still rising at the last point, and Little's law asks for more maxconn.
    analysis = api.call("GET", f"/experiments/{experiment['id']}/analysis")
    assert [p["params"]["proxy.global.maxconn"] for p in analysis["points"]] == MAXCONNS
    assert analysis["knee"]["reason"] == "still_rising", analysis["knee"]
    for point, maxconn in zip(analysis["points"], MAXCONNS, strict=True):
        assert (point["bound"], point["maxconn"]) == ("maxconn", maxconn)
        # Little's law on HAProxy's own time: the sessions it held were about maxconn.
        assert 0.7 * maxconn <= point["in_flight"] <= 1.1 * maxconn, point
        # The clients wanted 3 x maxconn requests in flight.
        assert point["recommended_maxconn"] == CLIENTS_PER_SLOT * maxconn, point
        assert point["maxconn_sufficient"] is False
    assert analysis["littles_law"]["recommended_maxconn"] == CLIENTS_PER_SLOT * MAXCONNS[-1]
