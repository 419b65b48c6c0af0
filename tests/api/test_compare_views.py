"""The compare page's views: sweep points with their spread, aligned series, latency spectrum,
and % change vs a baseline run. Real PostgreSQL (rolled back), through the API."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hdrh.histogram import HdrHistogram
from sqlalchemy.orm import Session

from backend.runs.samples.service import insert_samples
from contract.run_state import RunState
from tests.api.experiment_factories import (
    finish_run,
    launch,
    make_experiment,
    sample_points,
    small_spec,
    summary_doc,
)
from tests.api.helpers import API, Member, make_lab, new_member


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def sweep(db: Session, member: Member) -> list[int]:
    """maxconn 10/20 x 2 repetitions (repetition-major ids: 10, 20, 10, 20); the last one failed."""
    lab = make_lab(db, member.team)
    experiment = make_experiment(
        db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [10, 20])], repetitions=2)
    )
    ids = launch(db, member, experiment, lab).run_ids
    finish_run(db, ids[0], summary=summary_doc(rps=9.0))
    finish_run(db, ids[1], summary=summary_doc(rps=18.0))
    finish_run(db, ids[2], summary=summary_doc(rps=11.0))
    finish_run(db, ids[3], state=RunState.failed)
    return ids


def test_points_aggregate_repetitions_of_succeeded_runs(
    client: TestClient, member: Member, sweep: list[int]
) -> None:
    r = client.get(f"{API}/runs/compare/points", params={"run_ids": sweep}, headers=member.headers)

    assert r.status_code == 200, r.text
    body = r.json()
    assert body["param_columns"] == ["proxy.global.maxconn"]
    low, high = body["points"]
    assert low["params"] == {"proxy.global.maxconn": 10} and low["run_ids"] == [sweep[0], sweep[2]]
    rps = low["metrics"]["rps"]
    assert (rps["n"], rps["mean"], rps["min"], rps["max"]) == (2, 10.0, 9.0, 11.0)
    assert rps["stddev"] == pytest.approx(1.41421, rel=1e-4)
    # The failed repetition is listed but not counted.
    assert high["run_ids"] == [sweep[1], sweep[3]]
    assert (high["metrics"]["rps"]["n"], high["metrics"]["rps"]["stddev"]) == (1, 0.0)


def test_points_carry_their_interval_and_a_welch_test_against_the_baseline_point(
    client: TestClient, db: Session, member: Member
) -> None:
    lab = make_lab(db, member.team)
    experiment = make_experiment(
        db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [10, 20, 30])], repetitions=3)
    )
    ids = launch(db, member, experiment, lab).run_ids  # repetition-major: 10, 20, 30, 10, 20, 30 ...
    rps = {10: [100.0, 101.0, 99.0], 20: [150.0, 152.0, 148.0], 30: [90.0, 130.0, 100.0]}
    for i, run_id in enumerate(ids):
        value = rps[[10, 20, 30][i % 3]][i // 3]
        finish_run(db, run_id, summary=summary_doc(rps=value))

    body = {"run_ids": ids, "baseline_run_id": ids[0]}
    r = client.get(f"{API}/runs/compare/points", params=body, headers=member.headers)

    assert r.status_code == 200, r.text
    base, higher, scattered = r.json()["points"]
    spread = base["metrics"]["rps"]
    # mean 100, sd 1, n 3: 100 +- t(0.975, 2) x 1 / sqrt(3) = 100 +- 2.484
    assert spread["ci_low"] == pytest.approx(97.516, abs=1e-3)
    assert spread["ci_high"] == pytest.approx(102.484, abs=1e-3)
    assert base["vs_baseline"] == {} and not spread["noisy"]
    gain = higher["vs_baseline"]["rps"]
    assert gain["diff_pct"] == pytest.approx(50.0) and gain["significant"] and gain["p_value"] < 0.001
    assert gain["ci_low"] < 50 < gain["ci_high"]
    # +6.7% on the mean, but its repetitions scatter: within noise, and the point is noisy.
    noise = scattered["vs_baseline"]["rps"]
    assert noise["diff_pct"] == pytest.approx(6.667, abs=1e-3) and not noise["significant"]
    assert scattered["metrics"]["rps"]["noisy"]


def test_runs_keep_their_config_warnings_and_compare_names_a_setting_that_does_nothing(
    client: TestClient, db: Session, member: Member
) -> None:
    # Seed 000 has no server minconn, so its fullconn does nothing: sweeping it measures noise.
    lab = make_lab(db, member.team)
    spec = small_spec(sweep=[("proxy.listens.0.fullconn", [10, 1000])])
    experiment = make_experiment(db, member, spec=spec)

    validated = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=member.headers).json()
    assert [w["field"] for w in validated["warnings"]] == ["spec.proxy.listens.0.fullconn"]

    ids = launch(db, member, experiment, lab).run_ids
    for run_id, rps in zip(ids, [100.0, 52.2], strict=True):
        finish_run(db, run_id, summary=summary_doc(rps=rps))
    run = client.get(f"{API}/runs/{ids[0]}", headers=member.headers).json()
    assert [w["field"] for w in run["config_warnings"]] == ["proxy.listens.0.fullconn"]
    table = client.get(
        f"{API}/runs/compare", params={"run_ids": ids, "baseline_run_id": ids[0]}, headers=member.headers
    ).json()
    [no_op] = table["no_op_params"]
    assert no_op["field"] == "proxy.listens.0.fullconn" and "minconn" in no_op["message"]


def test_baseline_gives_percent_change_per_metric(
    client: TestClient, member: Member, sweep: list[int]
) -> None:
    body = {"run_ids": sweep[:3], "baseline_run_id": sweep[0]}

    rows = client.get(f"{API}/runs/compare", params=body, headers=member.headers).json()["rows"]

    assert [row["change_pct"]["rps"] for row in rows] == [0.0, 100.0, pytest.approx(22.222)]
    # errors_timeout is 0 in the baseline: no % of nothing.
    assert rows[1]["change_pct"]["errors_timeout"] is None


def test_baseline_must_be_one_of_the_runs(client: TestClient, member: Member, sweep: list[int]) -> None:
    body = {"run_ids": sweep[:2], "baseline_run_id": sweep[2]}

    r = client.get(f"{API}/runs/compare", params=body, headers=member.headers)

    assert r.status_code == 422
    assert r.json()["fields"][0]["field"] == "baseline_run_id"


def test_series_of_several_runs_share_the_load_start_origin(
    client: TestClient, db: Session, member: Member, sweep: list[int]
) -> None:
    first, second = sweep[:2]
    insert_samples(
        db, first, sample_points("proxy", {-1: {"FRONTEND.req_tot": 1}, 0: {"FRONTEND.req_tot": 9}})
    )
    insert_samples(
        db,
        second,
        sample_points("proxy", {0: {"FRONTEND.req_tot": 18, "BACKEND.qcur": 3}, 1: {"BACKEND.qcur": 2}}),
    )
    insert_samples(db, second, sample_points("host:proxy-1", {0: {"cpu_pct": 40.0}}))
    db.commit()
    body = {
        "run_ids": [first, second],
        "series": ["proxy|FRONTEND.req_tot", "proxy|BACKEND.qcur", "host:proxy-1|cpu_pct"],
    }

    r = client.get(f"{API}/runs/compare/series", params=body, headers=member.headers)

    assert r.status_code == 200, r.text
    a, b = r.json()["runs"]
    assert (a["run_id"], a["t"], a["values"]) == (first, [-1, 0], [[1, None, None], [9, None, None]])
    assert (b["t"], b["values"]) == ([0, 1], [[18, 3, 40.0], [None, 2, None]])


@pytest.mark.parametrize(
    ("series", "field"),
    [
        (["FRONTEND.req_tot"], "series.0"),
        (["proxy|x", "|x"], "series.1"),
        ([], "series"),
        (["proxy|a\x00b"], "series.0"),  # PostgreSQL refuses NUL in a JSONB key: 422, not 500
    ],
)
def test_series_are_source_bar_metric(
    client: TestClient, member: Member, sweep: list[int], series: list[str], field: str
) -> None:
    r = client.get(
        f"{API}/runs/compare/series", params={"run_ids": sweep[:1], "series": series}, headers=member.headers
    )

    assert r.status_code == 422, r.text
    assert r.json()["fields"][0]["field"] == field


def test_a_series_metric_may_hold_a_bar(client: TestClient, member: Member, sweep: list[int]) -> None:
    r = client.get(
        f"{API}/runs/compare/series",
        params={"run_ids": sweep[:1], "series": "host:proxy-1|a|b"},
        headers=member.headers,
    )

    assert r.status_code == 200, r.text
    assert r.json()["series"] == [{"source": "host:proxy-1", "metric": "a|b"}]


def _summary_with_histogram(latencies_us: range) -> dict[str, object]:
    histogram = HdrHistogram(1, 3_600_000_000, 3)
    for value in latencies_us:
        histogram.record_value(value)
    doc = summary_doc(rps=10.0)
    doc["total"]["histogram"] = histogram.encode().decode("ascii")  # type: ignore[index]
    return doc


def test_spectrum_reads_the_merged_histogram_else_the_summary_percentiles(
    client: TestClient, db: Session, member: Member
) -> None:
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [1, 2, 3])]))
    with_hist, without, queued = launch(db, member, experiment, lab).run_ids
    finish_run(db, with_hist, summary=_summary_with_histogram(range(1_000, 11_000)))  # 1 .. 11 ms
    finish_run(db, without, summary=summary_doc(rps=5.0, p50=10.0, p99=50.0))

    r = client.get(
        f"{API}/runs/compare/spectrum",
        params={"run_ids": [with_hist, without, queued]},
        headers=member.headers,
    )

    assert r.status_code == 200, r.text
    body = r.json()
    assert body["percentiles"][0] == 50.0 and body["percentiles"][-1] == 99.99
    hist, summary, none = body["runs"]
    assert hist["source"] == "histogram" and len(hist["points"]) == len(body["percentiles"])
    latency = dict((p, ms) for p, ms in hist["points"])
    assert latency[50.0] == pytest.approx(6.0, rel=0.01)
    assert latency[99.99] == pytest.approx(11.0, rel=0.01)
    assert [ms for _, ms in hist["points"]] == sorted(ms for _, ms in hist["points"])
    assert summary["source"] == "percentiles" and summary["points"][0] == [50.0, 10.0]
    assert (none["source"], none["points"]) == ("none", [])


def test_fast_percentiles_match_hdrh_exactly() -> None:
    import random

    from backend.runs.compare.spectrum import values_at_percentiles

    rng = random.Random(7)
    histogram = HdrHistogram(1, 3_600_000_000, 3)
    for _ in range(5000):
        histogram.record_value(int(rng.lognormvariate(10, 1.5)) + 1)
    percentiles = [0.0, 1.0, 50.0, 90.0, 99.0, 99.9, 99.99, 100.0]

    assert values_at_percentiles(histogram, percentiles) == [
        histogram.get_value_at_percentile(p) for p in percentiles
    ]


def test_compare_views_hide_other_teams_runs(client: TestClient, db: Session, sweep: list[int]) -> None:
    stranger = new_member(db, "editor")
    for path, extra in (
        ("points", {}),
        ("spectrum", {}),
        ("series", {"series": ["proxy|x"]}),
    ):
        r = client.get(
            f"{API}/runs/compare/{path}", params={"run_ids": sweep[:1], **extra}, headers=stranger.headers
        )
        assert r.status_code == 404, (path, r.text)
