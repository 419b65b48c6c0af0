"""/templates: the seed experiments, each a spec the API accepts as is."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from spec.examples import SEED_EXAMPLES
from tests.api.helpers import API, as_member


def test_templates_list_every_seed_with_a_sentence_and_needs(client: TestClient, db: Session) -> None:
    response = client.get(f"{API}/templates", headers=as_member(client, db, "viewer"))
    assert response.status_code == 200
    templates = response.json()
    assert [t["id"] for t in templates] == list(SEED_EXAMPLES)
    for t in templates:
        assert t["title"] and t["summary"].endswith(".")
        assert {"proxy", "injector"} <= set(t["requires"]["roles"])
        assert t["requires"]["driver"] == t["spec"]["load"]["driver"]
    by_id = {t["id"]: t for t in templates}
    assert by_id["001"]["requires"]["target"] == "database"
    assert by_id["001"]["requires"]["driver"] == "mariadb-slap"
    assert by_id["002"]["requires"]["link_shaping"] is True


def test_a_template_spec_is_accepted_by_validate(client: TestClient, db: Session) -> None:
    headers = as_member(client, db, "editor")
    spec = client.get(f"{API}/templates", headers=headers).json()[0]["spec"]
    response = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=headers)
    assert response.status_code == 200, response.text


def test_templates_need_a_signed_in_member(client: TestClient) -> None:
    assert client.get(f"{API}/templates").status_code == 401
