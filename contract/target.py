"""The target profile: the upstream servers behind the proxy.

Either synthetic servers the lab's target agent starts (`managed`: delay, body size, status
and protocol per endpoint), a throwaway MariaDB server it starts (`mariadb`), or existing
upstreams given by address (`external`).
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from contract.haproxy.limits import OPEN_FILES_HARD_LIMIT
from contract.tagged import Tagged
from contract.text_types import HostPort, UrlPath

KIB = 1024
MIB = 1024 * 1024
MAX_BODY_BYTES = 100 * MIB


class Endpoint(BaseModel):
    """One path a synthetic server answers, and how."""

    model_config = ConfigDict(extra="forbid")

    path: UrlPath = Field(description="Exact request path this endpoint answers.")
    delay_ms: int = Field(
        default=0, ge=0, le=600_000, description="Milliseconds the server waits before replying."
    )
    body_bytes: int = Field(
        default=0, ge=0, le=MAX_BODY_BYTES, description="Size of the response body in bytes."
    )
    status: int = Field(default=200, ge=200, le=599, description="HTTP status code of the response.")


FAST = Endpoint(path="/fast")
SLOW = Endpoint(path="/slow", delay_ms=3000)
HEALTH = Endpoint(path="/health")
DEFAULT_ENDPOINTS: tuple[Endpoint, ...] = (FAST, SLOW, HEALTH)


def app_page_endpoint(path: str = "/page", delay_ms: int = 300, body_bytes: int = 50 * KIB) -> Endpoint:
    """A typical generated page: 300 ms to build, about 50 KB (the t2.micro article)."""
    return Endpoint(path=path, delay_ms=delay_ms, body_bytes=body_bytes)


def body_endpoint(path: str, body_bytes: int) -> Endpoint:
    """An immediate reply of a given size, e.g. body_endpoint("/1mb", MIB) or ("/10mb", 10 * MIB)."""
    return Endpoint(path=path, body_bytes=body_bytes)


def seed_endpoints() -> list[Endpoint]:
    """Every endpoint the seed experiments use: /fast, /slow, /health, /page, /1mb, /10mb."""
    return [
        *DEFAULT_ENDPOINTS,
        app_page_endpoint(),
        body_endpoint("/1mb", MIB),
        body_endpoint("/10mb", 10 * MIB),
    ]


class ManagedTarget(Tagged):
    """Synthetic upstream servers started by the lab's target agent."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["managed"] = "managed"
    servers: int = Field(default=1, ge=1, le=64, description="How many server processes (one port each).")
    protocol: Literal["h1", "h2c"] = Field(
        default="h1",
        description="h1 = HTTP/1.1; h2c = HTTP/2 without TLS (prior knowledge), for `proto h2` servers.",
    )
    tls: bool = Field(
        default=False, description="Servers listen with TLS using the lab certificate (for `ssl` servers)."
    )
    endpoints: list[Endpoint] = Field(
        default_factory=lambda: list(DEFAULT_ENDPOINTS),
        min_length=1,
        max_length=32,
        description="Paths every server answers; other paths get 404.",
    )

    @model_validator(mode="after")
    def _unique_paths(self) -> Self:
        seen: set[str] = set()
        for index, endpoint in enumerate(self.endpoints):
            if endpoint.path in seen:
                raise ValueError(f"endpoints.{index}.path: {endpoint.path!r} appears twice")
            seen.add(endpoint.path)
        return self

    def upstream_count(self) -> int:
        return self.servers


class ExternalTarget(Tagged):
    """Existing upstreams, given by address; the lab starts nothing."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["external"] = "external"
    addresses: list[HostPort] = Field(
        min_length=1, max_length=64, description="Upstream addresses as host:port, one server line each."
    )

    @model_validator(mode="after")
    def _unique_addresses(self) -> Self:
        if len(set(self.addresses)) != len(self.addresses):
            raise ValueError("addresses: each address may appear only once")
        return self

    def upstream_count(self) -> int:
        return len(self.addresses)


# A MariaDB server needs about one open file per connection plus its table cache; lab hosts
# allow OPEN_FILES_HARD_LIMIT open files, so max_connections stays well below it.
MAX_DATABASE_CONNECTIONS = OPEN_FILES_HARD_LIMIT // 2
SqlIdentifier = Annotated[str, Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")]


class ManagedDatabase(Tagged):
    """A throwaway MariaDB server the lab's target agent starts (seed 001): its own data dir,
    a load user with a password made for the run, a `haproxy` user for `option mysql-check`,
    and one table in the load's schema (`load.sql.schema_name`) for the queries to read."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["mariadb"] = "mariadb"
    port: int | None = Field(
        default=None, ge=1024, le=65535, description="TCP port to listen on; empty: the agent picks one."
    )
    max_connections: int = Field(
        default=1000,
        ge=10,
        le=MAX_DATABASE_CONNECTIONS,
        description=(
            f"The server's max_connections (at most {MAX_DATABASE_CONNECTIONS}: lab hosts allow "
            f"{OPEN_FILES_HARD_LIMIT} open files)."
        ),
    )
    table: SqlIdentifier = Field(default="a", description="Name of the table created in the load's schema.")
    rows: int = Field(default=100, ge=0, le=1_000_000, description="Rows in that table (id, payload).")

    def upstream_count(self) -> int:
        return 1


TargetProfile = Annotated[ManagedTarget | ManagedDatabase | ExternalTarget, Field(discriminator="kind")]
