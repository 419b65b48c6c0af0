"""The backend's agent gateway, as seen from the agent: four HTTP calls and enrollment.

- POST /api/v1/agent/enroll EnrollRequest -> 201 EnrollResponse
- with `Authorization: Bearer <agent token>`:
  - POST /api/v1/agent/clock     ClockProbe -> 200 ClockEcho (one exchange of agents.clock's measurement)
  - POST /api/v1/agent/hello     Envelope(Hello) -> 200 HelloResponse
  - GET  /api/v1/agent/commands?wait_s=N -> [Envelope(command), ...] (long poll)
  - POST /api/v1/agent/messages  Envelope(Heartbeat | SampleBatch | CommandResult) -> 202
                                 (an injector's SampleBatch: its load lease in a header)

Errors are sorted by what the caller should do: AgentRevokedError (401 `agent_revoked`: this
agent was revoked, its token will never work again: stop), UnauthorizedError (another 401: the
token is unknown here; an operator must act, keep trying slowly), UnavailableError (network
error or 5xx: reconnect with backoff), RefusedError (another 4xx: this message will never be
accepted; do not resend it).
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from agents.http_client import HttpClient, HttpError, Reply, proxied
from contract.clock import ClockEcho, ClockProbe
from contract.protocol import (
    AGENT_REVOKED_ERROR,
    AgentMessage,
    EnrollRequest,
    EnrollResponse,
    Envelope,
    Hello,
    HelloResponse,
)

API = "/api/v1/agent"
REQUEST_TIMEOUT_S = 15.0
# Extra time on top of wait_s before a long poll counts as lost.
POLL_GRACE_S = 15.0
JSON_HEADERS = {"Content-Type": "application/json"}


class GatewayError(Exception):
    """The backend could not be used for this call."""


class UnauthorizedError(GatewayError):
    """401: the agent token is unknown (or revoked: AgentRevokedError)."""


class AgentRevokedError(UnauthorizedError):
    """401 `agent_revoked`: a lab admin revoked this agent, or its name was enrolled again."""


class UnavailableError(GatewayError):
    """The backend is unreachable or failing (network error, timeout, 5xx)."""


class ServerFailedError(UnavailableError):
    """HTTP 500: the backend took the request and failed on it (a bug, or this very content)."""


class RefusedError(GatewayError):
    """The backend rejected this request for good (a 4xx other than 401)."""


def _error_body(body: bytes) -> Any:
    try:
        return json.loads(body)
    except ValueError:
        return body[:500].decode(errors="replace")


def _describe(method: str, path: str, status: int, body: bytes) -> str:
    text = _error_body(body)
    if isinstance(text, dict) and "message" in text:
        text = text["message"]
    return f"{method} {path}: HTTP {status}: {text}"


def _raise_for(method: str, path: str, status: int, body: bytes) -> None:
    if status < 400:
        return
    if status == 401:
        error = _error_body(body)
        if isinstance(error, dict) and error.get("error") == AGENT_REVOKED_ERROR:
            raise AgentRevokedError(_describe(method, path, status, body))
        raise UnauthorizedError(_describe(method, path, status, body))
    if status == 500:
        raise ServerFailedError(_describe(method, path, status, body))
    if status > 500 or status in (408, 429):
        raise UnavailableError(_describe(method, path, status, body))
    raise RefusedError(_describe(method, path, status, body))


def enroll(server: str, request: EnrollRequest, timeout_s: float = REQUEST_TIMEOUT_S) -> EnrollResponse:
    """Redeem a one-time enrollment token for this agent's own token."""
    try:
        response = httpx.post(
            f"{server.rstrip('/')}{API}/enroll",
            content=request.model_dump_json(),
            headers=JSON_HEADERS,
            timeout=timeout_s,
        )
    except httpx.HTTPError as exc:
        raise UnavailableError(f"cannot reach {server}: {exc}") from exc
    _raise_for("POST", f"{API}/enroll", response.status_code, response.content)
    return EnrollResponse.model_validate_json(response.content)


class Gateway:
    """A thread-safe client of the agent gateway, keeping a few connections open.

    Requests go through agents/http_client.py (http.client: a third of httpx's CPU per request,
    which an agent spends every second of a run on the machine being measured), or through
    httpx when a test hands in a transport or the environment names a proxy for the server.
    """

    def __init__(
        self, server: str, agent_token: str, *, transport: httpx.BaseTransport | None = None
    ) -> None:
        self.server = server.rstrip("/")
        headers = {"Authorization": f"Bearer {agent_token}"}
        self._http: HttpClient | None = None
        self._httpx: httpx.Client | None = None
        if transport is None and not proxied(self.server):
            self._http = HttpClient(f"{self.server}{API}", headers, REQUEST_TIMEOUT_S)
        else:
            self._httpx = httpx.Client(
                base_url=f"{self.server}{API}",
                headers=headers,
                timeout=REQUEST_TIMEOUT_S,
                limits=httpx.Limits(max_connections=16, max_keepalive_connections=8),
                transport=transport,
            )
        self._answered_at: float | None = None  # monotonic: the last request the backend took

    def seconds_since_answered(self) -> float:
        """Seconds since the backend last answered a request of this agent without an error
        (infinite before the first): each such request also told it the agent is alive."""
        answered = self._answered_at
        return float("inf") if answered is None else time.monotonic() - answered

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
        if self._httpx is not None:
            self._httpx.close()

    def _request(
        self, method: str, path: str, body: str | None = None, timeout_s: float = REQUEST_TIMEOUT_S
    ) -> Reply:
        content = body.encode() if body is not None else None
        headers = JSON_HEADERS if body is not None else None
        try:
            if self._http is not None:
                reply = self._http.request(method, path, body=content, headers=headers, timeout_s=timeout_s)
            else:
                assert self._httpx is not None
                response = self._httpx.request(
                    method, path, content=content, headers=headers, timeout=timeout_s
                )
                reply = Reply(
                    response.status_code,
                    {k.lower(): v for k, v in response.headers.items()},
                    response.content,
                )
        except (HttpError, httpx.HTTPError) as exc:
            raise UnavailableError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
        _raise_for(method, f"{API}{path.split('?')[0]}", reply.status, reply.body)
        self._answered_at = time.monotonic()
        return reply

    def clock(self, probe: ClockProbe) -> ClockEcho:
        reply = self._request("POST", "/clock", probe.model_dump_json())
        return ClockEcho.model_validate_json(reply.body)

    def hello(self, hello: Hello) -> HelloResponse:
        reply = self._request("POST", "/hello", Envelope.wrap(hello).model_dump_json())
        return HelloResponse.model_validate_json(reply.body)

    def poll_commands(self, wait_s: float) -> list[dict[str, Any]]:
        """Commands waiting for this agent (raw JSON: each is validated by the caller, so one
        unreadable command can be answered as such instead of failing the whole poll)."""
        reply = self._request("GET", f"/commands?wait_s={wait_s:g}", timeout_s=wait_s + POLL_GRACE_S)
        try:
            body = json.loads(reply.body)
        except ValueError as exc:
            raise UnavailableError(f"GET /commands: the answer is not JSON: {exc}") from exc
        if not isinstance(body, list):
            raise UnavailableError(f"GET /commands: expected a list, got {type(body).__name__}")
        return [item for item in body if isinstance(item, dict)]

    def send(self, message: AgentMessage) -> dict[str, str]:
        """POST one message; returns the reply's headers, names in lower case (an injector's
        sample batch reply carries its load lease: contract.protocol.LOAD_LEASE_HEADER)."""
        return self._request("POST", "/messages", Envelope.wrap(message).model_dump_json()).headers
