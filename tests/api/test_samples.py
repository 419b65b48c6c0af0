"""Samples: idempotent batch writes, raw reads, the columnar form with SQL downsampling
(counters stay per-second rates, gauges are averaged, min/max per bucket), and the CSV export."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.models import Sample
from backend.runs.samples.service import insert_samples, read_samples
from tests.api.experiment_factories import launch, make_experiment, sample_points
from tests.api.helpers import API, Member, make_lab, new_member

PROXY = "proxy:fe"
INJECTOR = "host:injector-1"


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "viewer")


@pytest.fixture
def run_id(db: Session, member: Member) -> int:
    editor = new_member(db, "editor")
    # The run belongs to the viewer's team: make the experiment there with an editor's rights.
    owner = Member(team=member.team, user=editor.user, headers=editor.headers)
    experiment = make_experiment(db, owner)
    return launch(db, owner, experiment, make_lab(db, member.team)).run_ids[0]


def _count(db: Session, run_id: int) -> int:
    return db.scalar(select(func.count()).select_from(Sample).where(Sample.run_id == run_id)) or 0


def test_insert_is_idempotent(db: Session, run_id: int) -> None:
    batch = sample_points(PROXY, {t: {"req_tot": 10 * t, "scur": 5} for t in range(5)})

    assert insert_samples(db, run_id, batch) == 5
    # A retried batch (the agent did not hear the ack) writes nothing and changes nothing.
    changed = sample_points(PROXY, {t: {"req_tot": 999, "scur": 999} for t in range(5)})
    assert insert_samples(db, run_id, changed) == 0
    # A batch overlapping the stored one writes only what is new.
    overlap = sample_points(PROXY, {t: {"req_tot": 1, "scur": 1} for t in range(3, 8)})
    assert insert_samples(db, run_id, overlap) == 3

    assert _count(db, run_id) == 8
    stored = db.scalar(
        select(Sample.data).where(Sample.run_id == run_id, Sample.source == PROXY, Sample.t == 2)
    )
    assert stored == {"req_tot": 20, "scur": 5}


def test_a_later_reading_of_the_same_second_replaces_the_earlier_one(db: Session, run_id: int) -> None:
    """When the worker moves a run's start, agents restart sampling with the new origin: their
    readings for a second already written under the old origin were taken later and win."""
    first = sample_points(PROXY, {t: {"scur": 1} for t in range(3)})
    assert insert_samples(db, run_id, first) == 3
    restarted = [p.model_copy(update={"ts": p.ts + timedelta(seconds=2), "data": {"scur": 7}}) for p in first]
    assert insert_samples(db, run_id, restarted) == 3
    assert insert_samples(db, run_id, restarted) == 0  # and a retry of that batch is still a no-op
    assert insert_samples(db, run_id, first) == 0  # an older reading never overwrites a newer one
    stored = db.scalars(select(Sample.data).where(Sample.run_id == run_id).order_by(Sample.t)).all()
    assert stored == [{"scur": 7}] * 3


def test_one_batch_with_two_readings_of_a_second_keeps_the_later(db: Session, run_id: int) -> None:
    """A sampler restarted with a new origin can put two readings of one second in the same batch
    (PostgreSQL refuses an upsert that touches a row twice: this was an HTTP 500 for the agent)."""
    old = sample_points(PROXY, {t: {"scur": 1} for t in range(3)})
    new = [p.model_copy(update={"ts": p.ts + timedelta(seconds=1), "data": {"scur": 9}}) for p in old[1:]]
    assert insert_samples(db, run_id, [*new[:1], *old, *new[1:]]) == 3
    stored = db.scalars(select(Sample.data).where(Sample.run_id == run_id).order_by(Sample.t)).all()
    assert stored == [{"scur": 1}, {"scur": 9}, {"scur": 9}]


def test_insert_keeps_histograms_and_large_batches(db: Session, run_id: int) -> None:
    batch = sample_points(INJECTOR, {t: {"requests": 1} for t in range(2500)})
    batch[0] = batch[0].model_copy(update={"histogram": "HISTFAAAAB14nJNpmSzMwMDAxAABzFCaEUoz2X-AsQA"})

    assert insert_samples(db, run_id, batch) == 2500
    assert insert_samples(db, run_id, batch) == 0
    assert (
        db.scalar(select(Sample.histogram).where(Sample.run_id == run_id, Sample.t == 0))
        == batch[0].histogram
    )


def test_raw_samples_by_source_in_time_order(
    client: TestClient, db: Session, member: Member, run_id: int
) -> None:
    insert_samples(db, run_id, sample_points(PROXY, {t: {"scur": t} for t in (2, 0, 1)}))
    insert_samples(db, run_id, sample_points(INJECTOR, {0: {"requests": 7}}))
    db.commit()

    body = client.get(f"{API}/runs/{run_id}/samples", headers=member.headers).json()

    assert body["step"] is None
    assert [p["t"] for p in body["sources"][PROXY]] == [0, 1, 2]
    assert [p["data"]["scur"] for p in body["sources"][PROXY]] == [0, 1, 2]
    assert body["sources"][INJECTOR] == [{"t": 0, "ts": "2026-01-01T00:00:00Z", "data": {"requests": 7}}]

    only_proxy = client.get(
        f"{API}/runs/{run_id}/samples",
        params={"source": PROXY, "from_t": 1, "to_t": 1},
        headers=member.headers,
    ).json()
    assert list(only_proxy["sources"]) == [PROXY]
    assert [p["t"] for p in only_proxy["sources"][PROXY]] == [1]


def test_raw_samples_json_written_by_postgres_matches_the_model(
    client: TestClient, db: Session, member: Member, run_id: int
) -> None:
    points = sample_points(PROXY, {t: {"scur": t, "rate": 0.25, "big": 2**40} for t in range(-1, 3)})
    points[1] = points[1].model_copy(update={"ts": points[1].ts + timedelta(microseconds=500)})
    insert_samples(db, run_id, points)
    insert_samples(db, run_id, sample_points(INJECTOR, {0: {"requests": 7}}))
    db.commit()

    body = client.get(f"{API}/runs/{run_id}/samples", headers=member.headers).json()

    assert body == read_samples(db, run_id).model_dump(mode="json")
    assert body["sources"][PROXY][1]["ts"] == "2026-01-01T00:00:00.000500Z"


def _columns(client: TestClient, member: Member, run_id: int, **params: object) -> dict:  # type: ignore[type-arg]
    r = client.get(f"{API}/runs/{run_id}/samples/columns", params=params, headers=member.headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/json"
    return r.json()  # type: ignore[no-any-return]


def test_columns_at_one_second_are_the_stored_values(
    client: TestClient, db: Session, member: Member, run_id: int
) -> None:
    insert_samples(db, run_id, sample_points(PROXY, {t: {"scur": t, "rate": 0.5} for t in (2, 0, 1)}))
    insert_samples(db, run_id, sample_points(INJECTOR, {0: {"requests": 7}, 2: {"requests": 9, "late": 1}}))
    db.commit()

    body = _columns(client, member, run_id)

    assert body["run_id"] == run_id and body["step"] == 1
    assert body["sources"][PROXY] == {
        "t": [0, 1, 2],
        "values": {"rate": [0.5, 0.5, 0.5], "scur": [0, 1, 2]},
        "min": None,
        "max": None,
    }
    # A key missing in some seconds is null there; a source lists only its own keys.
    assert body["sources"][INJECTOR]["values"] == {"late": [None, 1], "requests": [7, 9]}


def test_downsampled_columns_rates_means_min_max_and_partial_buckets(
    client: TestClient, db: Session, member: Member, run_id: int
) -> None:
    # t = -2..11: requests (a counter) = t + 3 per second; scur (a gauge) = 10 * t;
    # errors_timeout only in seconds 3 and 4; latency_p99_ms (a gauge by its suffix).
    data: dict[int, dict[str, float]] = {}
    for t in range(-2, 12):
        data[t] = {"requests": t + 3, "scur": 10 * t, "latency_p99_ms": 2.5}
        if t in (3, 4):
            data[t]["errors_timeout"] = 5
    insert_samples(db, run_id, sample_points(PROXY, data))
    db.commit()

    body = _columns(client, member, run_id, step=5)

    assert body["step"] == 5
    proxy = body["sources"][PROXY]
    # Buckets: -2..-1 (partial, t = -5), 0..4, 5..9, 10..11 (partial).
    assert proxy["t"] == [-5, 0, 5, 10]
    values, lo, hi = proxy["values"], proxy["min"], proxy["max"]
    # Counters: sum / seconds the bucket's samples span -> still a per-second rate.
    assert values["requests"] == pytest.approx(
        [(1 + 2) / 2, (3 + 4 + 5 + 6 + 7) / 5, (8 + 9 + 10 + 11 + 12) / 5, (13 + 14) / 2]
    )
    assert lo["requests"] == [1, 3, 8, 13]
    assert hi["requests"] == [2, 7, 12, 14]
    assert values["errors_timeout"] == [None, pytest.approx(10 / 5), None, None]
    assert lo["errors_timeout"] == [None, 5, None, None]
    # Gauges: the mean level, and the levels' range.
    assert values["scur"] == pytest.approx([-15.0, 20.0, 70.0, 105.0])
    assert lo["scur"] == [-20, 0, 50, 100]
    assert hi["scur"] == [-10, 40, 90, 110]
    assert values["latency_p99_ms"] == pytest.approx([2.5] * 4)


def test_columns_filter_by_source_and_range(
    client: TestClient, db: Session, member: Member, run_id: int
) -> None:
    insert_samples(db, run_id, sample_points(PROXY, {t: {"requests": t} for t in range(20)}))
    insert_samples(db, run_id, sample_points(INJECTOR, {t: {"cpu_pct": 50.0} for t in range(20)}))
    db.commit()

    body = _columns(client, member, run_id, step=4, source=PROXY, from_t=6, to_t=13)

    assert list(body["sources"]) == [PROXY]
    # 6..7 (partial), 8..11, 12..13 (partial): the range cuts buckets, rates stay per second.
    assert body["sources"][PROXY]["t"] == [4, 8, 12]
    assert body["sources"][PROXY]["values"]["requests"] == pytest.approx([6.5, 9.5, 12.5])
    raw = _columns(client, member, run_id, source=INJECTOR, from_t=18)
    assert raw["sources"][INJECTOR] == {
        "t": [18, 19],
        "values": {"cpu_pct": [50.0, 50.0]},
        "min": None,
        "max": None,
    }
    assert _columns(client, member, run_id, from_t=100)["sources"] == {}


def test_columns_leave_out_a_source_without_metrics(
    client: TestClient, db: Session, member: Member, run_id: int
) -> None:
    insert_samples(db, run_id, sample_points(PROXY, {t: {} for t in range(3)}))
    insert_samples(db, run_id, sample_points(INJECTOR, {t: {"requests": 1} for t in range(3)}))
    db.commit()

    assert list(_columns(client, member, run_id, step=2)["sources"]) == [INJECTOR]


@pytest.mark.parametrize("step", [0, 3601, "x"])
def test_columns_refuse_a_bad_step(client: TestClient, member: Member, run_id: int, step: object) -> None:
    r = client.get(f"{API}/runs/{run_id}/samples/columns", params={"step": step}, headers=member.headers)

    assert r.status_code == 422
    assert "step" in r.text


def test_columns_of_another_teams_run_are_not_found(client: TestClient, db: Session, run_id: int) -> None:
    insert_samples(db, run_id, sample_points(PROXY, {0: {"requests": 1}}))
    db.commit()
    stranger = new_member(db, "viewer")

    r = client.get(f"{API}/runs/{run_id}/samples/columns", params={"step": 5}, headers=stranger.headers)

    assert r.status_code == 404


def test_samples_csv(client: TestClient, db: Session, member: Member, run_id: int) -> None:
    insert_samples(db, run_id, sample_points(PROXY, {0: {"scur": 1, "bin": 100}, 1: {"scur": 2}}))
    insert_samples(db, run_id, sample_points(INJECTOR, {0: {"requests": 3}}))
    db.commit()

    r = client.get(f"{API}/runs/{run_id}/samples.csv", headers=member.headers)

    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    assert r.headers["content-disposition"] == f'attachment; filename="run-{run_id}-samples.csv"'
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0] == ["source", "t", "ts", "bin", "requests", "scur"]
    assert rows[1:] == [
        [INJECTOR, "0", "2026-01-01T00:00:00+00:00", "", "3", ""],
        [PROXY, "0", "2026-01-01T00:00:00+00:00", "100", "", "1"],
        [PROXY, "1", "2026-01-01T00:00:01+00:00", "", "", "2"],
    ]
