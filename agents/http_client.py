"""A small keep-alive HTTP/1.1 client for the agent gateway, on the standard library's http.client.

An agent posts a sample batch every second of a run, on the machine whose CPU the run measures:
httpx took about 1 ms of CPU per request there, http.client about 0.35 ms (the same request,
measured in one process). This client does only what the gateway needs: a base URL, fixed
headers, bytes in, status, headers and bytes out, a timeout per request, and a few connections
kept open for reuse (the gateway is called from several threads: the long poll, heartbeats, the
sample sink, command results; each request has a connection to itself).

A kept connection the server has closed meanwhile (uvicorn closes idle ones after 5 s) is
noticed before reuse (its socket reads as ready: the server's FIN) and dropped; a request that
fails on a reused connection before any answer came is sent once more on a new one. Every
request of the gateway may be sent twice: batches are de-duplicated by (run, batch), results by
command id, and a poll's commands go back to the list when its client is gone.

HTTPS verifies the server with httpx's own SSL context: certifi's CA bundle, or
SSL_CERT_FILE/SSL_CERT_DIR when set. Proxies (HTTP(S)_PROXY and friends) are not spoken here:
the gateway uses httpx when the environment names one for the server (`proxied`).
"""

from __future__ import annotations

import http.client
import select
import socket
import ssl
import threading
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

KEPT_CONNECTIONS = 8


@dataclass(frozen=True)
class Reply:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes


class HttpError(OSError):
    """The request got no answer (connection refused or lost, timeout, not HTTP)."""


def proxied(url: str) -> bool:
    """Whether the environment routes requests to `url` through a proxy (as httpx would)."""
    parts = urlsplit(url)
    proxies = urllib.request.getproxies()
    if not (proxies.get(parts.scheme) or proxies.get("all")):
        return False
    return not urllib.request.proxy_bypass(parts.hostname or "")


def _ssl_context() -> ssl.SSLContext:
    return httpx.create_ssl_context()  # the trust httpx gives (certifi, or SSL_CERT_FILE/DIR)


class HttpClient:
    """Requests to one server (`base_url`: scheme://host[:port][/prefix]), thread-safe."""

    def __init__(self, base_url: str, headers: dict[str, str], timeout_s: float) -> None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"not an http(s) URL: {base_url!r}")
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = parts.port or (443 if self._https else 80)
        self._prefix = parts.path.rstrip("/")
        self._headers = headers
        self._timeout_s = timeout_s
        self._context = _ssl_context() if self._https else None
        self._lock = threading.Lock()
        self._kept: list[http.client.HTTPConnection] = []

    def close(self) -> None:
        with self._lock:
            kept, self._kept = self._kept, []
        for connection in kept:
            connection.close()

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout_s: float | None = None,
    ) -> Reply:
        """Send one request and read the whole answer; HttpError when there is none."""
        timeout = self._timeout_s if timeout_s is None else timeout_s
        all_headers = {**self._headers, **(headers or {})}
        while True:
            connection, reused = self._connection(timeout)
            try:
                connection.request(method, self._prefix + path, body=body, headers=all_headers)
                response = connection.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
                connection.close()
                if reused:
                    continue  # the server had closed it: once more on a new connection
                raise HttpError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
            except (OSError, http.client.HTTPException) as exc:
                connection.close()
                raise HttpError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
            reply = Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
            if response.will_close:
                connection.close()
            else:
                self._keep(connection)
            return reply

    def _connection(self, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        """A kept connection still open (True), or a new one (False), with this timeout."""
        while True:
            with self._lock:
                connection = self._kept.pop() if self._kept else None
            if connection is None:
                return self._new(timeout), False
            sock = connection.sock
            if sock is None or _closed_by_peer(sock):
                connection.close()
                continue
            sock.settimeout(timeout)
            return connection, True

    def _new(self, timeout: float) -> http.client.HTTPConnection:
        if self._https:
            return http.client.HTTPSConnection(self._host, self._port, timeout=timeout, context=self._context)
        return http.client.HTTPConnection(self._host, self._port, timeout=timeout)

    def _keep(self, connection: http.client.HTTPConnection) -> None:
        with self._lock:
            if len(self._kept) < KEPT_CONNECTIONS:
                self._kept.append(connection)
                return
        connection.close()


def _closed_by_peer(sock: socket.socket) -> bool:
    """An idle keep-alive connection reads as ready only when the server closed it (or broke
    the protocol): either way it is not reused."""
    try:
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)
