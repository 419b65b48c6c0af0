"""/templates: the seed experiments, each a spec the API accepts as is."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from contract.examples import SEED_EXAMPLES
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


# ---------------------------------------------------------------- a template's sentence, kept true


def _check(client: TestClient, headers: dict[str, str], description: str, spec: object) -> dict[str, object]:
    response = client.post(
        f"{API}/templates/description-check", json={"description": description, "spec": spec}, headers=headers
    )
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def test_each_template_sentence_states_its_own_spec(client: TestClient, db: Session) -> None:
    """The catalogue's sentence is the one written from the spec: checked against its own
    spec, every template's description is true."""
    headers = as_member(client, db, "viewer")
    for t in client.get(f"{API}/templates", headers=headers).json():
        answer = _check(client, headers, t["summary"], t["spec"])
        assert answer == {
            "template_id": t["id"],
            "template_title": t["title"],
            "stale": False,
            "proposed": t["summary"],
        }


def test_a_template_sentence_the_spec_outgrew_gets_a_true_one_proposed(
    client: TestClient, db: Session
) -> None:
    """Template 000 swept to maxconn 5, 10 against a 1 s endpoint no longer 'serves a slow (3 s)
    backend as maxconn goes 20 to 100': the designer is offered the sentence of this spec."""
    headers = as_member(client, db, "editor")
    seed = next(t for t in client.get(f"{API}/templates", headers=headers).json() if t["id"] == "000")
    spec = seed["spec"]
    spec["target"]["endpoints"] = [
        {**e, "delay_ms": 1000} if e["path"] == "/slow" else e for e in spec["target"]["endpoints"]
    ]
    spec["sweep"]["axes"][0]["values"] = [5, 10]

    answer = _check(client, headers, seed["summary"], spec)

    assert answer["template_id"] == "000" and answer["stale"] is True
    assert answer["proposed"] == (
        "How many concurrent connections a slow (1 s) backend serves as global maxconn goes 5 to 10."
    )
    # The sweep removed, the spec's own maxconn is what the sentence states.
    spec["sweep"]["axes"] = []
    spec["proxy"]["global"]["maxconn"] = 10
    assert _check(client, headers, seed["summary"], spec)["proposed"] == (
        "How many concurrent connections a slow (1 s) backend serves as global maxconn is 10."
    )
    # Nothing left to state (the endpoint the load asks for has no delay): clear it.
    spec["load"]["path"] = "/fast"
    assert _check(client, headers, seed["summary"], spec) == {
        "template_id": "000",
        "template_title": "maxconn capacity",
        "stale": True,
        "proposed": None,
    }


def test_other_templates_follow_their_facts(client: TestClient, db: Session) -> None:
    headers = as_member(client, db, "editor")
    by_id = {t["id"]: t for t in client.get(f"{API}/templates", headers=headers).json()}
    spec = by_id["003"]["spec"]
    spec["sweep"]["axes"] = [a for a in spec["sweep"]["axes"] if a["path"] == "load.path"]
    assert _check(client, headers, by_id["003"]["summary"], spec)["proposed"] == (
        "TLS termination and re-encryption of 1 MB and 10 MB bodies: throughput with two threads."
    )
    spec = by_id["004"]["spec"]
    spec["sweep"]["axes"] = [a for a in spec["sweep"]["axes"] if a["path"] != "load.keep_alive"]
    spec["sweep"]["axes"][1]["values"] = ["never", "always"]
    assert _check(client, headers, by_id["004"]["summary"], spec)["proposed"] == (
        "http-reuse never/always x HTTP/1.1 or h2c upstreams."
    )
    spec = by_id["002"]["spec"]
    spec["target"]["servers"] = 2
    assert _check(client, headers, by_id["002"]["summary"], spec)["proposed"] == (
        "Fixed request rates against two 300 ms app servers: where a small instance's link saturates."
    )


def test_a_persons_own_words_are_never_checked(client: TestClient, db: Session) -> None:
    """Edited text is the person's: no template claims it, whatever the spec. A half-edited or
    nonsensical spec is read as far as it goes, never a 5xx."""
    headers = as_member(client, db, "editor")
    seed = next(t for t in client.get(f"{API}/templates", headers=headers).json() if t["id"] == "000")
    edited = seed["summary"].replace("How many", "How many, on our staging box,")
    nothing = {"template_id": None, "template_title": None, "stale": False, "proposed": None}
    assert _check(client, headers, edited, {"sweep": {"axes": []}}) == nothing
    assert _check(client, headers, "", seed["spec"]) == nothing
    for junk in (
        {},
        {"sweep": {"axes": [{"path": "proxy.global.maxconn", "values": ["x", None]}]}},
        {"target": []},
    ):
        answer = _check(client, headers, seed["summary"], junk)
        assert answer["template_id"] == "000" and answer["proposed"] is None
    too_long = client.post(
        f"{API}/templates/description-check", json={"description": "x" * 10_001, "spec": {}}, headers=headers
    )
    assert too_long.status_code == 422 and "description" in too_long.text
