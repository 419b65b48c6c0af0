"""A run figure added to the metric registry (contract/metrics.py) reaches every place that shows,
sorts, compares, judges, prints or exports figures, with nothing written for it anywhere else:
History (a generated column: carried, sortable, trended), Compare (its metric select is the
compare table's metric columns, its overlay the registry's series), thresholds (a rule on it
validates and is judged), the CLI (`haplab compare --metric`; `haplab export` is the compare
export) and Prometheus (its series, live). Shown with proxy_max_conn_rate, measured by the worker
from its registry entry."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import typer
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy.orm import Session

from backend.runs.samples.service import insert_samples
from backend.runs.seconds import RunSeconds
from backend.runs.transitions import transition
from contract.metrics import BY_KEY, HISTORY_KEYS, SERIES_BY_KEY
from contract.results import RunSummary, SamplePoint
from contract.run_state import RunState
from contract.thresholds import Threshold, judge
from haplab_cli import main as cli
from haplab_cli.api import Api
from haplab_cli.outcome import json_report
from tests.api.experiment_factories import (
    finish_run,
    launch,
    make_experiment,
    sample_points,
    small_spec,
    summary_doc,
)
from tests.api.helpers import API, Member, make_lab, new_member
from tests.worker.timer_seconds import Req, timer_second
from worker.request_timers import request_timers
from worker.summaries import proxy_summary

FIGURE = "proxy_max_conn_rate"
SERIES = "conn_s"


def _measured(peak: int) -> dict[str, Any]:
    """A summary whose proxy part the worker measured from HAProxy's seconds (entry frontend `fe`):
    the peak second is inside the window, a bigger one in the warm-up is not."""
    seconds = [
        {"t": t, "data": {"fe.conn_tot": rate}} for t, rate in ((-1, 10 * peak), (0, 1), (1, peak), (2, 3))
    ]
    measured = proxy_summary(seconds, "fe", "be", duration_s=3)
    doc = summary_doc(rps=100.0)
    doc["proxy"] = measured.model_dump(mode="json")
    return doc


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def runs(db: Session, member: Member) -> tuple[int, int]:
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])])
    low, high = launch(db, member, make_experiment(db, member, spec=spec), make_lab(db, member.team)).run_ids
    finish_run(db, low, summary=_measured(120))
    finish_run(db, high, summary=_measured(480))
    return low, high


def test_the_registry_entry_is_served_with_its_series(client: TestClient, member: Member) -> None:
    registry = client.get(f"{API}/metrics", headers=member.headers).json()
    [entry] = [m for m in registry["run_metrics"] if m["key"] == FIGURE]
    assert (entry["label"], entry["unit"], entry["source"]) == ("Max connection rate", "/s", "haproxy")
    assert (entry["series"], entry["aggregate"], entry["history"]) == (SERIES, "max", 6)
    assert any(
        s["key"] == SERIES and s["sample_key"] == "FRONTEND.conn_tot" for s in registry["sample_series"]
    )
    assert FIGURE in HISTORY_KEYS and BY_KEY[FIGURE].series in SERIES_BY_KEY


def test_history_carries_sorts_and_trends_it(
    client: TestClient, member: Member, runs: tuple[int, int]
) -> None:
    low, high = runs
    for direction, order in (("desc", [high, low]), ("asc", [low, high])):
        r = client.get(f"{API}/runs", params={"sort": FIGURE, "direction": direction}, headers=member.headers)
        assert r.status_code == 200, r.text
        items = r.json()["items"]
        assert [item["id"] for item in items] == order
        assert {item["id"]: item["figures"][FIGURE] for item in items} == {low: 120, high: 480}
    r = client.get(f"{API}/runs/trends", params={"metric": FIGURE}, headers=member.headers)
    assert r.status_code == 200, r.text


def test_compare_and_its_export_have_it(client: TestClient, member: Member, runs: tuple[int, int]) -> None:
    low, high = runs
    table = client.get(f"{API}/runs/compare", params={"run_ids": [low, high]}, headers=member.headers).json()
    assert FIGURE in table["metric_columns"]  # the Compare page's metric select
    assert [row["metrics"][FIGURE] for row in table["rows"]] == [120, 480]
    points = client.get(f"{API}/runs/compare/points", params={"run_ids": [low, high]}, headers=member.headers)
    assert FIGURE in points.json()["metric_columns"]
    exported = client.get(f"{API}/runs/export.csv", params={"run_ids": [low, high]}, headers=member.headers)
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [float(row[FIGURE]) for row in rows] == [120, 480]


def test_a_threshold_on_it_validates_and_is_judged(client: TestClient, member: Member) -> None:
    spec = small_spec()
    spec["thresholds"] = [
        {"metric": FIGURE, "operator": "<=", "value": 200},
        {"metric": SERIES, "aggregate": "max", "operator": "<=", "value": 200},
    ]
    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=member.headers)
    assert r.status_code == 200, r.text
    summary = RunSummary.model_validate(_measured(480))
    result = judge(Threshold(metric=FIGURE, operator="<=", value=200), spec=spec, summary=summary, seconds=[])
    assert (result.value, result.passed) == (480, False)
    result = judge(Threshold(metric=FIGURE, operator="<=", value=500), spec=spec, summary=summary, seconds=[])
    assert (result.value, result.passed) == (480, True)


def test_the_cli_compares_it(
    client: TestClient, member: Member, runs: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    low, high = runs
    api = Api(str(client.base_url), member.headers["Authorization"].removeprefix("Bearer "))
    api.client.set_httpx_client(client)
    client.headers.update(member.headers)
    monkeypatch.setattr(cli, "connect", lambda url, token: api)
    with cli.out.console.capture() as captured:
        cli.compare([low, high], metric=[FIGURE], url=None, token=None)
    text = captured.get()
    assert FIGURE in text and "120" in text and "480" in text


def test_the_cli_refuses_a_figure_the_registry_does_not_know(
    client: TestClient, member: Member, runs: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    api = Api(str(client.base_url), member.headers["Authorization"].removeprefix("Bearer "))
    api.client.set_httpx_client(client)
    client.headers.update(member.headers)
    monkeypatch.setattr(cli, "connect", lambda url, token: api)
    with cli.err.console.capture() as captured, pytest.raises(typer.Exit) as exited:
        cli.compare(list(runs), metric=["rps", "proxy_max_conn"], url=None, token=None)
    assert exited.value.exit_code == cli.BAD_INPUT
    assert "--metric: no run figure 'proxy_max_conn'" in captured.get() and FIGURE in captured.get()


def test_prometheus_exports_its_series_live(client: TestClient, db: Session, member: Member) -> None:
    [live] = launch(db, member, make_experiment(db, member), make_lab(db, member.team)).run_ids
    for state in (RunState.preparing, RunState.warming, RunState.running):
        assert transition(db, live, state)
    insert_samples(
        db, live, sample_points("proxy", {0: {"FRONTEND.conn_tot": 64}, 1: {"FRONTEND.conn_tot": 77}})
    )
    db.commit()
    text = client.get("/metrics", headers=member.headers).text
    got = {
        (s.name, s.labels.get("run")): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }
    assert got[(f"haplab_live_{SERIES}", str(live))] == 77  # the newest second


# --- a timer figure: HAProxy's request log (issue 32) ----------------------------------------------

TIMER_FIGURE = "tw_p99_ms"


def _timed(queue_ms: int) -> dict[str, Any]:
    """A summary whose request log the worker summarised from TimerSeconds in their stored form: 98
    requests that queued 1 ms and 2 that queued `queue_ms`, so p99 is `queue_ms`; a 10 s queue in
    the warm-up (t -1) is not the window's."""
    rows = [
        {"t": -1, "data": {}, "timers": timer_second([Req(tw=10_000)] * 5).model_dump(mode="json")},
        {
            "t": 0,
            "data": {},
            "timers": timer_second(
                [Req(tw=1, tr=5)] * 98 + [Req(tw=queue_ms, tr=5, queued=True)] * 2
            ).model_dump(mode="json"),
        },
    ]
    timers = request_timers(RunSeconds.of({"timers": rows}), 1, "http", "fe", "be")
    assert timers is not None
    doc = summary_doc(rps=100.0)
    doc["timers"] = timers.model_dump(mode="json")
    return doc


