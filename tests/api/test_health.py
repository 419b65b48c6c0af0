"""GET /api/v1/health against the real PostgreSQL and Redis, and against a Redis that is gone."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from backend.settings import get_settings
from tests.api.helpers import API


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_gone(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Point the settings at a closed Redis port for this test; restored afterwards."""
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    monkeypatch.setenv("HAPLAB_REDIS_URL", url)
    get_settings.cache_clear()
    yield url
    monkeypatch.undo()
    get_settings.cache_clear()


def test_health_is_ok_when_postgres_and_redis_answer(client: TestClient) -> None:
    response = client.get(f"{API}/health")

    assert response.status_code == 200, response.text
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"postgres", "redis"}
    for check in body["checks"].values():
        assert check["ok"] is True
        assert check["error"] is None
        assert 0 <= check["latency_ms"] < 2000


def test_health_is_503_naming_redis_when_redis_is_down(client: TestClient, redis_gone: str) -> None:
    assert get_settings().redis_url == redis_gone

    response = client.get(f"{API}/health")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["checks"]["postgres"]["ok"] is True
    assert body["checks"]["redis"]["ok"] is False
    assert "Connection" in body["checks"]["redis"]["error"]


def test_health_needs_no_credentials_and_ignores_bad_ones(client: TestClient) -> None:
    response = client.get(f"{API}/health", headers={"Authorization": "Bearer nonsense"})

    assert response.status_code == 200


def test_an_answer_is_reused_briefly_however_often_anyone_asks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No credentials needed: each check forks a PostgreSQL backend, so a flood must not make one
    per request."""
    from backend.health import service

    checks = []
    real = service.run_checks
    monkeypatch.setattr(service, "run_checks", lambda: checks.append(1) or real())
    monkeypatch.setattr(service, "_last", None)
    for _ in range(20):
        assert client.get(f"{API}/health").status_code == 200
    assert len(checks) == 1
    time.sleep(service.FRESH_FOR_S + 0.1)
    assert client.get(f"{API}/health").status_code == 200
    assert len(checks) == 2
