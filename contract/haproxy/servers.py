"""Server lines and health checks: how HAProxy reaches and probes each upstream."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import AfterValidator, Field, model_validator

from contract.haproxy.limits import MAX_GLOBAL_MAXCONN
from contract.haproxy.names import AlpnProtocol, CertName, ConfigWord, ServerName
from contract.haproxy.raw_lines import server_setting_problem
from contract.strict import StrictModel
from contract.tagged import Tagged
from contract.text_types import HostPort, UrlPath


def _check_setting(value: str) -> str:
    problem = server_setting_problem(value)
    if problem:
        raise ValueError(f"server setting {value!r} is refused: {problem}")
    return value


# One more setting of a server line ("cookie s1", "slowstart 10s"), checked like default-server.
ServerSetting = Annotated[str, AfterValidator(_check_setting)]
MAX_SERVER_SETTINGS = 32


class ServerCheck(StrictModel):
    """Health checking of a server."""

    inter_ms: int = Field(default=2000, ge=100, le=3_600_000, description="Interval between checks (ms).")
    rise: int = Field(default=2, ge=1, le=100, description="Consecutive successes to mark the server up.")
    fall: int = Field(default=3, ge=1, le=100, description="Consecutive failures to mark the server down.")


class ServerTls(StrictModel):
    """TLS from HAProxy to a server."""

    verify: Literal["none", "required"] = Field(
        default="none", description="none accepts any certificate; required checks it against the lab CA."
    )
    ca: CertName | None = Field(
        default=None, description="Name of the lab CA used when verify is required (never a path)."
    )
    alpn: list[AlpnProtocol] = Field(
        default_factory=list, description="Protocols offered to the server in ALPN, e.g. ['h2']."
    )

    @model_validator(mode="after")
    def _ca_when_verifying(self) -> Self:
        if self.verify == "required" and self.ca is None:
            raise ValueError("ca: verify 'required' needs the name of the lab CA")
        return self


class ServerOptions(StrictModel):
    """Settings of a server line (everything but its name and address)."""

    maxconn: int | None = Field(
        default=None,
        ge=0,
        le=MAX_GLOBAL_MAXCONN,
        description="Most requests sent to this server at once; the rest wait in HAProxy's queue.",
    )
    minconn: int | None = Field(
        default=None,
        ge=0,
        le=MAX_GLOBAL_MAXCONN,
        description="Limit at low load; it grows from minconn to maxconn as the backend nears fullconn.",
    )
    maxqueue: int | None = Field(
        default=None,
        ge=0,
        le=1_000_000,
        description="Most requests queued for this server; beyond, they go elsewhere or fail (0 = no limit).",
    )
    weight: int | None = Field(
        default=None, ge=0, le=256, description="Share of the load relative to other servers (default 1)."
    )
    check: ServerCheck | None = Field(
        default=None, description="Health-check this server (the backend's health_check says how)."
    )
    ssl: ServerTls | None = Field(default=None, description="Connect to this server with TLS.")
    proto: Literal["h2"] | None = Field(
        default=None, description="h2: speak HTTP/2 to this server (h2c without ssl)."
    )
    pool_max_conn: int | None = Field(
        default=None,
        ge=-1,
        le=1_000_000,
        description="Most idle connections kept for reuse (-1 = no limit, 0 = none).",
    )
    pool_low_conn: int | None = Field(
        default=None,
        ge=0,
        le=1_000_000,
        description="Idle connections per thread below which a thread opens new ones rather than steal.",
    )
    pool_purge_delay_ms: int | None = Field(
        default=None,
        ge=0,
        le=3_600_000,
        description="How often half of the unused idle connections are closed (ms; default 5000).",
    )
    send_proxy: bool = Field(
        default=False, description="Send a PROXY protocol v1 header so the server learns the client address."
    )
    backup: bool = Field(default=False, description="Use this server only when all normal servers are down.")
    extra: list[ServerSetting] = Field(
        default_factory=list,
        max_length=MAX_SERVER_SETTINGS,
        description=(
            "More settings of the server line, one keyword (and its value) each, e.g. 'cookie s1' or "
            "'slowstart 10s': the default-server allowlist, without what has a field here."
        ),
    )

    @model_validator(mode="after")
    def _minconn_below_maxconn(self) -> Self:
        if self.minconn is not None and (self.maxconn is None or self.minconn > self.maxconn):
            raise ValueError("minconn: needs a maxconn at least as large (the limit grows up to maxconn)")
        return self


class _ServerIdentity(StrictModel):
    name: ServerName = Field(description="Server name, unique within its backend.")
    address: HostPort | None = Field(
        default=None, description="Upstream address as host:port (or give target)."
    )
    target: int | None = Field(
        default=None,
        ge=1,
        le=64,
        description=(
            "Instead of an address: the target's upstream number k (1-based): server k of a managed "
            "target, the k-th address of an external one (an imported config's servers)."
        ),
    )


class Server(ServerOptions, _ServerIdentity):
    """One explicit upstream server: at an address, or at one of the target's upstreams."""

    @model_validator(mode="after")
    def _address_or_target(self) -> Self:
        if (self.address is None) == (self.target is None):
            raise ValueError("address: give an address or a target number, not both or neither")
        return self


class HttpCheck(Tagged):
    """HTTP health check: a request whose reply must be 2xx/3xx (or expect_status)."""

    kind: Literal["http"] = "http"
    method: Literal["GET", "HEAD", "OPTIONS"] = Field(
        default="GET", description="Method of the check request."
    )
    path: Annotated[UrlPath, ConfigWord] = Field(default="/health", description="Path of the check request.")
    expect_status: int | None = Field(
        default=None, ge=100, le=599, description="Exact status a healthy server returns."
    )


class MysqlCheck(Tagged):
    """MySQL/MariaDB handshake check logging in as a user without password."""

    kind: Literal["mysql"] = "mysql"
    user: str = Field(
        default="haproxy",
        pattern=r"^[A-Za-z0-9_]{1,32}$",
        description="Database user HAProxy logs in as (created without password).",
    )


class TcpCheck(Tagged):
    """Plain TCP connect check (HAProxy's default for servers with `check`)."""

    kind: Literal["tcp"] = "tcp"


HealthCheck = Annotated[HttpCheck | MysqlCheck | TcpCheck, Field(discriminator="kind")]
