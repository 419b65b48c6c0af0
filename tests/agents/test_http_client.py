"""The agent's keep-alive HTTP client (agents/http_client.py) against a real local HTTP server:
connections are reused, one the server closed is replaced without the caller seeing it, no
answer is an HttpError, and a proxy in the environment is noticed."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from agents.http_client import HttpClient, HttpError, proxied


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive
    seen: list[tuple[str, str, int, bytes]] = []  # (method, path, client port, body)
    close_after: set[int] = set()  # answer these request numbers, then close the connection

    def _answer(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        Handler.seen.append((self.command, self.path, self.client_address[1], body))
        reply = b'{"ok": true}'
        self.send_response(202)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.send_header("Haplab-Load-Lease", "2026-11-26T09:00:00+00:00")
        self.end_headers()
        self.wfile.write(reply)
        if len(Handler.seen) in Handler.close_after:
            self.close_connection = True

    def do_GET(self) -> None:
        self._answer()

    def do_POST(self) -> None:
        self._answer()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    Handler.seen, Handler.close_after = [], set()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/api/v1/agent"
    httpd.shutdown()
    httpd.server_close()


def test_requests_reuse_a_connection_and_replace_one_the_server_closed(server: str) -> None:
    client = HttpClient(server, {"Authorization": "Bearer hla_x"}, timeout_s=5)
    try:
        first = client.request(
            "POST", "/messages", body=b'{"a": 1}', headers={"Content-Type": "application/json"}
        )
        assert (first.status, first.body) == (202, b'{"ok": true}')
        assert first.headers["haplab-load-lease"] == "2026-11-26T09:00:00+00:00"  # names in lower case
        client.request("GET", "/commands?wait_s=0")
        ports = [port for _, _, port, _ in Handler.seen]
        assert ports[0] == ports[1], "the second request went over the first one's connection"
        assert Handler.seen[0][:2] == ("POST", "/api/v1/agent/messages")
        assert Handler.seen[0][3] == b'{"a": 1}'

        Handler.close_after = {3}  # the server closes the connection after the third answer
        client.request("GET", "/commands?wait_s=0")
        client.request("GET", "/commands?wait_s=0")  # on a new connection, without an error
        ports = [port for _, _, port, _ in Handler.seen]
        assert ports[2] == ports[0] and ports[3] != ports[0]
    finally:
        client.close()


def test_no_answer_is_an_http_error() -> None:
    import socket

    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    client = HttpClient(f"http://127.0.0.1:{port}/api/v1/agent", {}, timeout_s=2)
    with pytest.raises(HttpError, match="GET /commands"):
        client.request("GET", "/commands")


def test_a_proxy_in_the_environment_is_noticed(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "http_proxy",
        "https_proxy",
        "all_proxy",
        "no_proxy",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "NO_PROXY",
    ):
        monkeypatch.delenv(name, raising=False)
    assert not proxied("http://backend.example:8300")
    monkeypatch.setenv("HTTP_PROXY", "http://proxy.example:3128")
    assert proxied("http://backend.example:8300")
    assert not proxied("https://backend.example")  # only plain http goes through it
    monkeypatch.setenv("NO_PROXY", "backend.example")
    assert not proxied("http://backend.example:8300")
