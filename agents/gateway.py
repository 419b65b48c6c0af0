"""The backend's agent gateway, as seen from the agent: four HTTP calls and enrollment.

- POST /api/v1/agent/enroll {token, name, roles} -> 201 {agent_id, agent_token, lab_id, name}
- with `Authorization: Bearer <agent token>`:
  - POST /api/v1/agent/hello     Envelope(Hello) -> 200 {agent_id, lab_id, name,
                                 protocol_version, heartbeat_interval_s}
  - GET  /api/v1/agent/commands?wait_s=N -> [Envelope(command), ...] (long poll)
  - POST /api/v1/agent/messages  Envelope(Heartbeat | SampleBatch | CommandResult) -> 202

Errors are sorted by what the caller should do: UnauthorizedError (401: the token is not valid any
more; an operator must act, keep trying slowly), UnavailableError (network error or 5xx: reconnect
with backoff), RefusedError (another 4xx: this message will never be accepted; do not resend it).
"""

from __future__ import annotations

from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict

from spec.protocol import AgentMessage, Envelope, Hello

API = "/api/v1/agent"
REQUEST_TIMEOUT_S = 15.0
# Extra time on top of wait_s before a long poll counts as lost.
POLL_GRACE_S = 15.0
JSON_HEADERS = {"Content-Type": "application/json"}


class GatewayError(Exception):
    """The backend could not be used for this call."""


class UnauthorizedError(GatewayError):
    """401: the agent token is unknown or revoked."""


class UnavailableError(GatewayError):
    """The backend is unreachable or failing (network error, timeout, 5xx)."""


class ServerFailedError(UnavailableError):
    """HTTP 500: the backend took the request and failed on it (a bug, or this very content)."""


class RefusedError(GatewayError):
    """The backend rejected this request for good (a 4xx other than 401)."""


class HelloReply(BaseModel):
    model_config = ConfigDict(extra="ignore")

    agent_id: int
    lab_id: int
    name: str
    protocol_version: int
    heartbeat_interval_s: float


def _describe(response: httpx.Response) -> str:
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text[:500]
    if isinstance(body, dict) and "message" in body:
        body = body["message"]
    return f"{response.request.method} {response.request.url.path}: HTTP {response.status_code}: {body}"


def _raise_for(response: httpx.Response) -> None:
    if response.status_code < 400:
        return
    if response.status_code == 401:
        raise UnauthorizedError(_describe(response))
    if response.status_code == 500:
        raise ServerFailedError(_describe(response))
    if response.status_code > 500 or response.status_code in (408, 429):
        raise UnavailableError(_describe(response))
    raise RefusedError(_describe(response))


def enroll(
    server: str, token: str, name: str, roles: list[str], timeout_s: float = REQUEST_TIMEOUT_S
) -> dict[str, Any]:
    """Redeem a one-time enrollment token for this agent's own token."""
    try:
        response = httpx.post(
            f"{server.rstrip('/')}{API}/enroll",
            json={"token": token, "name": name, "roles": roles},
            timeout=timeout_s,
        )
    except httpx.HTTPError as exc:
        raise UnavailableError(f"cannot reach {server}: {exc}") from exc
    _raise_for(response)
    body: dict[str, Any] = response.json()
    return body


class Gateway:
    """A thread-safe client of the agent gateway (httpx.Client pools its connections)."""

    def __init__(
        self, server: str, agent_token: str, *, transport: httpx.BaseTransport | None = None
    ) -> None:
        self.server = server.rstrip("/")
        self._client = httpx.Client(
            base_url=f"{self.server}{API}",
            headers={"Authorization": f"Bearer {agent_token}"},
            timeout=REQUEST_TIMEOUT_S,
            limits=httpx.Limits(max_connections=16, max_keepalive_connections=8),
            transport=transport,
        )

    def close(self) -> None:
        self._client.close()

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            response = self._client.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise UnavailableError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
        _raise_for(response)
        return response

    def hello(self, hello: Hello) -> HelloReply:
        response = self._request(
            "POST", "/hello", content=Envelope.wrap(hello).model_dump_json(), headers=JSON_HEADERS
        )
        return HelloReply.model_validate(response.json())

    def poll_commands(self, wait_s: float) -> list[dict[str, Any]]:
        """Commands waiting for this agent (raw JSON: each is validated by the caller, so one
        unreadable command can be answered as such instead of failing the whole poll)."""
        response = self._request("GET", "/commands", params={"wait_s": wait_s}, timeout=wait_s + POLL_GRACE_S)
        body = response.json()
        if not isinstance(body, list):
            raise UnavailableError(f"GET /commands: expected a list, got {type(body).__name__}")
        return [item for item in body if isinstance(item, dict)]

    def send(self, message: AgentMessage) -> None:
        self._request(
            "POST",
            "/messages",
            content=Envelope.wrap(message).model_dump_json(),
            headers=JSON_HEADERS,
        )
