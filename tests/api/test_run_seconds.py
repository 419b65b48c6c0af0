"""A run's seconds (backend/runs/seconds.py): the window's views, the sources, and the reads from
PostgreSQL every reader of samples goes through."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.orm import Session

from backend.runs.samples.service import insert_samples
from backend.runs.seconds import (
    MIN_SECONDS_TO_TRIM,
    RunSeconds,
    Second,
    Seconds,
    first_second_since_start,
    in_window,
    latest_seconds,
    latest_t_by_source,
    read_run_seconds,
    read_seconds,
)
from tests.api.experiment_factories import launch, make_experiment, sample_points
from tests.api.helpers import make_lab, new_member


def seconds(ts: range, source: str = "proxy") -> Seconds:
    return Seconds(tuple(Second(source=source, t=t, data={"n": t}) for t in ts))


def labels(part: Seconds) -> list[int]:
    return [s.t for s in part]


def test_the_window_is_its_first_second_up_to_but_not_its_end() -> None:
    assert [t for t in range(-2, 7) if in_window(t, 5)] == [0, 1, 2, 3, 4]
    assert not in_window(0, 0)  # an empty window holds no second
    assert in_window(4, 4.5) and not in_window(5, 4.5)  # a fractional window ends inside its last second


def test_warmup_measured_and_drain_split_every_second_once() -> None:
    run = seconds(range(-3, 9))
    assert labels(run.warmup()) == [-3, -2, -1]
    assert labels(run.measured(6)) == [0, 1, 2, 3, 4, 5]
    assert labels(run.drain(6)) == [6, 7, 8]
    assert labels(run.since_start()) == list(range(9))
    parts = labels(run.warmup()) + labels(run.measured(6)) + labels(run.drain(6))
    assert sorted(parts) == labels(run)


def test_steady_drops_the_ramps_only_with_enough_seconds() -> None:
    shuffled = Seconds(tuple(reversed(seconds(range(-1, 7)).items)))
    assert labels(shuffled.steady(6)) == [1, 2, 3, 4]  # in t order, first and last measured dropped
    few = seconds(range(MIN_SECONDS_TO_TRIM - 1))
    assert labels(few.steady(10)) == labels(few)


def test_values_skip_seconds_without_the_key_and_total_counts_them_as_zero() -> None:
    part = Seconds(
        (
            Second(source="proxy", t=0, data={"fe.scur": 3}),
            Second(source="proxy", t=1, data={}),
            Second(source="proxy", t=2, data={"fe.scur": 5}),
        )
    )
    assert part.values("fe.scur") == [3.0, 5.0]
    assert part.total("fe.scur") == 8
    assert part.present() == {0, 1, 2}


def test_a_run_reads_the_api_form_and_names_its_sources() -> None:
    run = RunSeconds.of(
        {
            "proxy": [{"t": 0, "data": {"fe.req_tot": 5}}, {"t": 1, "data": {"fe.req_tot": 6}}],
            "proxy:2": [{"t": 1, "data": {"be.t9.scur": 1}}, {"t": 2, "data": {"be.t9.scur": 2}}],
            "host:zeta": [{"t": 0, "data": {"cpu_pct": 10}}],
            "host:alpha": [{"t": 0, "data": {"cpu_pct": 20}}],
            "injector-1": [{"t": "0", "data": {"successes": 4}}],  # t as text: read as a whole second
        }
    )
    assert RunSeconds.of(run) is run
    merged = run.proxy()
    assert [(s.t, dict(s.data)) for s in merged] == [
        (0, {"fe.req_tot": 5}),
        (1, {"fe.req_tot": 6, "be.t9.scur": 1}),
        (2, {"be.t9.scur": 2}),
    ]
    assert {s.source for s in merged} == {"proxy"}
    assert labels(run.source("proxy")) == [0, 1]  # the stored source alone, its parts apart
    assert list(run.hosts()) == ["alpha", "zeta"]
    assert run.host("zeta").values("cpu_pct") == [10.0]
    assert run.host("nobody") == Seconds()
    assert list(run.clients()) == ["injector-1"] and labels(run.clients()["injector-1"]) == [0]
    assert not RunSeconds.of({}) and not run.source("proxy:9")


@pytest.fixture
def run_id(db: Session) -> int:
    owner = new_member(db, "editor")
    experiment = make_experiment(db, owner)
    return launch(db, owner, experiment, make_lab(db, owner.team)).run_ids[0]


def test_the_reads_from_postgresql(db: Session, run_id: int) -> None:
    insert_samples(db, run_id, sample_points("proxy", {t: {"fe.req_tot": 10 + t} for t in range(-2, 4)}))
    insert_samples(db, run_id, sample_points("proxy:2", {t: {"be.t9.scur": t} for t in range(0, 6)}))
    insert_samples(db, run_id, sample_points("host:a", {t: {"cpu_pct": t} for t in range(-1, 3)}))

    run = read_run_seconds(db, run_id)
    assert sorted(run.by_source) == ["host:a", "proxy", "proxy:2"]
    assert labels(run.source("proxy")) == [-2, -1, 0, 1, 2, 3]  # each source in t order
    assert labels(run.proxy().measured(4)) == [0, 1, 2, 3]
    assert labels(read_run_seconds(db, run_id, from_t=2).source("proxy")) == [2, 3]

    every = read_seconds(db, run_id)
    assert [(s.source, s.t) for s in every] == sorted((s.source, s.t) for s in every)  # key order
    start = datetime(2026, 1, 1, tzinfo=UTC)
    assert all(s.ts == start + timedelta(seconds=s.t) for s in every)
    page = read_seconds(db, run_id, after=("proxy", 1), limit=3)
    assert [(s.source, s.t) for s in page] == [("proxy", 2), ("proxy", 3), ("proxy:2", 0)]
    assert labels(Seconds(tuple(read_seconds(db, run_id, source="host:a", from_t=0, to_t=1)))) == [0, 1]

    assert latest_t_by_source(db, run_id) == {"proxy": 3, "proxy:2": 5, "host:a": 2}
    newest = {s.source: (s.t, dict(s.data)) for s in latest_seconds(db, run_id)}
    assert newest == {"proxy": (3, {"fe.req_tot": 13}), "host:a": (2, {"cpu_pct": 2})}  # parts aside
    first = first_second_since_start(db, run_id)
    assert first is not None and first.t == 0 and first.ts == start
    assert first_second_since_start(db, run_id + 10_000) is None
