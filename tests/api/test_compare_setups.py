"""/runs/compare/setups: what the compared runs were asked to do and what differs between them.
Real PostgreSQL (rolled back), through the API."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.compare.setups import flatten
from tests.api.experiment_factories import launch, make_experiment, small_spec
from tests.api.helpers import API, Member, make_lab, new_member

CONFIG_60 = "global\n    maxconn 60\ndefaults\n    mode http\n"


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def runs(db: Session, member: Member) -> list[int]:
    """Two "maxconn 60" runs whose client counts differ (20 vs 50), both rendered to the same
    config, and a maxconn sweep point 80 of a second experiment, not rendered yet."""
    lab = make_lab(db, member.team)
    one = make_experiment(db, member, name="clients", spec=small_spec(sweep=[("proxy.global.maxconn", [60])]))
    few = launch(db, member, one, lab, overrides={"load.connections": 20}).run_ids[0]
    many = launch(db, member, one, lab, overrides={"load.connections": 50}).run_ids[0]
    other = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [80])]))
    late = launch(db, member, other, lab).run_ids[0]
    db.execute(update(Run).where(Run.id.in_([few, many])).values(rendered_config=CONFIG_60))
    db.commit()
    return [few, many, late]


def test_setups_name_what_differs_and_send_each_config_once(
    client: TestClient, member: Member, runs: list[int]
) -> None:
    few, many, late = runs

    r = client.get(f"{API}/runs/compare/setups", params={"run_ids": runs}, headers=member.headers)

    assert r.status_code == 200, r.text
    body = r.json()
    differences = {d["path"]: d for d in body["differences"]}
    # The client count is not what was swept: the page must say it, not leave it to be guessed.
    assert differences["load.connections"]["values"][:2] == [20, 50]
    assert differences["load.connections"]["swept"] is False
    assert differences["proxy.global.maxconn"] == {
        "path": "proxy.global.maxconn",
        "values": [60, 60, 80],
        "swept": True,
    }
    # Settings every run shares are not listed.
    assert "load.duration_s" not in differences and "target.kind" not in differences
    assert [run["run_id"] for run in body["runs"]] == [few, many, late]
    assert [run["load"]["connections"] for run in body["runs"][:2]] == [20, 50]
    assert body["runs"][0]["load"]["duration_s"] == 5
    assert body["configs"] == [CONFIG_60]
    assert [run["config_index"] for run in body["runs"]] == [0, 0, None]


def test_setups_refuse_unknown_and_other_teams_runs(
    client: TestClient, db: Session, member: Member, runs: list[int]
) -> None:
    stranger = new_member(db, "editor")
    r = client.get(f"{API}/runs/compare/setups", params={"run_ids": runs[:1]}, headers=stranger.headers)
    assert r.status_code == 404, r.text
    r = client.get(f"{API}/runs/compare/setups", params={"run_ids": []}, headers=member.headers)
    assert r.status_code == 422 and "run_ids" in r.text


def test_flatten_uses_the_sweep_path_vocabulary() -> None:
    doc = {
        "proxy": {"backends": [{"name": "b", "servers": [{"maxconn": 5}]}], "global": {}},
        "load": {"rate": None},
    }
    assert flatten(doc) == {
        "proxy.backends.0.name": "b",
        "proxy.backends.0.servers.0.maxconn": 5,
        "proxy.global": {},
        "load.rate": None,
    }
