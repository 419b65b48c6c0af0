"""The profile is the total: a lab's injector weights, and a launch whose split leaves an injector
nothing, refused with a 422 naming the field. Real PostgreSQL, real haproxy -c."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.labs.enrollment import create_enrollment_token, redeem_enrollment_token
from backend.models import Lab, Run
from tests.api.experiment_factories import make_experiment, small_spec
from tests.api.helpers import API, make_lab, new_member


def _enroll(db: Session, lab: Lab, name: str, roles: list[str]) -> None:
    _, secret = create_enrollment_token(db, lab.team_id, lab.id, None, roles)
    redeem_enrollment_token(db, secret, name, roles)
    db.commit()


def _two_injector_lab(db: Session, member: Any, **fields: Any) -> Lab:
    lab = make_lab(db, member.team, **fields)
    _enroll(db, lab, "proxy-1", ["proxy", "target"])
    _enroll(db, lab, "inj-b", ["injector"])
    _enroll(db, lab, "inj-a", ["injector"])
    return lab


def _runs(db: Session) -> int:
    return db.scalar(select(func.count()).select_from(Run)) or 0


def test_injector_weights_are_set_by_agent_name_and_shown(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = _two_injector_lab(db, editor)

    response = client.patch(
        f"{API}/labs/{lab.id}",
        json={"settings": {"injector_weights": {"inj-a": 3}, "note": "a is the big box"}},
        headers=editor.headers,
    )

    assert response.status_code == 200, response.text
    shown = client.get(f"{API}/labs/{lab.id}", headers=editor.headers).json()["settings"]
    assert shown == {"injector_weights": {"inj-a": 3}, "note": "a is the big box"}


@pytest.mark.parametrize(
    ("weights", "field", "words"),
    [
        (
            {"inj-c": 2},
            "settings.injector_weights.inj-c",
            "not an injector of this lab (its injectors: inj-a, inj-b)",
        ),
        ({"proxy-1": 2}, "settings.injector_weights.proxy-1", "not an injector"),
        ({"inj-a": 0}, "settings.injector_weights.inj-a", "greater than or equal to 1"),
        ({"inj-a": -4}, "settings.injector_weights.inj-a", "greater than or equal to 1"),
        ({"inj-a": "2"}, "settings.injector_weights.inj-a", "valid integer"),
        ({"inj-a": True}, "settings.injector_weights.inj-a", "valid integer"),
        ({"inj-a": 1.5}, "settings.injector_weights.inj-a", "valid integer"),
        ([2, 1], "settings.injector_weights", "valid dictionary"),
    ],
)
def test_bad_injector_weights_are_422_naming_the_field_and_change_nothing(
    client: TestClient, db: Session, weights: Any, field: str, words: str
) -> None:
    editor = new_member(db, "editor")
    lab = _two_injector_lab(db, editor, settings={"note": "kept"})

    response = client.patch(
        f"{API}/labs/{lab.id}", json={"settings": {"injector_weights": weights}}, headers=editor.headers
    )

    assert response.status_code == 422, response.text
    fields = {f["field"]: f["message"] for f in response.json()["fields"]}
    assert field in fields and words in fields[field], fields
    db.refresh(lab)
    assert lab.settings == {"note": "kept"}


def test_a_new_lab_has_no_injectors_to_weigh_yet(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    response = client.post(
        f"{API}/labs",
        json={"name": "weighed", "settings": {"injector_weights": {"inj-a": 2}}},
        headers=editor.headers,
    )
    assert response.status_code == 422
    assert "weights are set once the injectors have enrolled" in response.json()["fields"][0]["message"]


@pytest.mark.parametrize(
    ("load", "weights", "field", "words"),
    [
        ({"connections": 1, "threads": 1}, {}, "spec.load.connections", "the lab's 2 injectors"),
        ({"connections": 2, "threads": 1}, {"inj-b": 5}, "spec.load.connections", "with weights 1, 5"),
        (
            {"driver": "vegeta", "connections": 4, "threads": 1, "rate": 0.001},
            {},
            "spec.load.rate",
            "the lab's 2 injectors",
        ),
    ],
)
def test_a_launch_whose_split_leaves_an_injector_nothing_is_422_and_queues_nothing(
    client: TestClient, db: Session, load: dict[str, Any], weights: dict[str, int], field: str, words: str
) -> None:
    member = new_member(db, "editor")
    lab = _two_injector_lab(db, member)
    if weights:
        lab.settings = {"injector_weights": weights}
        db.commit()
    spec = small_spec()
    spec["load"].update(load)
    experiment = make_experiment(db, member, spec=spec)
    before = _runs(db)

    response = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": lab.id}, headers=member.headers
    )

    assert response.status_code == 422, response.text
    fields = {f["field"]: f["message"] for f in response.json()["fields"]}
    assert field in fields and words in fields[field], fields
    assert "per_injector" in fields[field]
    assert _runs(db) == before


def test_a_sweep_point_that_cannot_be_split_is_named(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = _two_injector_lab(db, member)
    spec = small_spec(sweep=[("load.connections", [20, 1])])
    spec["load"]["threads"] = 1
    experiment = make_experiment(db, member, spec=spec)

    response = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": lab.id}, headers=member.headers
    )

    assert response.status_code == 422, response.text
    message = response.json()["fields"][0]["message"]
    assert "sweep point 1" in message and "'load.connections': 1" in message


def test_whole_and_a_splittable_load_launch(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = _two_injector_lab(db, member)
    for load in ({"connections": 1, "threads": 1, "per_injector": "whole"}, {"connections": 2, "threads": 1}):
        spec = small_spec()
        spec["load"].update(load)
        experiment = make_experiment(db, member, spec=spec)
        response = client.post(
            f"{API}/experiments/{experiment.id}/launch", json={"lab_id": lab.id}, headers=member.headers
        )
        assert response.status_code == 201, response.text
