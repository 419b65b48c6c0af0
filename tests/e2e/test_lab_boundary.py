"""A lab's traffic boundary on the real local lab: an upstream on an address the lab does not
allow is refused at create and launch; once a lab admin adds its CIDR, a run sends real traffic
through HAProxy to it and succeeds; when the admin takes the entry away again, the next launch is
refused before anything runs.

The upstream is a second network on the proxy <-> target link (10.77.3.0/24, outside the lab's
own 10.77.1.0/24 and 10.77.2.0/24) with a small HTTP server in the target's namespace, which
stops by itself after two minutes.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest
from run_helpers import Api

from dev.lab_netns import run as ip_run

pytestmark = pytest.mark.slow

UPSTREAM = "10.77.3.2"
PORT = 18081
CIDR = "10.77.3.0/24"


@pytest.fixture
def api(local_lab: Any, start_worker: Any) -> Api:
    if local_lab.topology is None:
        pytest.skip("needs the namespaced local lab (root)")
    start_worker(agent_wait=20, lease=30)
    return Api(local_lab.api_url, local_lab.token)


@pytest.fixture
def outside_upstream(local_lab: Any) -> Iterator[str]:
    """An HTTP server on a network of the proxy <-> target link that the lab does not own."""
    netns = local_lab.topology.netns
    ip_run(["ip", "-n", netns["target"], "addr", "add", f"{UPSTREAM}/24", "dev", "veth-prx"])
    ip_run(["ip", "-n", netns["proxy"], "addr", "add", "10.77.3.1/24", "dev", "veth-tgt"])
    server = subprocess.Popen(
        [
            "ip",
            "netns",
            "exec",
            netns["target"],
            "timeout",
            "120",
            "python3",
            "-m",
            "http.server",
            "--bind",
            UPSTREAM,
            str(PORT),
            "--directory",
            "/usr/share/doc/haproxy",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1)
        yield f"{UPSTREAM}:{PORT}"
    finally:
        server.terminate()
        server.wait(10)


def _spec(upstream: str) -> dict[str, Any]:
    return {
        "proxy": {
            "global": {"maxconn": 200},
            "defaults": {"mode": "http", "timeouts": {"connect": 4000, "client": 20000, "server": 20000}},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "servers": [{"name": "outside", "address": upstream}]}],
        },
        "target": {"kind": "external", "addresses": [upstream]},
        "load": {"driver": "hey", "connections": 4, "threads": 1, "duration_s": 3, "path": "/"},
    }


def _set_entries(api: Api, lab_id: int, entries: list[dict[str, Any]]) -> None:
    lab = api.call("GET", f"/labs/{lab_id}")
    kept = [e for e in lab["boundary"]["entries"] if e["address"] != CIDR]
    api.call("PUT", f"/labs/{lab_id}/boundary", json={"entries": kept + entries})


def test_an_allowed_cidr_then_carries_a_real_run(api: Api, local_lab: Any, outside_upstream: str) -> None:
    spec = _spec(outside_upstream)
    refused = api.http.post("/experiments", json={"name": "outside", "spec": spec})
    assert refused.status_code == 422, refused.text
    fields = {f["field"]: f["message"] for f in refused.json()["fields"]}
    assert UPSTREAM in fields["spec.target.addresses.0"]
    assert UPSTREAM in fields["spec.proxy.backends.0.servers.0.address"]

    _set_entries(api, local_lab.lab_id, [{"address": CIDR, "note": "the e2e upstream"}])
    experiment = api.call("POST", "/experiments", json={"name": "outside", "spec": spec})

    _set_entries(api, local_lab.lab_id, [])
    closed = api.http.post(f"/experiments/{experiment['id']}/launch", json={"lab_id": local_lab.lab_id})
    assert closed.status_code == 422, closed.text
    assert api.call("GET", "/runs", params={"experiment_id": experiment["id"]})["total"] == 0

    _set_entries(api, local_lab.lab_id, [{"address": CIDR, "note": "the e2e upstream"}])
    (run_id,) = api.call(
        "POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": local_lab.lab_id}
    )["run_ids"]
    run = api.wait_finished(run_id, timeout_s=90)

    assert run["state"] == "succeeded", run["error"]
    assert f"server outside {outside_upstream}" in run["rendered_config"]
    total = run["summary"]["total"]  # the upstream outside the lab's own networks answered them
    assert total["successes"] > 0 and total["errors"]["total"] == 0, total
    assert run["environment"]["agents"]["proxy-1"]["capabilities"]["data_address"] == "10.77.1.2"
