"""Every response of a real API process says no framing, no sniffing, no Referer out, and a
Content-Security-Policy: the UI's page one it works under (tests/e2e runs the UI under it in
Chromium), everything else one that lets nothing load or run."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live_processes import ApiServer

from backend.api.security_headers import ui_policy
from backend.db import session_scope
from backend.settings import get_settings
from contract.run_state import RunState
from dev.services import Redis
from tests.api.faulty_app import BOOM_PATH, start_faulty_api
from tests.api.helpers import API, make_lab, new_member
from tests.fleet import factories as fleet

pytestmark = pytest.mark.slow

NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


@pytest.fixture
def api(fresh_database: str, redis_server: Redis, tmp_path: Path) -> Iterator[ApiServer]:
    server = start_faulty_api(fresh_database, redis_server.url, tmp_path)
    yield server
    server.stop()
    print(f"===== API server log =====\n{server.log()}")


def assert_guarded(response: httpx.Response, status: int, policy: str = NOTHING) -> None:
    what = f"{response.request.method} {response.request.url.path} ({response.status_code})"
    assert response.status_code == status, what
    assert response.headers.get("X-Frame-Options") == "DENY", what
    assert response.headers.get("X-Content-Type-Options") == "nosniff", what
    assert response.headers.get("Referrer-Policy") == "no-referrer", what
    assert response.headers.get("Content-Security-Policy") == policy, what
    assert "frame-ancestors 'none'" in policy


def test_every_kind_of_response_carries_the_headers(api: ApiServer) -> None:
    with session_scope() as db:
        member = new_member(db, "admin")
        run_id = fleet.running_run(db, member, make_lab(db, member.team))
        fleet.finish(db, run_id, RunState.succeeded)
    dist = get_settings().frontend_dist
    ui = ui_policy((dist / "index.html").read_text())
    asset = next((dist / "assets").glob("index-*.js")).name

    with httpx.Client(base_url=api.url, timeout=30) as http:
        signed = {"headers": member.headers}
        assert_guarded(http.get(f"{API}/health"), 200)  # JSON
        assert_guarded(http.get(f"{API}/runs/{run_id}", **signed), 200)  # JSON, signed in
        assert_guarded(http.get(f"{API}/runs/{run_id}"), 401)
        assert_guarded(http.get(f"{API}/runs/999999999", **signed), 404)
        assert_guarded(http.post(f"{API}/experiments", json={"name": 5}, **signed), 422)
        assert_guarded(http.get(f"{API}/no-such-route"), 404)
        assert_guarded(http.get(BOOM_PATH), 500)  # the unexpected, answered by the request-id layer
        assert_guarded(http.get(f"{API}/runs/{run_id}/output.txt", **signed), 200)  # text
        assert_guarded(http.get(f"{API}/openapi.json"), 200)
        assert_guarded(http.get("/metrics", **signed), 200)  # Prometheus's text format
        with http.stream("GET", f"{API}/runs/{run_id}/events", **signed) as stream:  # SSE
            assert stream.headers["content-type"].startswith("text/event-stream")
            assert_guarded(stream, 200)
            assert b"event: end" in stream.read()
        assert_guarded(http.get(f"/assets/{asset}"), 200)  # a static asset
        assert_guarded(http.get("/assets/no-such.js"), 404)
        for page in ["/", "/index.html", f"/runs/{run_id}", "/no/such/page"]:  # the UI's page
            response = http.get(page)
            assert response.headers["content-type"].startswith("text/html")
            assert_guarded(response, 200, ui)
        # FastAPI's Swagger UI comes from a CDN with inline scripts: no framing, nothing more.
        assert_guarded(http.get(f"{API}/docs"), 200, "frame-ancestors 'none'")


def test_the_ui_policy_lets_exactly_the_pages_own_inline_scripts_run() -> None:
    page = (
        "<html><head><script>var a = 1 < 2 && '&amp;';</script>"
        '<script type="module" src="/assets/x.js"></script></head>'
        "<body><script>\n  go();\n</script></body></html>"
    )
    policy = ui_policy(page)
    hashes = re.findall(r"'sha256-([^']+)'", policy)
    expected = [
        base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        for text in ["var a = 1 < 2 && '&amp;';", "\n  go();\n"]
    ]
    assert hashes == expected
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'"
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