@pytest.fixture
def timed_runs(db: Session, member: Member) -> tuple[int, int]:
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])])
    short, long = launch(
        db, member, make_experiment(db, member, spec=spec), make_lab(db, member.team)
    ).run_ids
    finish_run(db, short, summary=_timed(3))
    finish_run(db, long, summary=_timed(900))
    return short, long


def test_a_timer_figure_is_served_and_is_a_history_figure(client: TestClient, member: Member) -> None:
    registry = client.get(f"{API}/metrics", headers=member.headers).json()
    [entry] = [m for m in registry["run_metrics"] if m["key"] == TIMER_FIGURE]
    assert (entry["label"], entry["unit"], entry["source"], entry["path"]) == (
        "Tw p99 (queue)",
        "ms",
        "haproxy",
        "timers.tw.p99",
    )
    assert (entry["better"], entry["history"]) == ("lower", 7)
    assert {"tr_p99_ms", "td_p999_ms", "treq_mean_ms", "queued_share", "ended_by_client"} <= set(BY_KEY)


def test_history_carries_sorts_and_trends_a_timer(
    client: TestClient, member: Member, timed_runs: tuple[int, int]
) -> None:
    short, long = timed_runs
    for direction, order in (("desc", [long, short]), ("asc", [short, long])):
        r = client.get(
            f"{API}/runs", params={"sort": TIMER_FIGURE, "direction": direction}, headers=member.headers
        )
        assert r.status_code == 200, r.text
        items = r.json()["items"]
        assert [item["id"] for item in items] == order
        got = {item["id"]: item["figures"][TIMER_FIGURE] for item in items}
        assert got[short] == pytest.approx(3, rel=1e-3) and got[long] == pytest.approx(900, rel=1e-3)
    r = client.get(f"{API}/runs/trends", params={"metric": TIMER_FIGURE}, headers=member.headers)
    assert r.status_code == 200, r.text
    assert TIMER_FIGURE in r.text


