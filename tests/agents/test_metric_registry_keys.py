"""The metric registry's per-second series name keys the agents really sample."""

from __future__ import annotations

from agents.host_sampler import NET_FIELDS
from agents.proxy.metrics import STAT_COUNTERS, STAT_GAUGES
from spec.metrics import SAMPLE_SERIES
from spec.results import is_gauge


def test_every_haproxy_series_is_a_field_of_the_first_frontend_or_backend_row() -> None:
    fields = set(STAT_COUNTERS) | set(STAT_GAUGES.values())
    for series in (s for s in SAMPLE_SERIES if s.source == "haproxy"):
        row, _, field = series.sample_key.partition(".")
        assert row in ("FRONTEND", "BACKEND"), series
        assert field in fields, series


def test_every_host_series_is_a_host_sample_key() -> None:
    host_keys = {"cpu_pct", *NET_FIELDS}
    for series in (s for s in SAMPLE_SERIES if s.source == "host"):
        assert series.sample_key in host_keys, series


def test_a_series_unit_says_whether_it_is_a_rate_or_a_level() -> None:
    # Counters are sampled as per-second deltas: their unit is a rate; gauges are levels.
    for series in SAMPLE_SERIES:
        per_second = series.unit.endswith("/s")
        assert per_second != is_gauge(series.sample_key), series
