"""POST /experiments/import over the real API: every corpus config comes back as a spec that the
sandboxed `haproxy -c` accepts, with HAProxy's own refusals put on the lines that caused them;
bad requests are 422s naming the field; nothing is created."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.models import Experiment
from contract.cfg_import.report import MAX_IMPORT_BYTES
from tests.api.helpers import API, make_lab, new_member

CONTRACT_TESTS = Path(__file__).resolve().parents[1] / "contract"
CORPUS_FILES = [
    *sorted((CONTRACT_TESTS / "haproxy_corpus").glob("*.cfg")),
    *sorted((CONTRACT_TESTS / "cfg_import_cases").glob("*.cfg")),
]
ACCEPTANCE = (CONTRACT_TESTS / "cfg_import_cases" / "three-backends-tls-userlist-lua.cfg").read_text()


def _import(client: TestClient, headers: dict[str, str], **body: Any) -> dict[str, Any]:
    response = client.post(f"{API}/experiments/import", json=body, headers=headers)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_every_corpus_config_passes_haproxy_c_after_mapping(
    client: TestClient, db: Session, path: Path
) -> None:
    viewer = new_member(db, "viewer")
    answer = _import(client, viewer.headers, text=path.read_bytes().decode())
    report = answer["report"]
    assert report["check"] == {"ok": True, "messages": []}, report["check"]
    assert report["rendered"].startswith("# Rendered by haplab")
    # What the designer would save validates as any spec does.
    validated = client.post(
        f"{API}/experiments/validate", json={"spec": answer["spec"]}, headers=viewer.headers
    )
    assert validated.status_code == 200, validated.text
    assert validated.json()["haproxy_check"]["ok"] is True


def test_the_acceptance_config_imports_with_haproxys_refusals_on_their_lines(
    client: TestClient, db: Session
) -> None:
    editor = new_member(db, "editor")
    answer = _import(client, editor.headers, text=ACCEPTANCE, environment={"APP3": "10.0.0.13:8080"})
    by_text = {line["text"].strip(): line for line in answer["report"]["lines"]}
    # The allowlist passes it; HAProxy refuses it, because the userlist was not imported.
    auth = by_text["http-request auth realm admin if is_admin !{ http_auth(admins) }"]
    assert auth["fate"] == "refused" and "HAProxy refuses" in auth["detail"] and "admins" in auth["detail"]
    assert by_text["lua-load /etc/haproxy/cors.lua"]["fate"] == "refused"
    assert answer["report"]["environment"] == [
        {"name": "APP3", "lines": [50], "default": None, "given": True}
    ]
    assert answer["spec"]["proxy"]["frontends"][0]["default_backend"] == "app"
    before = db.scalar(select(func.count()).select_from(Experiment))
    # Nothing was created; the designer saves it like any new experiment.
    created = client.post(
        f"{API}/experiments",
        json={"name": answer["name"], "description": answer["description"], "spec": answer["spec"]},
        headers=editor.headers,
    )
    assert created.status_code == 201, created.text
    assert db.scalar(select(func.count()).select_from(Experiment)) == (before or 0) + 1


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": ""}, "text"),
        ({"text": "global\n\x00"}, "text"),
        ({"text": "x" * (MAX_IMPORT_BYTES + 1)}, "text"),
        ({"text": "listen l\n bind :80\n", "environment": {"1BAD": "x"}}, "environment"),
        ({"text": "listen l\n bind :80\n", "target": "elsewhere"}, "target"),
        ({"text": "listen l\n bind :80\n", "surprise": 1}, "surprise"),
    ],
)
def test_bad_requests_are_422_naming_the_field(
    client: TestClient, db: Session, body: dict[str, Any], field: str
) -> None:
    viewer = new_member(db, "viewer")
    response = client.post(f"{API}/experiments/import", json=body, headers=viewer.headers)
    assert response.status_code == 422, response.text
    assert any(f["field"].split(".")[0] == field for f in response.json()["fields"]), response.json()


def test_importing_needs_a_signed_in_caller(client: TestClient) -> None:
    response = client.post(f"{API}/experiments/import", json={"text": ACCEPTANCE})
    assert response.status_code == 401


def test_haproxys_refusal_of_a_bind_or_server_it_names_without_a_line_is_put_on_that_line(
    client: TestClient, db: Session
) -> None:
    viewer = new_member(db, "viewer")
    text = (
        "frontend f\n  bind :443 ssl crt /x.pem ciphers NOTACIPHER\n  bind :80\n  default_backend b\n"
        "backend b\n  server s 10.0.0.1:80\n"
    )
    answer = _import(client, viewer.headers, text=text)
    assert answer["report"]["check"]["ok"] is True
    line = next(line for line in answer["report"]["lines"] if line["line"] == 2)
    assert line["fate"] == "refused" and "NOTACIPHER" in line["detail"]
    assert answer["spec"]["proxy"]["frontends"][0]["bind"]["port"] == 80


def test_another_teams_lab_is_not_found_and_a_lab_boundary_refuses_on_the_line(
    client: TestClient, db: Session
) -> None:
    viewer = new_member(db, "viewer")
    stranger = new_member(db, "editor")
    theirs = make_lab(db, stranger.team)
    text = "listen l\n  bind :80\n  log 203.0.113.9:514 local0\n  server s 10.0.0.1:80\n"
    response = client.post(
        f"{API}/experiments/import", json={"text": text, "lab_id": theirs.id}, headers=viewer.headers
    )
    assert response.status_code == 404, response.text
    # External servers outside the team's boundary: their lines are refused, saying why.
    mine = make_lab(db, viewer.team)
    answer = _import(client, viewer.headers, text=text, target="external", lab_id=mine.id)
    server = next(line for line in answer["report"]["lines"] if line["line"] == 4)
    assert server["fate"] == "refused" and "10.0.0.1" in server["detail"], server
    # No server left to keep at its address: no external address is made up; the lab's own
    # target stands by, which nothing reaches.
    assert answer["spec"]["target"]["kind"] == "managed"
    assert answer["report"]["check"]["ok"] is True
