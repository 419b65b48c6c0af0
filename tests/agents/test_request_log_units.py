"""The request log reader's pure parts (agents.proxy.request_log): one second's lines turned into
a TimerSecond, the connection estimate, the multi-server backends of a rendered config."""

from __future__ import annotations

from collections import Counter

import pytest
from proxy_setup import proxy_config

from agents.proxy.request_log import ConnectionEstimate, LineKey, key_of, multi_server_backends, timer_second
from common.latency_histograms import decode
from contract.haproxy import RenderContext, render
from contract.request_timers import LoggedRequest, parse_logged_request


def _request(line: str) -> LoggedRequest:
    request = parse_logged_request(line)
    assert request is not None, line
    return request


LINES = [
    "hl1h 0 3 1 350 0 51 0 402 405 -- be t1 2 5 0 40312 200",
    "hl1h 0 3 1 350 0 51 0 402 405 -- be t1 2 5 0 40312 200",
    "hl1h 0 0 0 0 1 49 0 50 50 -- be t2 0 0 0 40400 200",
    "hl1h 0 0 0 -1 -1 -1 -1 5001 5001 sQ be <NOSRV> 0 0 0 - 503",
    "hl1h 0 0 2 0 0 -1 -1 20 20 CH be t2 0 0 0 40400 -1",
    "hl1h 0 0 0 0 0 10 0 10 30 -- be t1 0 0 0 40313 200",  # does not add up: 10 vs Tt 30
]


def _second(lines: list[str]) -> Counter[LineKey]:
    return Counter(key_of(_request(line)) for line in lines)


def test_a_second_of_lines_becomes_histograms_states_and_checks() -> None:
    second = timer_second(1, _second(LINES), unparsed=1, connections=3, multi_server=frozenset({"be"}))
    assert (second.lines, second.unparsed, second.connections, second.one_in) == (6, 1, 3, 1)
    tw = decode(second.histograms["*"]["tw"])
    assert tw.get_total_count() == 5  # the -1 is not a value
    assert tw.get_max_value() >= 350_000  # microseconds
    assert decode(second.histograms["be/t1"]["tr"]).get_total_count() == 3
    assert decode(second.histograms["be/t2"]["tr"]).get_total_count() == 1
    assert second.states["*"] == {"--": 4, "sQ": 1, "CH": 1}
    assert second.states["be/t2"] == {"--": 1, "CH": 1}
    assert "be/<NOSRV>" not in second.states
    assert second.unset["tw"] == {"sQ": 1}
    assert second.unset["tr"] == {"sQ": 1, "CH": 1}
    assert second.queued == 2  # Tw > 0 or someone ahead in a queue
    assert second.with_server == 5
    assert (second.sum_checked, second.sum_mismatches) == (4, 1)
    assert sum(band.count for band in second.bands) == 6
    for band in second.bands:
        assert sum(band.sums_ms.values()) == band.total_ms
    slowest = second.bands[-1]
    assert slowest.count == 2 and slowest.sums_ms["tw"] == 700 and slowest.total_ms == 2 * 402


def test_a_backend_of_one_server_gets_no_server_scope() -> None:
    second = timer_second(1, _second(LINES), unparsed=0, connections=0, multi_server=frozenset())
    assert set(second.states) == {"*", "be"}


def test_tcp_sessions_check_their_own_timers() -> None:
    lines = ["hl1t 0 12 1 2004 2017 -- db m1 0 0 0 51234", "hl1t 0 0 -1 -1 3000 sC db m1 0 0 1 -"]
    second = timer_second(1, _second(lines), unparsed=0, connections=1, multi_server=frozenset())
    assert set(second.histograms["*"]) == {"th", "tw", "tc", "td", "tt"}
    assert (second.sum_checked, second.sum_mismatches) == (1, 0)
    assert second.unset["tc"] == {"sC": 1}


def test_a_port_seen_again_within_the_horizon_is_a_reused_connection() -> None:
    estimate = ConnectionEstimate(horizon_s=5, ports=28_232)
    first = _request("hl1h 0 0 0 0 0 1 0 1 1 -- be t1 0 0 0 40000 200")
    other_server = _request("hl1h 0 0 0 0 0 1 0 1 1 -- be t2 0 0 0 40000 200")
    no_connection = _request("hl1h 0 0 0 -1 -1 -1 -1 1 1 sQ be <NOSRV> 0 0 0 - 503")
    assert estimate.is_new(first, 100.0)
    assert not estimate.is_new(first, 101.0)
    assert estimate.is_new(other_server, 101.0)
    assert not estimate.is_new(no_connection, 101.0)
    assert not estimate.is_new(first, 105.9)  # idle 4.9 s
    assert estimate.is_new(first, 111.0)  # idle 5.1 s: taken for a new connection
    tcp = _request("hl1t 0 0 1 5 6 -- db m1 0 0 0 51234")
    assert estimate.is_new(tcp, 111.0) and estimate.is_new(tcp, 111.1)  # a TCP session is its connection


def test_the_horizon_shrinks_as_fast_port_cycling_brings_ports_back_sooner() -> None:
    """7,000 new connections a second walk the ~14,000 even ports in 2 s: a port seen again after
    1.5 s is a new connection then, while at a few requests a second it is a pooled one."""
    busy = ConnectionEstimate(one_in=4, horizon_s=5, ports=28_232)
    other = [_request(f"hl1h 0 0 0 0 0 1 0 1 1 -- be t1 0 0 0 {41000 + i} 200") for i in range(1750)]
    for index, request in enumerate(other):  # 1,750 logged lines of one in 4 over 1 s: 7,000/s
        busy.is_new(request, 100.0 + index / 1750)
    busy.is_new(other[0], 101.001)
    assert busy.horizon("be", "t1") == pytest.approx((14_116 / 7000) / 2, rel=0.01)
    assert busy.is_new(other[1], 101.6)  # seen 1.6 s ago: over the horizon of ~1 s
    assert busy.horizon("be", "t2") == 5  # a server not seen yet: the longest
    quiet = ConnectionEstimate(horizon_s=5, ports=28_232)
    pooled = _request("hl1h 0 0 0 0 0 1 0 1 1 -- be t1 0 0 0 40000 200")
    assert quiet.is_new(pooled, 100.0)
    assert not quiet.is_new(pooled, 101.5) and not quiet.is_new(pooled, 104.0)
    assert quiet.horizon("be", "t1") == 5


def test_multi_server_backends_are_read_from_the_rendered_config() -> None:
    text = render(
        proxy_config(8080),
        RenderContext(target_addresses=["127.0.0.1:1", "127.0.0.1:2"], runtime_dir="/run/x"),
    )
    assert multi_server_backends(text) == frozenset({"be"})
    text = render(proxy_config(8080), RenderContext(target_addresses=["127.0.0.1:1"], runtime_dir="/run/x"))
    assert multi_server_backends(text) == frozenset()
