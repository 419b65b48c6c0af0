"""POST /experiments/validate names every bad raw line at once, each on its own field
(spec.proxy.<section>.extra.<index>): the allowlist's refusals and `haproxy -c`'s, in every
section, with the hostile corpus refused line by line in a single request."""

from __future__ import annotations

import copy
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from contract.haproxy.raw_lines import MAX_LINES
from tests.api.experiment_factories import small_spec
from tests.api.helpers import API, new_member
from tests.contract.hostile_corpus import CORPUS

LISTEN = "spec.proxy.listens.0.extra"
GLOBAL = "spec.proxy.global.extra"
DEFAULTS = "spec.proxy.defaults.extra"


def _validate(client: TestClient, headers: dict[str, str], spec: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=headers)
    assert response.status_code == 422, response.text
    body: dict[str, Any] = response.json()
    assert body["valid"] is False
    return body


def _by_field(body: dict[str, Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in body["fields"]:
        out.setdefault(f["field"], []).append(f["message"])
    return out


def test_allowlist_refusals_in_several_sections_are_each_named(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec()
    spec["proxy"]["global"]["extra"] = ["lua-load /x.lua", "spread-checks 2", "nbproc 2"]
    spec["proxy"]["defaults"]["extra"] = ["option httplog", "user root"]
    spec["proxy"]["listens"][0]["extra"] = ["setenv A b", "http-request set-header X %[env(HOME)]"]

    fields = _by_field(_validate(client, viewer.headers, spec))

    assert sorted(fields) == sorted(
        [f"{GLOBAL}.0", f"{GLOBAL}.2", f"{DEFAULTS}.1", f"{LISTEN}.0", f"{LISTEN}.1"]
    )
    assert "'lua-load /x.lua'" in fields[f"{GLOBAL}.0"][0]
    assert "'user root'" in fields[f"{DEFAULTS}.1"][0]


def test_haproxy_refusals_come_with_the_allowlist_ones(client: TestClient, db: Session) -> None:
    """Lines the allowlist passes but HAProxy refuses are named in the same answer as the lines
    the allowlist refuses, at their own (original) index, and nothing lands on spec.proxy."""
    viewer = new_member(db, "viewer")
    spec = small_spec()
    spec["proxy"]["global"]["extra"] = [
        "tune.http.maxhdr 0",  # HAProxy: must be at least 1
        "lua-load /x.lua",  # allowlist
        "hard-stop-after soon",  # HAProxy: not a time
    ]
    spec["proxy"]["listens"][0]["extra"] = [
        "chroot /",  # allowlist
        "timeout check 1s",  # fine
        "retry-on bogus",  # HAProxy: unknown keyword
    ]

    body = _validate(client, viewer.headers, spec)
    fields = _by_field(body)

    assert sorted(fields) == sorted(
        [f"{GLOBAL}.0", f"{GLOBAL}.1", f"{GLOBAL}.2", f"{LISTEN}.0", f"{LISTEN}.2"]
    )
    assert "maxhdr" in fields[f"{GLOBAL}.0"][0] and fields[f"{GLOBAL}.0"][0].startswith("HAProxy refuses")
    assert "hard-stop-after" in fields[f"{GLOBAL}.2"][0]
    assert "bogus" in fields[f"{LISTEN}.2"][0]
    assert "Lua" in fields[f"{GLOBAL}.1"][0]


def test_haproxy_refusals_of_a_valid_spec_are_named_at_their_lines(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec()
    spec["proxy"]["global"]["extra"] = ["spread-checks 2", "tune.http.maxhdr 0"]
    spec["proxy"]["listens"][0]["extra"] = ["retry-on bogus", "http-request bogus-action"]

    body = _validate(client, viewer.headers, spec)

    assert sorted(_by_field(body)) == sorted([f"{GLOBAL}.1", f"{LISTEN}.0", f"{LISTEN}.1"])
    lines = body["rendered_config"].splitlines()
    placed = {e["field"]: lines[e["line"] - 1].strip() for e in body["haproxy_check"]["errors"]}
    assert placed == {
        f"{GLOBAL}.1": "tune.http.maxhdr 0",
        f"{LISTEN}.0": "retry-on bogus",
        f"{LISTEN}.1": "http-request bogus-action",
    }


def test_the_hostile_corpus_in_one_request_is_refused_line_by_line(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    base = small_spec()
    corpus = [h.line for h in CORPUS]
    for start in range(0, len(corpus), MAX_LINES):
        hostile = corpus[start : start + MAX_LINES]
        spec = copy.deepcopy(base)
        spec["proxy"]["listens"][0]["extra"] = hostile

        fields = _by_field(_validate(client, viewer.headers, spec))

        assert sorted(fields) == sorted(f"{LISTEN}.{i}" for i in range(len(hostile)))
        for index, line in enumerate(hostile):
            (message,) = fields[f"{LISTEN}.{index}"]
            assert repr(line) in message, (line, message)