def test_compare_its_export_and_the_clis_json_have_a_timer(
    client: TestClient,
    member: Member,
    timed_runs: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
    capsysbinary: pytest.CaptureFixture[bytes],
) -> None:
    short, long = timed_runs
    table = client.get(
        f"{API}/runs/compare", params={"run_ids": [short, long]}, headers=member.headers
    ).json()
    assert TIMER_FIGURE in table["metric_columns"]
    assert [row["metrics"][TIMER_FIGURE] for row in table["rows"]] == [
        pytest.approx(3, rel=1e-3),
        pytest.approx(900, rel=1e-3),
    ]
    exported = client.get(f"{API}/runs/export.csv", params={"run_ids": [short, long]}, headers=member.headers)
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert [round(float(row[TIMER_FIGURE])) for row in rows] == [3, 900]
    assert [row["queued_share"] for row in rows] == ["0.02", "0.02"]
    # The CLI: compare --metric, export --format json, and the run's JSON report (its figures).
    api = Api(str(client.base_url), member.headers["Authorization"].removeprefix("Bearer "))
    api.client.set_httpx_client(client)
    client.headers.update(member.headers)
    monkeypatch.setattr(cli, "connect", lambda url, token: api)
    with cli.out.console.capture() as captured:
        cli.compare([short, long], metric=[TIMER_FIGURE, "tr_p99_ms"], url=None, token=None)
    text = captured.get()
    assert TIMER_FIGURE in text and "tr_p99_ms" in text and "900" in text
    capsysbinary.readouterr()
    cli.export([short, long], format_="json", output=None, url=None, token=None)
    exported_json = json.loads(capsysbinary.readouterr().out)
    assert TIMER_FIGURE in json.dumps(exported_json) and "queued_share" in json.dumps(exported_json)
    run = client.get(f"{API}/runs/{long}", headers=member.headers).json()
    report = json_report("timed", None, [run], None, 0, "http://haplab")
    assert report["runs"][0]["figures"][TIMER_FIGURE] == pytest.approx(900, rel=1e-3)
    assert run["summary"]["timers"]["tw"]["p99"] == pytest.approx(900, rel=1e-3)


def test_a_threshold_on_a_timer_validates_and_is_judged(client: TestClient, member: Member) -> None:
    spec = small_spec()
    spec["thresholds"] = [{"metric": TIMER_FIGURE, "operator": "<", "value": 5}]
    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=member.headers)
    assert r.status_code == 200, r.text
    rule = Threshold(metric=TIMER_FIGURE, operator="<", value=5)
    quick = judge(rule, spec=spec, summary=RunSummary.model_validate(_timed(3)), seconds=[])
    queued = judge(rule, spec=spec, summary=RunSummary.model_validate(_timed(900)), seconds=[])
    assert quick.passed and not queued.passed and queued.value == pytest.approx(900, rel=1e-3)
    # A run without the request log: not measured, so the rule cannot pass.
    untimed = judge(rule, spec=spec, summary=RunSummary.model_validate(summary_doc(rps=100.0)), seconds=[])
    assert untimed.value is None and not untimed.passed
    # A timer that is no figure: refused, naming the field.
    spec["thresholds"] = [{"metric": "tw_p98_ms", "operator": "<", "value": 5}]
    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=member.headers)
    assert r.status_code == 422 and "tw_p98_ms" in r.text, r.text


def test_prometheus_exports_a_live_runs_timer_quantiles(
    client: TestClient, db: Session, member: Member
) -> None:
    [live] = launch(db, member, make_experiment(db, member), make_lab(db, member.team)).run_ids
    for state in (RunState.preparing, RunState.warming, RunState.running):
        assert transition(db, live, state)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    insert_samples(
        db,
        live,
        [
            SamplePoint(
                source="timers", t=t, ts=start + timedelta(seconds=t), data={}, timers=timer_second(requests)
            )
            for t, requests in ((0, [Req(tw=900)] * 10), (1, [Req(tw=2, tr=40)] * 99 + [Req(tw=300, tr=40)]))
        ],
    )
    db.commit()
    text = client.get("/metrics", headers=member.headers).text
    got = {
        (s.labels.get("timer"), s.labels.get("quantile")): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "haplab_live_timer_ms" and s.labels.get("run") == str(live)
    }
    # The newest second's: Tw 2 ms at the median, 300 ms at p99.9; Tr 40 ms throughout.
    assert got[("tw", "0.5")] == pytest.approx(2, rel=1e-3)
    assert got[("tw", "0.999")] == pytest.approx(300, rel=1e-3)
    assert got[("tr", "0.99")] == pytest.approx(40, rel=1e-3)
