"""Seed 004 (http-reuse x server protocol) end to end: the article's worst case, on the local lab.

From the seed 004 template, with client keep-alive off (every request a new client
connection), short runs of http-reuse never / aggressive / always towards an HTTP/1.1 and an
h2c server. One experiment gives the article's table: requests completed, server connects and
reuses (show stat) and the most server connections open at once (show servers conn, sampled
every second). The claims, as the article and LAB-NOTES state them:
- with HTTP/1.1, only `always` hides the client's closes from the server: a handful of
  connects where `never` makes one per request;
- towards an h2 server, `aggressive` does it too, and HTTP/2's streams need far fewer server
  connections than HTTP/1.1 for the same concurrency.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from run_helpers import Api

from contract.examples import seed_004_http_reuse

pytestmark = pytest.mark.slow

DURATION_S = 3
CONNECTIONS = 40
REUSE_MODES = ["never", "aggressive", "always"]


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


def short_seed_004() -> dict[str, Any]:
    spec = seed_004_http_reuse().model_dump(mode="json", by_alias=True)
    spec["load"].update(duration_s=DURATION_S, connections=CONNECTIONS, keep_alive=False)
    axes = {axis["path"]: axis for axis in spec["sweep"]["axes"]}
    axes["proxy.backends.0.http_reuse"]["values"] = REUSE_MODES
    del axes["load.keep_alive"]
    spec["sweep"]["axes"] = list(axes.values())
    return spec


def h2_client_spec() -> dict[str, Any]:
    """One point of the template with an HTTP/2 client: h2load keeps its connections (no -k off)."""
    spec = seed_004_http_reuse().model_dump(mode="json", by_alias=True)
    spec["load"].update(driver="h2load", http_version="2", duration_s=DURATION_S, connections=CONNECTIONS)
    spec["target"]["protocol"] = "h2c"
    spec["proxy"]["backends"][0].update(http_reuse="always")
    spec["proxy"]["backends"][0]["target_servers"]["proto"] = "h2"
    spec["sweep"] = {"axes": []}
    return spec


def test_reuse_always_hides_client_closes_and_h2_servers_need_fewer_connections(
    api: Api, local_lab: Any
) -> None:
    run_ids = api.launch("seed-004-reuse", short_seed_004(), local_lab.lab_id)
    [h2_client_id] = api.launch("seed-004-h2-client", h2_client_spec(), local_lab.lab_id)
    runs = [api.wait_finished(run_id, 120) for run_id in run_ids]

    table: dict[tuple[str, str], dict[str, Any]] = {}
    logged: dict[tuple[str, str], dict[str, Any]] = {}
    judged: dict[tuple[str, str], list[str]] = {}
    for run in runs:
        assert run["state"] == "succeeded", run["error"]
        params = run["params"]
        proxy = run["summary"]["proxy"]
        assert run["summary"]["total"]["errors"]["total"] == 0, run["summary"]["total"]
        assert proxy["requests"] > 100 and proxy["max_server_conns"] is not None, (params, proxy)
        # The template's thresholds state the conclusion point by point (`when`): they pass. A run
        # no rule judges on its own has no report.
        report = run["thresholds"]
        assert report is None or (report["passed"] and report["results"]), (params, report)
        judged[(params["target.protocol"], params["proxy.backends.0.http_reuse"])] = [
            r["text"] for r in (report or {}).get("results", [])
        ]
        table[(params["target.protocol"], params["proxy.backends.0.http_reuse"])] = proxy
        logged[(params["target.protocol"], params["proxy.backends.0.http_reuse"])] = run["summary"]["timers"]
    print_table(table)
    # Run by run, only never's rule (one connect per request); the others are judged per point.
    assert len(judged[("h1", "never")]) == 1, judged
    assert all(texts == [] for point, texts in judged.items() if point != ("h1", "never")), judged

    # always (h1) and aggressive (h2c) below 5 % of never's connects per request, each against
    # never's point of its own server protocol: the launch's verdict, judged per sweep point.
    launch = api.call("GET", f"/launches/{runs[0]['launch_id']}")
    assert launch["outcome"] == "passed", launch
    points = {run["point_index"]: run["params"] for run in runs}
    checked = {}
    for result in launch["point_thresholds"]:
        assert result["passed"] and result["runs"] == 1, result
        point, reference = points[result["point_index"]], points[result["reference_point_index"]]
        assert reference["proxy.backends.0.http_reuse"] == "never", (result, reference)
        assert reference["target.protocol"] == point["target.protocol"], (result, reference)
        checked[(point["target.protocol"], point["proxy.backends.0.http_reuse"])] = result["value"]
        never = table[(point["target.protocol"], "never")]
        assert result["limit"] == pytest.approx(0.05 * never["connects"] / never["requests"]), result
    assert set(checked) == {("h1", "always"), ("h2c", "aggressive")}, launch["point_thresholds"]

    h1_never, h1_always = table[("h1", "never")], table[("h1", "always")]
    # never: one server connection per request; always: a handful for everything.
    assert h1_never["connects"] >= 0.9 * h1_never["requests"], h1_never
    assert h1_always["connects"] < 0.05 * h1_never["connects"], (h1_always, h1_never)
    assert h1_always["reuses"] > 0.9 * h1_always["requests"], h1_always
    # HAProxy's own log says the same, request by request: a connect (Tc) for every request with
    # never, almost none with always (the log's figure is read from server connection ports).
    never_log, always_log = logged[("h1", "never")], logged[("h1", "always")]
    print(f"log: never {never_log['connects_per_request']}, always {always_log['connects_per_request']}")
    assert never_log["connects_per_request"] >= 0.9, never_log
    assert always_log["connects_per_request"] < 0.05, always_log
    assert never_log["tc"]["count"] >= 0.9 * h1_never["requests"], never_log["tc"]
    # HTTP/1.1 aggressive cannot reuse for a client's first request (each one here) ...
    h1_aggressive, h2_aggressive = table[("h1", "aggressive")], table[("h2c", "aggressive")]
    assert h1_aggressive["connects"] >= 0.9 * h1_aggressive["requests"], h1_aggressive
    # ... but towards an h2 server it shares the multiplexed connections.
    assert h2_aggressive["connects"] < 0.05 * h1_aggressive["connects"], (h2_aggressive, h1_aggressive)
    # Streams instead of connections: fewer server connections for the same load. The connects
    # are exact counters; the most open at once comes from 1 Hz `show servers conn` readings
    # (its fallback for unlisted connections is the session count), so it only may not exceed.
    for mode in ("aggressive", "always"):
        h1, h2 = table[("h1", mode)], table[("h2c", mode)]
        assert h2["connects"] < h1["connects"], (mode, h2, h1)
        assert h2["max_server_conns"] <= h1["max_server_conns"], (mode, h2, h1)

    # An HTTP/2 client (h2load, h2c prior knowledge) through to the h2 server, reuse always.
    h2_client = api.wait_finished(h2_client_id, 60)
    assert h2_client["state"] == "succeeded", h2_client["error"]
    argv = next(
        argv
        for lines in h2_client["command_lines"].values()
        for argv in lines
        if any(Path(arg).name == "h2load" for arg in argv)  # started by absolute path
    )
    assert "--h1" not in argv, argv
    h2_proxy, h2_total = h2_client["summary"]["proxy"], h2_client["summary"]["total"]
    assert h2_total["successes"] > 100 and h2_total["errors"]["total"] == 0, h2_total
    assert h2_proxy["connects"] <= 8 and 2 * h2_proxy["max_server_conns"] <= CONNECTIONS, h2_proxy

    # The article's columns are columns of the comparison (and so of the export).
    compared = api.call("GET", "/runs/compare", params={"run_ids": run_ids})
    for row in compared["rows"]:
        metrics = row["metrics"]
        assert {"proxy_requests", "proxy_connects", "proxy_reuses", "proxy_max_server_conns"} <= set(metrics)
        assert metrics["proxy_max_server_conns"] is not None, row


def print_table(table: dict[tuple[str, str], dict[str, Any]]) -> None:
    """The article's table, shown with -s (and in a failure's output)."""
    print("\nserver  reuse       requests  connects  reuses  max server conns")
    for (protocol, mode), proxy in sorted(table.items()):
        print(
            f"{protocol:<7} {mode:<11} {proxy['requests']:>8} {proxy['connects']:>9} "
            f"{proxy['reuses']:>7} {proxy['max_server_conns']:>17}"
        )
