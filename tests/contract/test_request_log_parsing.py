"""haplab's request log line read back (contract.request_timers.parse_logged_request) and the
sampling rule (one_in_for): pure units beside the real-HAProxy tests of tests/agents."""

from __future__ import annotations

import pytest

from contract.request_timers import (
    BAND_UPPER_MS,
    FULL_LOG_LINES_PER_S,
    MAX_ONE_IN,
    band_index,
    one_in_for,
    parse_logged_request,
)

HTTP_LINE = "hl1h 0 3 1 350 0 51 0 402 405 -- be t1 2 5 0 40312 200"
TCP_LINE = "hl1t 0 12 1 2004 2017 -- db m1 0 0 0 51234"


def test_an_http_line_reads_as_written() -> None:
    request = parse_logged_request(HTTP_LINE)
    assert request is not None and request.mode == "http"
    assert request.timers == {
        "th": 0, "ti": 3, "treq": 1, "tw": 350, "tc": 0, "tr": 51, "td": 0, "ta": 402, "tt": 405,
    }  # fmt: skip
    assert (request.state, request.backend, request.server) == ("--", "be", "t1")
    assert (request.queued_ahead, request.retries, request.server_port, request.status) == (7, 0, 40312, 200)


def test_a_tcp_line_has_only_tcp_timers() -> None:
    request = parse_logged_request(TCP_LINE)
    assert request is not None and request.mode == "tcp"
    assert request.timers == {"th": 0, "tw": 12, "tc": 1, "td": 2004, "tt": 2017}
    assert request.status is None


def test_unset_timers_no_server_and_no_port_are_kept_as_such() -> None:
    request = parse_logged_request("hl1h 0 0 0 -1 -1 -1 -1 5001 5001 sQ be <NOSRV> 0 0 0 - 503")
    assert request is not None
    assert request.server is None and request.server_port is None
    assert request.timers["tw"] == -1 and request.state == "sQ"


@pytest.mark.parametrize(
    "line",
    [
        "",
        "hl1h",
        HTTP_LINE + " extra",
        HTTP_LINE.replace("405", "+405"),  # logasap
        HTTP_LINE.replace(" 350 ", " -2 "),
        HTTP_LINE.replace(" -- ", " --- "),
        HTTP_LINE.replace("hl1h", "hl2h"),
        HTTP_LINE.replace(" 350 ", " 3.5 "),
        TCP_LINE.replace("hl1t", "hl1h"),
        "<134>Nov 27 12:00:00 haproxy[1]: 127.0.0.1:5000 [27/Nov/2026] fe be/t1 0/0/0/1/1 200",
    ],
)
def test_anything_else_is_not_a_line_of_ours(line: str) -> None:
    assert parse_logged_request(line) is None


def test_every_request_is_logged_up_to_the_full_rate_then_the_fewest_that_keep_under_it() -> None:
    assert one_in_for(0) == 1
    assert one_in_for(FULL_LOG_LINES_PER_S) == 1
    assert one_in_for(FULL_LOG_LINES_PER_S + 1) == 2
    assert one_in_for(FULL_LOG_LINES_PER_S * 7.5) == 8
    for rate in (FULL_LOG_LINES_PER_S * 1.01, 123_456.0, 1e6):
        n = one_in_for(rate)
        assert rate / n <= FULL_LOG_LINES_PER_S < rate / (n - 1)
    assert one_in_for(1e12) == MAX_ONE_IN


def test_bands_hold_their_upper_edge_and_grow_slowly() -> None:
    assert band_index(0) == 0
    for index, upper in enumerate(BAND_UPPER_MS):
        assert band_index(upper) == index
        if index:
            assert band_index(BAND_UPPER_MS[index - 1] + 1) == index
    assert band_index(10**9) == len(BAND_UPPER_MS) - 1
