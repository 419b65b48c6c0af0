"""The proxy summary's server-connection and throughput figures (seed 003's MB/s, seed 004's table)."""

from __future__ import annotations

from typing import Any

from worker.summaries import proxy_summary


def second(t: int, **data: float) -> dict[str, Any]:
    return {"t": t, "data": {key.replace("__", "."): value for key, value in data.items()}}


def test_max_server_conns_is_used_plus_idle_of_one_reading() -> None:
    samples = [
        second(0, be__connect=40, be__used_conns=30, be__idle_conns=5, be__used_conns_max=40),
        second(1, be__connect=2, be__used_conns=10, be__idle_conns=32, be__used_conns_max=40),
        second(2, be__connect=0, be__used_conns=20, be__idle_conns=20),
        second(9, be__used_conns=99, be__idle_conns=99),  # after the measured seconds: ignored
    ]

    summary = proxy_summary(samples, frontend="fe", backend="be", duration_s=3)

    # 10 + 32 at t=1, not the per-purge maximum 40 plus a later idle count.
    assert summary.max_server_conns == 42
    assert summary.max_used_conns == 30
    assert summary.connects == 42


def test_private_connections_count_as_one_per_server_session() -> None:
    # http-reuse never: show servers conn sees nothing while HAProxy connects for every request.
    # The backend's own scur counts the queued sessions too (server maxconn 10 each, 40 clients).
    samples = [
        second(
            t,
            be__connect=500,
            be__used_conns=0,
            be__idle_conns=0,
            be__scur=40,
            be__t1__scur=8 + t,
            be__t2__scur=9,
        )
        for t in range(3)
    ]

    summary = proxy_summary(samples, frontend="fe", backend="be", duration_s=3)

    assert summary.max_server_conns == 19


def test_a_listens_backend_row_is_not_a_server() -> None:
    # TCP mode, a listen: its frontend row is `mysql.scur`, its backend row `mysql.backend.scur`.
    samples = [
        second(
            t,
            mysql__connect=5,
            mysql__used_conns=0,
            mysql__scur=40,
            mysql__backend__scur=40,
            mysql__t1__scur=10,
        )
        for t in range(2)
    ]

    summary = proxy_summary(samples, frontend="mysql", backend="mysql", duration_s=2)

    assert summary.max_server_conns == 10


def test_no_connections_reading_gives_none_and_bytes_out_per_s_covers_the_duration() -> None:
    samples = [second(t, fe__bout=2_000_000) for t in range(4)]

    summary = proxy_summary(samples, frontend="fe", backend="be", duration_s=4)

    assert summary.max_server_conns is None
    assert summary.bytes_out == 8_000_000 and summary.bytes_out_per_s == 2_000_000
    assert proxy_summary([], frontend="fe", backend="be", duration_s=4).bytes_out_per_s is None
