"""Whose address the API sees (sign-in throttling counts failures per address): X-Forwarded-For
is believed only from HAPLAB_TRUSTED_PROXIES, and then only the part the trusted proxies wrote.

Real API processes (backend.serve: uvicorn and its ProxyHeadersMiddleware as locked), real
Redis counting the failures, and a real HAProxy in front appending the address it saw
(`option forwardfor`, a header of its own after the client's). Loopback has a whole /8: the
proxy reaches the API from 127.0.0.1, clients come from 127.0.0.2 and 127.0.0.3.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from live_processes import ApiServer, start_api_server

from backend.messaging import clients, keys
from backend.settings import Settings
from common.process_groups import stop_session
from dev.services import Redis, free_port, wait_for_port

pytestmark = pytest.mark.slow

LOGIN = "/api/v1/auth/login"
LIMIT = 10  # login_max_failures, the default the API processes run with

FRONT_PROXY = """\
global
    maxconn 100
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
frontend front
    bind 127.0.0.1:{port}
    option forwardfor
    default_backend api
backend api
    server api 127.0.0.1:{api_port}
"""


@pytest.fixture(autouse=True)
def no_earlier_failures(redis_server: Redis, fresh_database: str) -> None:
    """Every address starts with no failed sign-in (the test Redis is shared by the session)."""
    redis = clients.sync_redis()
    for key in redis.scan_iter(keys.login_failures_key("client", "*")):
        redis.delete(key)


@contextlib.contextmanager
def api_trusting(trusted: str, database: str, redis: Redis, tmp_path: Path) -> Iterator[ApiServer]:
    server = start_api_server(
        database_url=database,
        redis_url=redis.url,
        log_dir=tmp_path,
        port=free_port(),
        env={"HAPLAB_TRUSTED_PROXIES": trusted},
    )
    try:
        yield server
    finally:
        server.stop()
        print(f"===== API server log =====\n{server.log()}")


@contextlib.contextmanager
def front_proxy(api_url: str, tmp_path: Path) -> Iterator[str]:
    """HAProxy on 127.0.0.1 forwarding to the API, adding X-Forwarded-For; yields its URL."""
    port = free_port()
    config = tmp_path / "front.cfg"
    config.write_text(FRONT_PROXY.format(port=port, api_port=api_url.rsplit(":", 1)[1]))
    proc = subprocess.Popen(
        ["haproxy", "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    try:
        wait_for_port(port, 10, proc)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_session(proc, [(signal.SIGTERM, 10)], kill_wait_s=10)


def client_from(address: str) -> httpx.Client:
    """An HTTP client whose connections leave from `address` (a loopback address of its own)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=30)


def failed_login(http: httpx.Client, url: str, forwarded: list[str] | None = None) -> int:
    """A wrong password for a new account each time (so only the address's count can throttle)."""
    headers = [("X-Forwarded-For", value) for value in forwarded or []]
    email = f"nobody-{uuid.uuid4().hex[:10]}@example.test"
    response = http.post(f"{url}{LOGIN}", json={"email": email, "password": "guess"}, headers=headers)
    return response.status_code


def test_settings_take_addresses_and_networks_and_refuse_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HAPLAB_TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.7 ::1")
    assert [str(n) for n in Settings().trusted_proxies] == ["10.0.0.0/8", "192.0.2.7/32", "::1/128"]
    monkeypatch.setenv("HAPLAB_TRUSTED_PROXIES", "")
    assert Settings().trusted_proxies == []
    for refused in ["*", "127.0.0.1,*", "proxy.internal", "10.0.0.1/8", "10.0.0.0/33"]:
        monkeypatch.setenv("HAPLAB_TRUSTED_PROXIES", refused)
        with pytest.raises(ValueError, match="trusted_proxies"):
            Settings()


def test_with_no_trusted_proxy_a_forwarded_address_changes_nothing(
    fresh_database: str, redis_server: Redis, tmp_path: Path
) -> None:
    with api_trusting("", fresh_database, redis_server, tmp_path) as api, client_from("127.0.0.1") as http:
        # Each attempt claims another address: all of them are 127.0.0.1's.
        statuses = [failed_login(http, api.url, [f"203.0.113.{i}"]) for i in range(1, LIMIT + 1)]
        assert statuses == [401] * LIMIT
        assert failed_login(http, api.url, ["203.0.113.99"]) == 429
        assert failed_login(http, api.url, ["198.51.100.1, 203.0.113.98"]) == 429
        assert failed_login(http, api.url) == 429
    assert "from 127.0.0.1" in api.log()


def test_behind_trusted_proxies_the_client_is_the_last_address_they_did_not_write_themselves(
    fresh_database: str, redis_server: Redis, tmp_path: Path
) -> None:
    with (
        api_trusting("127.0.0.1, 10.0.0.0/8", fresh_database, redis_server, tmp_path) as api,
        front_proxy(api.url, tmp_path) as proxy,
    ):
        # 127.0.0.1 is a trusted proxy: the address it forwards is the client's.
        with client_from("127.0.0.1") as http:
            assert [failed_login(http, api.url, ["203.0.113.7"]) for _ in range(LIMIT)] == [401] * LIMIT
            assert failed_login(http, api.url, ["203.0.113.7"]) == 429
            assert failed_login(http, api.url, ["203.0.113.8"]) == 401  # another client

            # A chain: the left part is whatever the client wrote; the client is the right-most
            # address that is not a trusted proxy (10.0.0.0/8 is one: a second hop).
            chain = [
                failed_login(http, api.url, [f"203.0.113.{i}, 198.51.100.7, 10.1.2.3"]) for i in range(LIMIT)
            ]
            assert chain == [401] * LIMIT
            assert failed_login(http, api.url, ["192.0.2.1, 198.51.100.7, 10.1.2.3"]) == 429
            assert failed_login(http, api.url, ["192.0.2.1", "198.51.100.7"]) == 429  # two header lines

        # Through a real proxy: clients write what they like; HAProxy adds the address it saw.
        with client_from("127.0.0.2") as http:
            spoofed = [failed_login(http, proxy, [f"203.0.113.{100 + i}"]) for i in range(LIMIT)]
            assert spoofed == [401] * LIMIT
            assert failed_login(http, proxy, ["203.0.113.200"]) == 429
            assert failed_login(http, proxy) == 429
            # Naming a trusted proxy (10.0.0.0/8) as the client changes nothing either.
            assert failed_login(http, proxy, ["10.9.9.9"]) == 429
        with client_from("127.0.0.3") as other:
            assert failed_login(other, proxy) == 401  # another address behind the same proxy
    log = api.log()
    for client in ["203.0.113.7", "198.51.100.7", "127.0.0.2"]:
        assert f"from {client} " in log, client
    assert "from 203.0.113.200" not in log and "from 10.9.9.9" not in log
