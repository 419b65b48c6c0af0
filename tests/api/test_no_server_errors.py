"""Bad input is a 422 naming the field, never a 500; an unexpected error is a clean 500 with a
request id that leaves the connection usable. Every case found by hand or by schemathesis is
here as a regression test."""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.api.storable import BIGINT_MAX, StorableRoute
from tests.api.experiment_factories import make_experiment, small_spec
from tests.api.faulty_app import BOOM_PATH, start_faulty_api
from tests.api.helpers import API, make_lab, new_member

TOO_BIG = str(BIGINT_MAX + 1)
HUGE = "1" + "0" * 30


def _assert_422_naming(response: Any, field: str) -> None:
    assert response.status_code == 422, (response.status_code, response.text)
    fields = [f["field"] for f in response.json()["fields"]]
    assert field in fields, fields


@pytest.mark.parametrize(
    ("method", "path", "params", "field"),
    [
        ("GET", "/experiments", {"q": "a\x00b"}, "q"),
        ("GET", "/experiments", {"tag": "\x00"}, "tag"),
        ("GET", "/runs", {"tag": "a\x00"}, "tag"),
        ("GET", f"/runs/{TOO_BIG}", {}, "run_id"),
        ("GET", f"/experiments/{HUGE}", {}, "experiment_id"),
        ("GET", "/experiments", {"offset": TOO_BIG}, "offset"),
        ("GET", "/runs", {"offset": TOO_BIG}, "offset"),
        ("GET", "/runs", {"experiment_id": TOO_BIG}, "experiment_id"),
        ("GET", "/runs/1/samples", {"from_t": TOO_BIG}, "from_t"),
        ("GET", "/runs/export.csv", {"run_ids": TOO_BIG}, "run_ids.0"),
        ("GET", "/runs/compare", {"run_ids": TOO_BIG}, "run_ids.0"),
        ("GET", f"/labs/{TOO_BIG}", {}, "lab_id"),
        ("GET", f"/experiments/1/versions/{TOO_BIG}", {}, "version"),
        # int4 columns: found by schemathesis (version=2147483649 was a DataError, a 500)
        ("GET", "/experiments/1/versions/2147483649", {}, "version"),
        ("POST", "/experiments/1/validate", {"version": "2147483649"}, "version"),
        ("GET", "/runs/1/samples", {"from_t": "2147483648"}, "from_t"),
        ("GET", "/runs/1/samples", {"to_t": "-2147483649"}, "to_t"),
    ],
)
def test_unstorable_parameters_are_422_naming_them(
    client: TestClient, db: Session, method: str, path: str, params: dict[str, str], field: str
) -> None:
    viewer = new_member(db, "viewer")
    response = client.request(method, f"{API}{path}", params=params, headers=viewer.headers)
    _assert_422_naming(response, field)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/experiments", {"name": "a\u0000b", "spec": "SPEC"}, "name"),
        ("/experiments", {"name": "ok", "description": "\ud800", "spec": "SPEC"}, "description"),
        ("/experiments", {"name": "ok", "tags": ["x\u0000"], "spec": "SPEC"}, "tags.0"),
        ("/labs", {"name": "lab", "settings": {"note": "\u0000"}}, "settings.note"),
        ("/labs", {"name": "lab", "settings": {"x": float("nan")}}, "settings.x"),
        ("/labs", {"name": "lab\u0000"}, "name"),
    ],
)
def test_unstorable_bodies_are_422_naming_the_field(
    client: TestClient, db: Session, path: str, body: dict[str, Any], field: str
) -> None:
    editor = new_member(db, "editor")
    if body.get("spec") == "SPEC":
        body["spec"] = small_spec()
    raw = json.dumps(body, allow_nan=True)
    response = client.post(
        f"{API}{path}", content=raw, headers={**editor.headers, "Content-Type": "application/json"}
    )
    _assert_422_naming(response, field)


def test_a_nul_deep_inside_a_spec_is_named_by_its_path(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    spec = small_spec()
    spec["load"]["headers"] = {"X-A": "a\u0000"}
    response = client.post(f"{API}/experiments", json={"name": "n", "spec": spec}, headers=editor.headers)
    assert response.status_code == 422
    assert any(f["field"].startswith("spec.load.headers") for f in response.json()["fields"])


def test_launch_and_compare_with_ids_beyond_bigint(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    experiment = make_experiment(db, editor)
    make_lab(db, editor.team)
    launch = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": int(TOO_BIG)}, headers=editor.headers
    )
    _assert_422_naming(launch, "lab_id")
    compare = client.get(f"{API}/runs/compare/points", params={"run_ids": [TOO_BIG]}, headers=editor.headers)
    _assert_422_naming(compare, "run_ids.0")
    exported = client.get(
        f"{API}/runs/export.json", params={"run_ids": ["1", TOO_BIG]}, headers=editor.headers
    )
    _assert_422_naming(exported, "run_ids.1")


def _api_routes(routes: list[Any]) -> list[APIRoute]:
    """Every FastAPI route reachable from `routes`, through included routers at any depth."""
    found: list[APIRoute] = []
    for route in routes:
        if isinstance(route, APIRoute):
            found.append(route)
        elif hasattr(route, "original_router"):  # an included router
            found += _api_routes(route.original_router.routes)
    return found


def test_every_route_refuses_unstorable_input() -> None:
    """The check lives in one route class, which also resolves the caller (a role dependency gives
    it deferred: backend/api/route_thread.py); every route of the app must use it but the
    single-page app's fallback, which takes no input and no caller."""
    from backend.app import create_app

    routes = [route for route in _api_routes(create_app().routes) if route.name != "spa"]
    assert len(routes) > 60 and all(isinstance(route, StorableRoute) for route in routes), [
        route.path for route in routes if not isinstance(route, StorableRoute)
    ]


def test_an_unexpected_error_is_a_clean_500_and_the_connection_stays_usable(
    fresh_database: str, redis_server: Any, tmp_path: Path
) -> None:
    server = start_faulty_api(fresh_database, redis_server.url, tmp_path)
    try:
        address = urlsplit(server.url)
        conn = http.client.HTTPConnection(address.hostname or "127.0.0.1", address.port, timeout=10)
        conn.request("GET", BOOM_PATH, headers={"X-Request-Id": "trace-42"})
        failed = conn.getresponse()
        body = json.loads(failed.read())
        first_socket = conn.sock
        conn.request("GET", "/api/v1/health")  # same kept-alive connection
        healthy = conn.getresponse()
        healthy.read()
        reused = conn.sock is first_socket is not None
        conn.close()
    finally:
        server.stop()

    assert failed.status == 500
    assert body["error"] == "internal_error" and body["request_id"] == "trace-42"
    assert "trace-42" in body["message"]
    assert failed.getheader("X-Request-Id") == "trace-42"
    assert healthy.status == 200
    assert healthy.getheader("X-Request-Id")  # every response carries one
    # Either the server kept the connection (the next request used it) or it said it would close.
    assert reused or failed.getheader("Connection", "").lower() == "close"
    log = server.log()
    assert "trace-42" in log and "RuntimeError: an unexpected failure" in log  # logged with its traceback


def test_a_lab_named_in_another_script_gets_its_ca(client: TestClient, db: Session) -> None:
    """Found by schemathesis: X.509 limits the CA's common name to 64 bytes, not characters."""
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team, name="ラボ" * 30)
    response = client.get(f"{API}/labs/{lab.id}/ca.pem", headers=editor.headers)
    assert response.status_code == 200, response.text
    assert response.text.startswith("-----BEGIN CERTIFICATE-----")
