"""The request's database session on a real API process: a sync route commits it in its own
worker thread before the response is sent, and rolls it back when the route refuses; the
connection goes back to the pool either way (backend/api/session.py). A read-only route's
statements commit each by itself, and its connection is back in the pool as the others are
(backend/api/route_thread.py, `read_only`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import psycopg

from tests.api.faulty_app import READ_ONLY_PATH, WRITE_PATH, WRITE_THEN_REFUSE_PATH, start_faulty_api


def _marks(dsn: str) -> list[str]:
    with psycopg.connect(dsn) as conn:
        return [row[0] for row in conn.execute("SELECT name FROM test_only_mark ORDER BY id")]


def test_a_route_commits_before_answering_and_a_refusal_keeps_nothing(
    fresh_database: str, redis_server: Any, tmp_path: Path
) -> None:
    dsn = fresh_database.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE test_only_mark (id serial PRIMARY KEY, name text NOT NULL)")
    server = start_faulty_api(fresh_database, redis_server.url, tmp_path)
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            seen_at_answer = []
            for i in range(30):  # more requests than the pool holds connections
                # A read-only route's statements run alone (autocommit, no BEGIN/COMMIT round
                # trips); its connection goes back to the pool in transactions again (below).
                read = client.get(READ_ONLY_PATH)
                assert read.json() == {"statement_alone": True}, read.text
                written = client.post(WRITE_PATH, params={"name": f"kept-{i}"})
                assert written.status_code == 200, written.text
                seen_at_answer.append(_marks(dsn)[-1])  # committed before the answer came
                refused = client.post(WRITE_THEN_REFUSE_PATH, params={"name": f"refused-{i}"})
                assert refused.status_code == 409, refused.text
            health = client.get("/api/v1/health")
    finally:
        server.stop()

    assert seen_at_answer == [f"kept-{i}" for i in range(30)]
    assert _marks(dsn) == [f"kept-{i}" for i in range(30)]  # no refused write was kept
    assert health.status_code == 200  # the pool was not drained by 60 requests
