"""The hostile corpus over the API: every line is refused by validate and by create with a 422
that names the line's field (spec.proxy.<section>.extra.<index>) and quotes the line, and create
writes nothing."""

from __future__ import annotations

import copy
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.models import Experiment
from tests.api.experiment_factories import small_spec
from tests.api.helpers import API, new_member
from tests.contract.hostile_corpus import CORPUS

# Where a line of each section kind goes in the small spec (one listen section, no frontend).
_FIELD = {"global": "proxy.global", "defaults": "proxy.defaults"}
_LISTEN = "proxy.listens.0"


def _with_line(base: dict[str, Any], section: str, line: str) -> tuple[dict[str, Any], str]:
    spec = copy.deepcopy(base)
    path = _FIELD.get(section, _LISTEN)
    target = spec["proxy"]
    for part in path.split(".")[1:]:
        target = target[int(part)] if part.isdigit() else target[part]
    target["extra"] = ["timeout check 1s" if section != "global" else "spread-checks 2", line]
    return spec, f"spec.{path}.extra.1"


def _refusal_problem(response: Any, field: str, line: str) -> str | None:
    if response.status_code != 422:
        return f"status {response.status_code}"
    fields = response.json().get("fields", [])
    named = [f for f in fields if f["field"] == field]
    if not named:
        return f"no error on {field}: {fields}"
    if repr(line) not in named[0]["message"]:
        return f"the message does not quote the line: {named[0]['message']}"
    return None


def test_every_hostile_line_is_refused_by_validate_and_create(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    base = small_spec()
    before = db.scalar(select(func.count()).select_from(Experiment))
    failures = []
    for number, hostile in enumerate(CORPUS):
        spec, field = _with_line(base, hostile.section, hostile.line)
        validated = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=editor.headers)
        created = client.post(
            f"{API}/experiments", json={"name": f"hostile-{number}", "spec": spec}, headers=editor.headers
        )
        for endpoint, response in (("validate", validated), ("create", created)):
            problem = _refusal_problem(response, field, hostile.line)
            if problem:
                failures.append(f"{endpoint} {hostile.line!r}: {problem}")
    assert failures == [], "\n".join(failures[:20])
    assert db.scalar(select(func.count()).select_from(Experiment)) == before
