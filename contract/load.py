"""The load profile: which tool sends what traffic, how hard and for how long.

A profile is checked against the chosen driver's abilities (contract.drivers): an impossible
combination is refused with an error that names the field and a driver that can do it.
"""

from __future__ import annotations

import re
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from contract.drivers import DRIVERS, DriverName, drivers_that
from contract.text_types import HeaderName, HeaderValue, SqlSchemaName, UrlPath

HttpMethod = Literal["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

MAX_BODY_BYTES = 64 * 1024
MAX_CONNECTIONS = 10_000
# hey parses each -H "Name: value" with ^([\w-]+):\s*(.+) and exits on any other name.
_HEY_HEADER_NAME = re.compile(r"[A-Za-z0-9_-]+")


class SqlWorkload(BaseModel):
    """What mariadb-slap runs; the lab creates the schema and the credentials."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(
        default="SELECT 1",
        min_length=1,
        max_length=4096,
        description=(
            "The SQL statement every client runs repeatedly (no newlines; not LOAD ..., which would "
            "make the client send a file of the injector host)."
        ),
        pattern=r"^[^\r\n\x00]+$",
    )
    number_of_queries: int = Field(
        default=100_000,
        ge=1,
        le=100_000_000,
        description="Total statements across all clients; use >= 100k for meaningful times.",
    )
    schema_name: SqlSchemaName = Field(
        default="haplab",
        description="Schema the statements run in; created by the lab before the run (not mysql, sys ...).",
    )
    iterations: int = Field(
        default=1, ge=1, le=1000, description="How often the whole workload runs (min/avg/max over them)."
    )

    @field_validator("query")
    @classmethod
    def _no_file_transfer(cls, query: str) -> str:
        # MariaDB's client library answers a server's request for a local file (LOAD DATA LOCAL
        # INFILE, LOAD XML LOCAL) only after a statement whose text starts with "load" (any case;
        # libmariadb's ma_simple_command), and then sends whatever file the server names, read
        # on the injector. Refused here, so no statement of a run ever opens that door, whatever
        # server (a managed MariaDB refuses LOCAL anyway; an external one might ask for anything).
        if query.lstrip()[:4].lower() == "load":
            raise ValueError(
                "a statement starting with LOAD is refused: for LOAD ... LOCAL the MariaDB client "
                "reads a file of the injector host and sends it to the server"
            )
        return query


def _field_error(field: str, message: str) -> PydanticCustomError:
    return PydanticCustomError("load_profile", "{field}: {message}", {"field": field, "message": message})


def _suggest(ability: str) -> str:
    return " or ".join(drivers_that(ability)) or "no driver"


class LoadProfile(BaseModel):
    """The traffic a run sends: the total across the lab's injectors (per_injector)."""

    model_config = ConfigDict(extra="forbid")

    driver: DriverName = Field(default="hey", description="The load tool the injector runs.")
    connections: int = Field(
        default=50,
        ge=1,
        le=MAX_CONNECTIONS,
        description="Concurrent client connections (or SQL clients) the tool keeps open.",
    )
    threads: int = Field(
        default=2, ge=1, le=64, description="Tool threads; each needs at least one connection."
    )
    duration_s: int = Field(
        default=30, ge=1, le=3600, description="Measured duration in seconds (a time cap for mariadb-slap)."
    )
    warmup_s: int = Field(
        default=0,
        ge=0,
        le=600,
        description="Seconds of load before measuring starts; their samples are kept but marked warm-up.",
    )
    rate: float | None = Field(
        default=None,
        gt=0,
        le=1_000_000,
        description="Requests/s to hold (open loop); empty sends as fast as replies come (closed loop).",
    )
    keep_alive: bool = Field(
        default=True, description="Reuse client connections; off closes the connection after every request."
    )
    http_version: Literal["1.1", "2"] = Field(
        default="1.1", description="HTTP version the client speaks to the proxy (2 = h2c or TLS + ALPN h2)."
    )
    tls: bool = Field(default=False, description="Connect to the proxy with TLS (needs a frontend with ssl).")
    method: HttpMethod = Field(default="GET", description="HTTP method of every request.")
    path: UrlPath = Field(default="/", description="Request path and query, starting with '/'.")
    headers: dict[HeaderName, HeaderValue] = Field(
        default_factory=dict, max_length=50, description="Extra request headers sent with every request."
    )
    body: str | None = Field(
        default=None,
        max_length=MAX_BODY_BYTES,
        description=f"Request body sent with every request (at most {MAX_BODY_BYTES} characters).",
    )
    request_timeout_s: float = Field(
        default=20.0,
        gt=0,
        le=600,
        description="A request without a reply after this many seconds counts as a timeout.",
    )
    sql: SqlWorkload | None = Field(
        default=None, description="The SQL workload; required for mariadb-slap, refused for HTTP drivers."
    )
    per_injector: Literal["share", "whole"] = Field(
        default="share",
        description=(
            "How the profile meets a lab with several injectors. share: the profile is the total, "
            "split across the injectors (connections, rate and threads; integer parts that add up "
            "to it, weighted by the lab's injector_weights). whole: each injector runs the whole "
            "profile, so N injectors send N times it."
        ),
    )
    via: Literal["proxy", "direct"] = Field(
        default="proxy",
        description=(
            "proxy = through the HAProxy entry point; direct = straight at the lab's managed "
            "MariaDB target, bypassing the proxy (a baseline; a sweep axis value)."
        ),
    )

    @model_validator(mode="after")
    def _fits_driver(self) -> Self:
        info = DRIVERS[self.driver]
        if not info.http:
            self._check_sql_driver()
            return self
        if self.sql is not None:
            raise _field_error("sql", f"{self.driver} is an HTTP driver; use mariadb-slap for SQL load")
        if self.via == "direct":
            raise _field_error("via", "direct load bypassing the proxy is supported for mariadb-slap only")
        if self.http_version == "2" and not info.http2:
            raise _field_error(
                "http_version",
                f"{self.driver} speaks only HTTP/1.1 with keep-alive; use {_suggest('http2')} for HTTP/2",
            )
        if self.http_version == "1.1" and not info.h1:
            raise _field_error("http_version", f"{self.driver} cannot speak HTTP/1.1; use {_suggest('h1')}")
        if not self.keep_alive and not info.keepalive_off:
            raise _field_error(
                "keep_alive",
                f"{self.driver} always keeps connections alive; use {_suggest('keepalive_off')}",
            )
        if self.rate is not None and not info.open_loop:
            raise _field_error(
                "rate",
                f"{self.driver} cannot hold a fixed rate (closed loop only); use {_suggest('open_loop')}",
            )
        if self.tls and not info.tls:
            raise _field_error("tls", f"{self.driver} cannot speak TLS; use {_suggest('tls')}")
        if self.threads > self.connections:
            raise _field_error("threads", "must not exceed connections (each thread needs a connection)")
        if self.driver == "h2load":
            self._check_h2load_request()
        if self.driver == "hey":
            self._check_hey_headers()
        return self

    def _check_hey_headers(self) -> None:
        # Host goes through hey's -host option, whatever its value.
        for name in self.headers:
            if name.lower() != "host" and not _HEY_HEADER_NAME.fullmatch(name):
                raise _field_error(
                    "headers",
                    f"hey takes header names of letters, digits, '-' and '_' only, not {name!r}; "
                    "use wrk, h2load or vegeta",
                )

    def _check_sql_driver(self) -> None:
        if self.sql is None:
            raise _field_error("sql", f"{self.driver} needs a SQL workload")
        for field in ("rate", "body"):
            if getattr(self, field) is not None:
                raise _field_error(field, f"{self.driver} does not send HTTP requests")
        if self.tls:
            raise _field_error("tls", f"{self.driver} connects without TLS")
        if self.headers:
            raise _field_error("headers", f"{self.driver} does not send HTTP requests")

    def _check_h2load_request(self) -> None:
        # h2load has no method option: it sends GET, or POST when given a body to upload.
        if self.body is None and self.method != "GET":
            raise _field_error("method", "h2load sends GET without a body; use hey for other methods")
        if self.body is not None and self.method != "POST":
            raise _field_error("method", "h2load sends a body only with POST; use hey for other methods")

    @property
    def total_seconds(self) -> int:
        """How long the load runs, warm-up included."""
        return self.warmup_s + self.duration_s
