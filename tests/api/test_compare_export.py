"""Comparison of runs (one row per run, union of params, headline metrics) and its exports."""

from __future__ import annotations

import csv
import io

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from contract.metrics import RUN_METRIC_KEYS as METRICS
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def run_ids(db: Session, member: Member) -> list[int]:
    """Three runs: maxconn 20 and 40 (succeeded, with summaries), and one of another
    experiment sweeping keep-alive (still queued, no summary)."""
    lab = make_lab(db, member.team)
    maxconn = make_experiment(
        db, member, name="maxconn", spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40])])
    )
    keep_alive = make_experiment(
        db, member, name="keep-alive", spec=small_spec(sweep=[("load.keep_alive", [False])])
    )
    first, second = launch(db, member, maxconn, lab).run_ids
    (third,) = launch(db, member, keep_alive, lab).run_ids
    finish_run(db, first, summary=summary_doc(rps=6.5, successes=195, timeouts=5, p50=3000.0, p99=3050.0))
    finish_run(db, second, summary=summary_doc(rps=13.0, successes=390, connects=40, reuses=350))
    return [first, second, third]


def test_compare_aligns_params_and_metrics(client: TestClient, member: Member, run_ids: list[int]) -> None:
    first, second, third = run_ids

    r = client.get(f"{API}/runs/compare", params={"run_ids": [third, first, second]}, headers=member.headers)

    assert r.status_code == 200, r.text
    table = r.json()
    assert table["param_columns"] == ["load.keep_alive", "proxy.global.maxconn"]
    assert table["metric_columns"] == list(METRICS)
    assert [row["run_id"] for row in table["rows"]] == [third, first, second]
    queued, low, high = table["rows"]
    assert (queued["experiment_name"], queued["state"], queued["params"]) == (
        "keep-alive",
        "queued",
        {"load.keep_alive": False},
    )
    assert all(value is None for value in queued["metrics"].values())
    assert (low["experiment_name"], low["state"], low["params"]) == (
        "maxconn",
        "succeeded",
        {"proxy.global.maxconn": 20},
    )
    assert low["metrics"]["rps"] == 6.5
    assert low["metrics"]["successes"] == 195
    assert low["metrics"]["errors_timeout"] == 5 and low["metrics"]["errors_total"] == 5
    assert low["metrics"]["errors_connect"] == 0
    assert (low["metrics"]["latency_p50_ms"], low["metrics"]["latency_p99_ms"]) == (3000.0, 3050.0)
    assert low["metrics"]["bytes_per_s"] == 6500.0
    assert (high["metrics"]["proxy_connects"], high["metrics"]["proxy_reuses"]) == (40, 350)


def test_compare_names_a_missing_run(client: TestClient, member: Member, run_ids: list[int]) -> None:
    missing = max(run_ids) + 1000

    r = client.get(f"{API}/runs/compare", params={"run_ids": [run_ids[0], missing]}, headers=member.headers)

    assert r.status_code == 404
    assert str(missing) in r.json()["message"]


def test_compare_takes_at_most_200_runs(client: TestClient, member: Member) -> None:
    r = client.get(f"{API}/runs/compare", params={"run_ids": list(range(1, 202))}, headers=member.headers)

    assert r.status_code == 422
    assert r.json()["fields"][0]["field"] == "run_ids"


def test_export_csv_has_a_header_and_stable_columns(
    client: TestClient, member: Member, run_ids: list[int]
) -> None:
    first, second, third = run_ids

    r = client.get(
        f"{API}/runs/export.csv", params={"run_ids": [first, second, third]}, headers=member.headers
    )

    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/csv")
    assert r.headers["content-disposition"] == 'attachment; filename="runs.csv"'
    rows = list(csv.DictReader(io.StringIO(r.text)))
    header = next(csv.reader(io.StringIO(r.text)))
    assert header[:4] == ["run_id", "experiment_id", "experiment_name", "experiment_version"]
    assert header[9:11] == ["proxy.global.maxconn", "load.keep_alive"]
    assert header[11:] == list(METRICS)
    assert [row["run_id"] for row in rows] == [str(first), str(second), str(third)]
    assert (rows[0]["proxy.global.maxconn"], rows[0]["rps"], rows[0]["errors_timeout"]) == ("20", "6.5", "5")
    assert (rows[2]["load.keep_alive"], rows[2]["proxy.global.maxconn"], rows[2]["rps"]) == ("false", "", "")
    assert rows[1]["state"] == RunState.succeeded.value


def test_export_json_is_the_compare_table(client: TestClient, member: Member, run_ids: list[int]) -> None:
    exported = client.get(f"{API}/runs/export.json", params={"run_ids": run_ids}, headers=member.headers)
    compared = client.get(f"{API}/runs/compare", params={"run_ids": run_ids}, headers=member.headers)

    assert exported.status_code == 200
    assert exported.headers["content-disposition"] == 'attachment; filename="runs.json"'
    assert exported.json() == compared.json()


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({}, "run_ids"),
        ({"run_ids": ""}, "run_ids.0"),
        ({"run_ids": ["1", "x"]}, "run_ids.1"),
        ({"run_ids": "1,2"}, "run_ids.0"),  # one id per parameter
        ({"run_ids": list(range(1, 202))}, "run_ids"),
        ({"run_ids": [1], "runs": [2]}, "runs"),  # an unknown parameter is refused, not ignored
    ],
)
def test_export_refuses_bad_run_id_lists(
    client: TestClient, member: Member, query: dict[str, object], field: str
) -> None:
    r = client.get(f"{API}/runs/export.csv", params=query, headers=member.headers)  # type: ignore[arg-type]

    assert r.status_code == 422, r.text
    assert r.json()["fields"][0]["field"] == field
