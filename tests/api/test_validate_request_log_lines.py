"""POST /experiments/validate refuses, while timers are collected, raw lines that would make
HAProxy's request log lie: a 422 on the line's own field, saying how to use it anyway."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from tests.api.experiment_factories import small_spec
from tests.api.helpers import API, new_member


def test_a_log_changing_line_is_refused_on_its_field_unless_timers_are_off(
    client: TestClient, db: Session
) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec()
    spec["proxy"]["listens"][0]["extra"] = ["timeout queue 5s", '"option"  log\\x61sap']
    response = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)
    assert response.status_code == 422, response.text
    fields = {f["field"]: f["message"] for f in response.json()["fields"]}
    assert list(fields) == ["spec.proxy.listens.0.extra.1"], fields
    assert "logasap" in fields["spec.proxy.listens.0.extra.1"]
    assert "timers.collect false" in fields["spec.proxy.listens.0.extra.1"]

    spec["timers"] = {"collect": False}
    response = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)
    assert response.status_code == 200, response.text
    assert response.json()["valid"] is True
