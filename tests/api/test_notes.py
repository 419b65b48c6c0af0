"""Notes on runs and detected changes: written by editors, read with the run, counted and found in
History, removed by their author or an admin; every subject is the team's own."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.models import ChangePoint
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec
from tests.api.helpers import API, add_member, make_lab, make_user, new_member, token_headers


def test_a_note_on_a_run_is_listed_counted_and_found_by_history_search(
    client: TestClient, db: Session
) -> None:
    editor = new_member(db, "editor")
    experiment = make_experiment(db, editor, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40])]))
    noted, other = launch(db, editor, experiment, make_lab(db, editor.team)).run_ids
    finish_run(db, noted)

    r = client.post(
        f"{API}/runs/{noted}/notes",
        json={"text": "  kernel 6.1 upgrade on the proxy host  "},
        headers=editor.headers,
    )
    assert r.status_code == 201, r.text
    note = r.json()
    assert (
        note["text"] == "kernel 6.1 upgrade on the proxy host" and note["author_email"] == editor.user.email
    )

    listed = client.get(f"{API}/notes", params={"run_ids": [noted, other]}, headers=editor.headers).json()
    assert [(n["run_id"], n["text"]) for n in listed] == [(noted, "kernel 6.1 upgrade on the proxy host")]
    detail = client.get(f"{API}/runs/{noted}", headers=editor.headers).json()
    assert detail["note_count"] == 1
    items = {i["id"]: i for i in client.get(f"{API}/runs", headers=editor.headers).json()["items"]}
    assert (items[noted]["note_count"], items[other]["note_count"]) == (1, 0)
    found = client.get(f"{API}/runs", params={"q": "KERNEL 6.1"}, headers=editor.headers).json()["items"]
    assert [i["id"] for i in found] == [noted]

    for body, field in [
        ({"text": ""}, "text"),
        ({"text": "x" * 4001}, "text"),
        ({"text": "a", "pin": 1}, "pin"),
    ]:
        r = client.post(f"{API}/runs/{noted}/notes", json=body, headers=editor.headers)
        assert r.status_code == 422 and r.json()["fields"][0]["field"].endswith(field), r.text


def test_notes_on_changes_and_who_may_remove_them(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    experiment = make_experiment(db, editor)
    before, after = (launch(db, editor, experiment, make_lab(db, editor.team)).run_ids[0] for _ in range(2))
    change = ChangePoint(
        team_id=editor.team.id, experiment_id=experiment.id, params={}, params_key="{}", metric="rps",
        run_id=after, before_run_id=before, before_mean=100, after_mean=60, before_n=5, after_n=1,
        change_pct=-40, worse=True, p_value=1e-6, differences=[], status="open",
    )  # fmt: skip
    db.add(change)
    db.commit()
    r = client.post(
        f"{API}/changes/{change.id}/notes",
        json={"text": "expected: maxconn lowered on purpose"},
        headers=editor.headers,
    )
    assert r.status_code == 201
    note_id = r.json()["id"]
    listed = client.get(f"{API}/notes", params={"change_ids": [change.id]}, headers=editor.headers).json()
    assert [n["text"] for n in listed] == ["expected: maxconn lowered on purpose"]

    # Another editor of the team may not remove it; an admin may; another team sees nothing.
    colleague = make_user(db)
    add_member(db, editor.team, colleague, "editor")
    other_editor = token_headers(db, colleague, editor.team, scope="editor")
    assert client.delete(f"{API}/notes/{note_id}", headers=other_editor).status_code == 403
    stranger = new_member(db, "editor")
    assert (
        client.get(f"{API}/notes", params={"change_ids": [change.id]}, headers=stranger.headers).json() == []
    )
    assert (
        client.post(
            f"{API}/changes/{change.id}/notes", json={"text": "hi"}, headers=stranger.headers
        ).status_code
        == 404
    )
    assert (
        client.post(f"{API}/runs/{after}/notes", json={"text": "hi"}, headers=stranger.headers).status_code
        == 404
    )
    boss = make_user(db)
    add_member(db, editor.team, boss, "admin")
    assert (
        client.delete(f"{API}/notes/{note_id}", headers=token_headers(db, boss, editor.team)).status_code
        == 204
    )
    assert client.get(f"{API}/notes", params={"change_ids": [change.id]}, headers=editor.headers).json() == []
