"""A setting that names one of a few values refuses any other at startup: a misspelt
HAPLAB_ENVIRONMENT once ran production as dev (placeholder secret, insecure cookies allowed)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from pydantic import ValidationError

from backend.settings import Settings
from dev.services import free_port

ROOT = Path(__file__).resolve().parents[2]
ALLOWED = "Input should be 'dev', 'test' or 'production'"


@pytest.mark.parametrize("value", ["dev", "test"])
def test_each_real_environment_is_taken(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("HAPLAB_ENVIRONMENT", value)
    assert Settings().environment == value


def test_production_is_taken_with_its_requirements(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HAPLAB_ENVIRONMENT", "production")
    monkeypatch.setenv("HAPLAB_SECRET_KEY", "a-real-secret")
    monkeypatch.setenv("HAPLAB_WEBHOOK_SECRET_KEYS", Fernet.generate_key().decode())
    monkeypatch.setenv("HAPLAB_SESSION_COOKIE_SECURE", "true")
    assert Settings().environment == "production"


# Misspellings, other cases, padding, and names other projects use.
@pytest.mark.parametrize(
    "value",
    [
        "prod",
        "prodution",
        "Production",
        "PRODUCTION",
        " production",
        "production ",
        "development",
        "staging",
        "testing",
        "",
    ],
)
def test_a_misspelt_environment_is_refused_naming_the_values(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("HAPLAB_ENVIRONMENT", value)
    with pytest.raises(ValidationError) as refused:
        Settings()
    message = str(refused.value)
    assert "environment" in message and ALLOWED in message, message


def test_the_api_does_not_start_with_a_misspelt_environment() -> None:
    env = {**os.environ, "HAPLAB_ENVIRONMENT": "prodution"}
    # Its own session, so that if it did start (the bug) the test stops it and its workers.
    serve = subprocess.Popen(
        [sys.executable, "-m", "backend.serve", "--host", "127.0.0.1", "--port", str(free_port())],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        _, stderr = serve.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(serve.pid, signal.SIGKILL)
        serve.communicate()
        pytest.fail("the API started with HAPLAB_ENVIRONMENT=prodution")
    assert serve.returncode != 0
    assert "environment" in stderr and ALLOWED in stderr, stderr
