"""`haplab agents list` and `haplab agents revoke` as a person or a script runs them, against a real
API server: a lab admin revokes (after a confirmation, or --yes), anyone else is refused with the
API's reason and exit 3, a revoked agent is listed as such and its token refused."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest

from backend.db import session_scope
from backend.models import Agent
from tests.api.helpers import Member, make_lab, make_team_user, token_headers
from tests.fleet.factories import enroll, enrollment_token, hello

HAPLAB = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "haplab"


def haplab(url: str, token: str, *args: str, answer: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HAPLAB_URL": url, "HAPLAB_TOKEN": token, "XDG_CONFIG_HOME": "/nonexistent"}
    done = subprocess.run(
        [str(HAPLAB), *args], env=env, input=answer, capture_output=True, text=True, timeout=60, check=False
    )
    print(f"$ haplab {' '.join(args)} -> exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done


@pytest.fixture
def lab_with_agent(live_api: Any) -> dict[str, Any]:
    """A lab with an enrolled agent (injector-1), and an admin's and an editor's API tokens."""
    with session_scope() as db:
        team, admin_user = make_team_user(db, role="admin")
        _, editor_user = make_team_user(db, role="editor", team=team)
        lab = make_lab(db, team, name="bench lab")
        admin = Member(team=team, user=admin_user, headers=token_headers(db, admin_user, team, "admin"))
        token = enrollment_token(db, admin, lab, ["injector"])
        editor = token_headers(db, editor_user, team, "editor")
        lab_id = lab.id
    with httpx.Client(base_url=live_api.url) as http:
        agent = enroll(http, token, "injector-1", ["injector"])
        said = _hello(live_api.url, agent)
        assert said.status_code == 200, said.text
    return {
        "url": live_api.url,
        "lab_id": lab_id,
        "agent": agent,
        "admin": admin.headers["Authorization"].removeprefix("Bearer "),
        "editor": editor["Authorization"].removeprefix("Bearer "),
    }


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _hello(url: str, agent: dict[str, Any]) -> httpx.Response:
    body = hello("injector-1", ["injector"])
    # As an agent whose clock is 200.4 ms ahead of the API's measured it.
    body["body"]["clock"] = {"offset_ms": -200.4, "round_trip_ms": 0.8, "measured_at": "2026-11-27T10:00:00Z"}
    return httpx.post(f"{url}/api/v1/agent/hello", json=body, headers=_bearer(agent["agent_token"]))


def test_a_lab_admin_revokes_an_agent_from_the_cli(lab_with_agent: dict[str, Any]) -> None:
    url, agent = lab_with_agent["url"], lab_with_agent["agent"]

    def as_(who: str, *args: str, answer: str | None = None) -> subprocess.CompletedProcess[str]:
        return haplab(url, lab_with_agent[who], "agents", *args, answer=answer)

    listed = as_("admin", "list", "--lab", "bench lab")
    assert listed.returncode == 0 and "injector-1" in listed.stdout and "online" in listed.stdout
    assert "200.4 ms ahead (±0.4)" in listed.stdout, listed.stdout

    # An editor is refused by the API (403), with its reason; nothing changes.
    editor = as_("editor", "revoke", "--lab", "bench lab", "injector-1", "--yes")
    assert editor.returncode == 3 and "not allowed (403)" in editor.stderr and "admin role" in editor.stderr
    # A person who does not confirm revokes nothing.
    declined = as_("admin", "revoke", "--lab", "bench lab", "injector-1", answer="n\n")
    assert declined.returncode != 0 and "Revoke agent injector-1 of lab 'bench lab'?" in declined.stdout
    # Unknown names are said plainly.
    unknown = as_("admin", "revoke", "--lab", "bench lab", "injector-9", "--yes")
    assert unknown.returncode == 3 and "has no agent named 'injector-9'" in unknown.stderr
    with session_scope() as db:
        assert db.get_one(Agent, agent["agent_id"]).revoked_at is None
    assert _hello(url, agent).status_code == 200

    revoked = as_("admin", "revoke", "--lab", "bench lab", "injector-1", answer="y\n")
    assert revoked.returncode == 0, revoked.stderr
    assert f"agent injector-1 (id {agent['agent_id']}) of lab 'bench lab' revoked at" in revoked.stdout
    refused = _hello(url, agent)
    assert (refused.status_code, refused.json()["error"]) == (401, "agent_revoked")

    assert "revoked" in as_("admin", "list", "--lab", "bench lab").stdout
    again = as_("admin", "revoke", "--lab", "bench lab", "injector-1", "--yes")
    assert again.returncode == 0 and "already revoked" in again.stdout
