"""The metric registry's per-second series name keys the agents really sample."""

from __future__ import annotations

from agents.host_sampler import NET_FIELDS
from agents.proxy.metrics import INFO_COUNTERS, INFO_GAUGES, STAT_COUNTERS, STAT_GAUGES
from contract.metrics import SAMPLE_SERIES
from contract.results import is_gauge


def test_every_haproxy_series_is_a_field_of_the_first_frontend_or_backend_row_or_of_show_info() -> None:
    stat = set(STAT_COUNTERS) | set(STAT_GAUGES.values())
    fields = {
        "FRONTEND": stat,
        # A backend row also carries the sum of its servers' `show servers conn` levels.
        "BACKEND": stat | {"used_conns", "idle_conns", "safe_conns"},
        "PROCESS": set(INFO_GAUGES.values()) | set(INFO_COUNTERS.values()),
    }
    for series in (s for s in SAMPLE_SERIES if s.source == "haproxy"):
        row, _, field = series.sample_key.partition(".")
        assert field in fields.get(row, set()), series


def test_every_host_series_is_a_host_sample_key() -> None:
    host_keys = {"cpu_pct", *NET_FIELDS}
    for series in (s for s in SAMPLE_SERIES if s.source == "host"):
        assert series.sample_key in host_keys, series


def test_a_series_unit_says_whether_it_is_a_rate_or_a_level() -> None:
    # Counters are sampled as per-second deltas: their unit is a rate; gauges are levels.
    for series in SAMPLE_SERIES:
        per_second = series.unit.endswith("/s")
        assert per_second != is_gauge(series.sample_key), series
