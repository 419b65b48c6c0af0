"""Timeouts, in milliseconds, grouped by the sections HAProxy accepts them in.

HAProxy ignores (with a warning) a client-side timeout in a backend and a server-side one in
a frontend, so each section only offers the timeouts that apply to it. The field name is the
directive with '-' written as '_' (http_keep_alive -> `timeout http-keep-alive`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from contract.haproxy.names import Millis

Connect = Annotated[
    Millis | None, Field(description="Max time to wait for a TCP connection to a server to succeed (ms).")
]
Client = Annotated[
    Millis | None,
    Field(description="Max inactivity on the client side: waiting for data from or to the client (ms)."),
]
Server = Annotated[
    Millis | None,
    Field(description="Max inactivity on the server side, e.g. waiting for the server's reply (ms)."),
]
Queue = Annotated[
    Millis | None,
    Field(description="Max time a request waits in the queue for a free server slot before a 503 (ms)."),
]
HttpRequest = Annotated[
    Millis | None, Field(description="Max time to receive a complete HTTP request's headers (ms).")
]
HttpKeepAlive = Annotated[
    Millis | None,
    Field(description="Max idle time waiting for the next request on a kept-alive connection (ms)."),
]
Tunnel = Annotated[
    Millis | None,
    Field(description="Max inactivity of a tunnel (WebSocket, CONNECT); replaces client/server (ms)."),
]
Check = Annotated[
    Millis | None,
    Field(description="Extra read timeout of a health check once connected; default is `inter` (ms)."),
]


class FrontendTimeouts(BaseModel):
    """Timeouts that act on the client side."""

    model_config = ConfigDict(extra="forbid")

    client: Client = None
    http_request: HttpRequest = None
    http_keep_alive: HttpKeepAlive = None


class BackendTimeouts(BaseModel):
    """Timeouts that act on the server side (and the HTTP ones, which backends accept too)."""

    model_config = ConfigDict(extra="forbid")

    connect: Connect = None
    server: Server = None
    queue: Queue = None
    tunnel: Tunnel = None
    check: Check = None
    http_request: HttpRequest = None
    http_keep_alive: HttpKeepAlive = None


class Timeouts(BaseModel):
    """Every timeout; used by defaults and listen sections, which have both sides."""

    model_config = ConfigDict(extra="forbid")

    connect: Connect = None
    client: Client = None
    server: Server = None
    queue: Queue = None
    http_request: HttpRequest = None
    http_keep_alive: HttpKeepAlive = None
    tunnel: Tunnel = None
    check: Check = None


AnyTimeouts = FrontendTimeouts | BackendTimeouts | Timeouts


def timeout_lines(timeouts: AnyTimeouts) -> list[str]:
    """`timeout <name> <n>ms` for every timeout that is set, in field order."""
    return [
        f"timeout {name.replace('_', '-')} {value}ms"
        for name, value in timeouts.model_dump().items()
        if value is not None
    ]
