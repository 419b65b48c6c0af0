"""Seed 002 end to end: an open-loop rate against a proxy whose link is capped (the t2.micro article).

The experiment is the seed 002 template (contract.examples: four managed app servers with 300 ms,
50 KB pages behind one frontend, vegeta at fixed rates), shortened to 8 s and rates 50 and 200.

The lab's settings cap the proxy's egress towards the injector at 40 Mbit/s (tc tbf, installed
by the proxy agent inside its namespace), so 50 KB pages top out near 100 req/s. vegeta sends
50 req/s (below the cap) and 200 req/s (above it) for 8 s each:
- below the cap, the rate is held and every page arrives in ~300 ms;
- above it, vegeta still SENDS 200 req/s (open loop: the link does not slow the client down),
  while the bytes arriving at the injector flatten at the link's bandwidth and HAProxy itself
  stays mostly idle: the network, not the CPU, is the limit, as the article found.

Throughput is read on the wire (the injector namespace's rx bytes), not from HAProxy's bout:
bout counts bytes handed to the kernel, and above the cap hundreds of connections each take a
whole 50 KB page into their socket buffer at once, so bout ran at twice the link's rate while the
pages of requests that then timed out never crossed it.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from run_helpers import Api

from contract.examples import seed_002_small_instance_rate

pytestmark = pytest.mark.slow

CAP_MBIT = 40
CAP_BYTES_PER_S = CAP_MBIT * 1_000_000 / 8
PAGE_BYTES = 50 * 1024
DURATION_S = 8
# Bytes/s arriving on the injector's end of the capped link (its host sampler, per second).
INJECTOR, WIRE_BYTES = "host:injector-1", "veth-prx.rx_bytes"
SHAPING = {"links": [{"interface": "veth-inj", "rate_mbit": CAP_MBIT}]}
RATES = [50, 200]


def short_seed_002() -> dict[str, Any]:
    """The template, shortened: 8 s per rate, 50 req/s (below the cap) and 200 (above it)."""
    spec = seed_002_small_instance_rate().model_dump(mode="json", by_alias=True)
    [page] = [e for e in spec["target"]["endpoints"] if e["path"] == spec["load"]["path"]]
    assert (page["delay_ms"], page["body_bytes"]) == (300, PAGE_BYTES), page
    spec["load"].update(duration_s=DURATION_S, rate=RATES[0], connections=20, request_timeout_s=5)
    [axis] = spec["sweep"]["axes"]
    assert axis["path"] == "load.rate"
    axis["values"] = RATES
    return spec


@pytest.fixture
def shaped_lab(local_lab: Any, start_worker: Any) -> Any:
    """The local lab with link_shaping in its settings; the setting and any cap are removed after."""
    if local_lab.topology is None:
        pytest.skip("link shaping needs the network namespaces (root)")
    start_worker(agent_wait=20, lease=30)
    api = Api(local_lab.api_url, local_lab.token)
    settings = api.call("GET", f"/labs/{local_lab.lab_id}")["settings"]
    api.call("PATCH", f"/labs/{local_lab.lab_id}", json={"settings": {**settings, "link_shaping": SHAPING}})
    yield local_lab, api
    api.call("PATCH", f"/labs/{local_lab.lab_id}", json={"settings": settings})
    local_lab.unshape("inj-prx")  # in case a run died before its teardown


def mean_of(samples: list[dict[str, Any]], key: str, first: int, last: int) -> float:
    values = [s["data"][key] for s in samples if first <= s["t"] < last and key in s["data"]]
    assert len(values) >= (last - first) - 1, f"{key}: {len(values)} samples of {last - first}"
    return sum(values) / len(values)


def check_lab_refuses_delay_without_netem_and_says_what_it_offers(lab: Any, api: Api) -> None:
    detail = api.call("GET", f"/labs/{lab.lab_id}")
    assert detail["link_shaping"]["bandwidth"] is True
    assert detail["link_shaping"]["delay_loss"] is False  # this kernel has no netem
    with_delay = {"links": [{"interface": "veth-inj", "rate_mbit": 180, "delay_ms": 20}]}
    r = api.http.patch(f"/labs/{lab.lab_id}", json={"settings": {"link_shaping": with_delay}})
    assert r.status_code == 422 and r.json()["fields"][0]["field"] == "settings.link_shaping"
    assert "netem" in r.json()["message"]
    r = api.http.patch(
        f"/labs/{lab.lab_id}",
        json={"settings": {"link_shaping": {"links": [{"interface": "x", "rate_mbit": 0}]}}},
    )
    assert (
        r.status_code == 422 and r.json()["fields"][0]["field"] == "settings.link_shaping.links.0.rate_mbit"
    )


def test_throughput_flattens_at_the_shaped_link_while_haproxy_idles(shaped_lab: Any) -> None:
    lab, api = shaped_lab
    check_lab_refuses_delay_without_netem_and_says_what_it_offers(lab, api)
    below_id, above_id = api.launch("seed-002-shaped", short_seed_002(), lab.lab_id)

    below, above = api.wait_finished(below_id, 90), api.wait_finished(above_id, 90)

    assert below["state"] == "succeeded", below["error"]
    assert above["state"] == "succeeded", above["error"]
    # The cap the lab asked for is the one the proxy agent installed, and the run records it.
    shaping = above["environment"]["link_shaping"]
    [cap] = shaping["settings"]["links"]
    assert (cap["interface"], cap["rate_mbit"]) == ("veth-inj", CAP_MBIT), shaping
    assert shaping["applied"][0]["qdisc"] == "tbf", shaping

    # Below the cap: the rate is held, pages come back in ~300 ms, the link is not full.
    total = below["summary"]["total"]
    assert abs(total["open_loop"]["send_rate"] - 50) <= 1.5, total["open_loop"]
    # A stall of the loaded box at the very end can drop a slot or two; more would be a real shortfall.
    assert total["open_loop"]["dropped_sends"] <= 0.02 * 50 * DURATION_S, total["open_loop"]
    assert total["errors"]["total"] == 0 and abs(total["rps"] - 50) <= 2.5, total
    assert 290 <= total["latency"]["p50"] <= 600, total["latency"]
    # The headline sets the window's answered requests against those sent in it (the pages still in
    # flight as the window closes are answered after it, no shortfall), apart from the send rate.
    loop = total["open_loop"]
    assert loop["answered"] >= loop["sent"] - 2 and total["window_source"] == "tool_records", loop
    below_wire = mean_of(api.samples(below_id)[INJECTOR], WIRE_BYTES, 2, DURATION_S)
    assert below_wire < 0.7 * CAP_BYTES_PER_S, below_wire

    # Above the cap: vegeta still sends 200 req/s, but bytes flatten at the link's bandwidth.
    total = above["summary"]["total"]
    assert abs(total["open_loop"]["send_rate"] - 200) <= 6, total["open_loop"]
    assert total["rps"] < 0.65 * 200, total  # about half the pages fit through 40 Mbit/s
    samples = api.samples(above_id)
    above_wire = mean_of(samples[INJECTOR], WIRE_BYTES, 2, DURATION_S)
    assert abs(above_wire - CAP_BYTES_PER_S) <= 0.15 * CAP_BYTES_PER_S, (above_wire, CAP_BYTES_PER_S)
    # The rate counts the pages that ARRIVED whole in the window, over its seconds: never more
    # than the link carried in those seconds. Less, because the link is shared by every page in
    # flight (processor sharing): offered twice what it carries, ever more pages progress at
    # once and complete late (theory: 200 x e^-1 = 74 pages/s; measured 70), some abandoned at
    # the 5 s timeout. The answers that arrive after the window are the drain, apart.
    delivered = total["rps"] * PAGE_BYTES
    window_wire = mean_of(samples[INJECTOR], WIRE_BYTES, 0, DURATION_S)  # the same seconds as rps
    assert 0.5 * window_wire <= delivered <= 1.02 * window_wire, (delivered, window_wire, total)
    assert total["bytes_per_s"] <= 1.05 * CAP_BYTES_PER_S, total["bytes_per_s"]
    assert total["drain"] is not None and total["drain"]["responses"] > 0, total.get("drain")
    kinds = [c["kind"] for c in above["summary"]["verdict"]["caveats"]]
    assert "above_link_cap" not in kinds and "above_target_rate" not in kinds, kinds
    proxy_samples = samples["proxy"]
    assert total["latency"]["p50"] > 2 * 300, total["latency"]  # queued behind the link
    # HAProxy's own threads (show info Idle_pct), not the shared box, stay mostly idle.
    busy = 100 - mean_of(proxy_samples, "PROCESS.idle_pct", 2, DURATION_S)
    assert busy < 50, busy
    # The run's verdict names the link, not the timeouts it caused; below the cap it does not.
    assert above["summary"]["verdict"]["kind"] == "network", above["summary"]["verdict"]
    assert below["summary"]["verdict"]["kind"] != "network", below["summary"]["verdict"]
    sent, ok, p50 = total["open_loop"]["send_rate"], total["rps"], total["latency"]["p50"]
    print(
        f"seed 002: wire {below_wire / 1e6:.2f} MB/s at 50 req/s, {above_wire / 1e6:.2f} MB/s at 200 req/s "
        f"(cap {CAP_BYTES_PER_S / 1e6:.2f}); sent {sent} req/s, ok {ok} req/s, p50 {p50} ms; "
        f"HAProxy busy {busy:.1f} %"
    )

    # The proxy agent removed the cap at teardown.
    deadline = time.monotonic() + 10
    while " tbf " in lab.topology.qdiscs("inj-prx"):
        assert time.monotonic() < deadline, lab.topology.qdiscs("inj-prx")
        time.sleep(0.2)
