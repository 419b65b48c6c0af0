"""Failed sign-ins are limited per account and per client address (real Redis), answered 429
with Retry-After, logged; a success clears the account's count."""

from __future__ import annotations

import logging
import uuid

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.settings import get_settings
from tests.api.helpers import API, make_user

PASSWORD = "the-right-password-1"


def _login(client: TestClient, email: str, password: str) -> httpx.Response:
    return client.post(f"{API}/auth/login", json={"email": email, "password": password})


def _user(db: Session) -> str:
    email = f"throttle-{uuid.uuid4().hex[:8]}@example.test"
    make_user(db, email=email, password=PASSWORD)
    db.commit()
    return email


def test_an_account_is_throttled_after_too_many_failures(
    client: TestClient, db: Session, caplog: pytest.LogCaptureFixture
) -> None:
    email = _user(db)
    limit = get_settings().login_max_failures
    statuses = [_login(client, email, "wrong").status_code for _ in range(limit)]
    assert statuses == [401] * limit

    with caplog.at_level(logging.WARNING, logger="backend.auth.throttle"):
        throttled = _login(client, email, PASSWORD)  # even the right password, while throttled
    assert throttled.status_code == 429
    retry_after = int(throttled.headers["Retry-After"])
    assert 0 < retry_after <= get_settings().login_window_seconds
    assert throttled.json()["error"] == "too_many_attempts"
    assert any("throttled" in r.getMessage() and email in r.getMessage() for r in caplog.records)


def test_a_success_clears_the_account_count(
    client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(get_settings(), "login_max_failures", 3)
    email = _user(db)
    for _ in range(2):
        assert _login(client, email, "wrong").status_code == 401
    assert _login(client, email, PASSWORD).status_code == 200
    # The account starts again from zero; the address still counts its two failures.
    assert _login(client, email, "wrong").status_code == 401
    assert _login(client, email, "wrong").status_code == 429  # the address's third


def test_an_address_is_throttled_across_accounts(
    client: TestClient, db: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(get_settings(), "login_max_failures", 4)
    for _ in range(4):
        assert _login(client, f"nobody-{uuid.uuid4().hex[:6]}@example.test", "guess").status_code == 401
    sprayed = _login(client, _user(db), "guess")
    assert sprayed.status_code == 429
    assert "Retry-After" in sprayed.headers
