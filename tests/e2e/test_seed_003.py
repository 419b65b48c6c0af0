"""Seed 003 (TLS bandwidth) end to end: the article's template, short, on the local lab.

HAProxy terminates TLS with a certificate the lab's CA issued and re-encrypts to nginx servers
whose certificate it verifies against that CA; wrk pulls 1 MB and 10 MB bodies over https.
The result is MB/s, seen by the client and by HAProxy, in the run summary and the comparison.
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api

from contract.examples import seed_003_tls_bandwidth
from contract.target import MIB

pytestmark = pytest.mark.slow

DURATION_S = 5
BODIES = {"/1mb": MIB, "/10mb": 10 * MIB}


@pytest.fixture
def local_lab(shared_lab: Any) -> Any:
    """These tests leave the lab as they found it: they share one (tests/e2e/conftest.py)."""
    return shared_lab


@pytest.fixture
def api(local_lab: Any) -> Api:
    return Api(local_lab.api_url, local_lab.token)


def short_seed_003() -> dict[str, Any]:
    """The template with the article's shape, shortened: 5 s, 8 connections, body size swept."""
    spec = seed_003_tls_bandwidth().model_dump(mode="json", by_alias=True)
    spec["load"].update(duration_s=DURATION_S, connections=8, threads=2)
    spec["sweep"]["axes"] = [axis for axis in spec["sweep"]["axes"] if axis["path"] == "load.path"]
    assert spec["sweep"]["axes"][0]["values"] == list(BODIES)
    return spec


def test_https_bodies_of_1mb_and_10mb_give_mb_per_s_through_termination_and_reencryption(
    api: Api, local_lab: Any
) -> None:
    run_ids = api.launch("seed-003-tls", short_seed_003(), local_lab.lab_id)
    runs = [api.wait_finished(run_id, 90) for run_id in run_ids]

    print("\nbody    req/s   client MB/s   HAProxy MB/s")
    for run in runs:
        assert run["state"] == "succeeded", run["error"]
        path = run["params"]["load.path"]
        total, proxy = run["summary"]["total"], run["summary"]["proxy"]
        client_mb, proxy_mb = total["bytes_per_s"] / 1e6, proxy["bytes_out_per_s"] / 1e6
        print(f"{path:<6} {total['rps']:>6.1f} {client_mb:>12.1f} {proxy_mb:>14.1f}")
        # Every reply came back whole over both TLS legs: no error, no 5xx from a failed verify.
        assert total["successes"] > 0 and total["errors"]["total"] == 0, (path, total)
        assert proxy["hrsp_5xx"] == 0 and proxy["econ"] == 0, (path, proxy)
        # The template's thresholds say the same: every body served, no 5xx, no failed connect.
        assert run["thresholds"]["passed"] and len(run["thresholds"]["results"]) == 3, run["thresholds"]
        # MB/s from the client (wrk) and from HAProxy (bout), and they tell the same story.
        client_bps, proxy_bps = total["bytes_per_s"], proxy["bytes_out_per_s"]
        assert client_bps > 1e6 and proxy_bps > 1e6, (path, client_bps, proxy_bps)
        assert 0.5 < client_bps / proxy_bps < 2, (path, client_bps, proxy_bps)
        # Bytes per reply is the body size (headers are noise): the bodies really were 1 / 10 MB.
        per_reply = client_bps / total["rps"]
        assert 0.9 * BODIES[path] < per_reply < 1.2 * BODIES[path], (path, per_reply)

        # The certificates are files the agent holds, named in the config, never user paths.
        runtime_dir = run["environment"]["agents"]["proxy-1"]["capabilities"]["runtime_dir"]
        config = run["rendered_config"]
        assert f"ssl crt {runtime_dir}/certs/lab.pem alpn h2,http/1.1" in config
        assert f"ssl verify required ca-file {runtime_dir}/certs/lab-ca.pem" in config

    by_path = {run["params"]["load.path"]: run for run in runs}
    small, large = by_path["/1mb"]["summary"]["total"], by_path["/10mb"]["summary"]["total"]
    assert small["rps"] > 3 * large["rps"], (small["rps"], large["rps"])

    # MB/s is a column of the comparison and the export, for the client and for HAProxy.
    table = api.call("GET", "/runs/compare", params={"run_ids": run_ids})
    for row in table["rows"]:
        assert row["metrics"]["bytes_per_s"] > 1e6 and row["metrics"]["proxy_bytes_out_per_s"] > 1e6, row
