"""The structured HAProxy configuration model.

Each field is one HAProxy directive, with a one-sentence description that becomes API docs
and UI help. The model refuses what would not run, or would not run as meant, on a lab host:
unknown fields, duplicate names, a default_backend that does not exist, HTTP-only settings in
a `mode tcp` section, and a global maxconn the host's file-descriptor limit cannot hold.
Server lines live in contract.haproxy.servers, cross-section checks in contract.haproxy.consistency,
rendering in contract.haproxy.render.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from contract.haproxy.consistency import config_problems
from contract.haproxy.limits import MAX_GLOBAL_MAXCONN, MaxConn
from contract.haproxy.names import (
    AlpnProtocol,
    BindAddress,
    CertName,
    CipherList,
    CpuMapEntry,
    Mode,
    ProxyName,
    SslOption,
)
from contract.haproxy.options import AnyOption, BackendOption, FrontendOption, option_problems
from contract.haproxy.raw_lines import MAX_LINES, raw_line
from contract.haproxy.servers import HealthCheck, Server, ServerOptions
from contract.haproxy.timeouts import BackendTimeouts, FrontendTimeouts, Timeouts
from contract.strict import StrictModel

_OptionT = TypeVar("_OptionT", bound=str)


def _check_options(options: list[_OptionT]) -> list[_OptionT]:
    problems = option_problems(list(options))
    if problems:
        raise ValueError("; ".join(problems))
    return options


FrontendOptions = Annotated[list[FrontendOption], AfterValidator(_check_options)]
BackendOptions = Annotated[list[BackendOption], AfterValidator(_check_options)]
AnyOptions = Annotated[list[AnyOption], AfterValidator(_check_options)]
# Each raw line is checked on its own, so an error's location names its index
# (spec.proxy.listens.0.extra.2) and its message quotes the line.
GlobalExtra = Annotated[list[Annotated[str, AfterValidator(raw_line("global"))]], Field(max_length=MAX_LINES)]
DefaultsExtra = Annotated[
    list[Annotated[str, AfterValidator(raw_line("defaults"))]], Field(max_length=MAX_LINES)
]
FrontendExtra = Annotated[
    list[Annotated[str, AfterValidator(raw_line("frontend"))]], Field(max_length=MAX_LINES)
]
BackendExtra = Annotated[
    list[Annotated[str, AfterValidator(raw_line("backend"))]], Field(max_length=MAX_LINES)
]
ListenExtra = Annotated[list[Annotated[str, AfterValidator(raw_line("listen"))]], Field(max_length=MAX_LINES)]
_EXTRA_HELP = (
    "Raw directives for this section, one per line, checked against an allowlist "
    "(no Lua, external programs, environment changes, or files outside {runtime_dir}/)."
)
Balance = Literal["roundrobin", "static-rr", "leastconn", "first", "source", "uri", "random"]
HttpReuse = Literal["never", "safe", "aggressive", "always"]


# ---------------------------------------------------------------- global and defaults


class Global(StrictModel):
    """Process-wide settings (the `global` section)."""

    maxconn: MaxConn | None = Field(
        default=None,
        description=(
            f"Most concurrent connections the whole process accepts (at most {MAX_GLOBAL_MAXCONN} "
            "here: about two file descriptors each); also sizes the default frontend maxconn."
        ),
    )
    log: Literal["stdout", "stderr"] | None = Field(
        default=None,
        description="Where HAProxy writes logs (httplog and tcplog need it); empty = no logging.",
    )
    nbthread: int | None = Field(
        default=None, ge=1, le=64, description="Worker threads; usually one per CPU core the proxy may use."
    )
    cpu_map: list[CpuMapEntry] = Field(
        default_factory=list,
        description="Pin threads to CPUs, e.g. '1/all 0-1' or '1/1 0' (thread 1 on CPU 0).",
        examples=[["1/1 0", "1/2 1"]],
    )
    tune_bufsize: int | None = Field(
        default=None,
        ge=1024,
        le=1_048_576,
        description="Size in bytes of each request/response buffer; larger headers or bodies need more.",
    )
    ssl_default_bind_ciphers: CipherList | None = Field(
        default=None, description="OpenSSL cipher list for TLS <= 1.2 on every ssl bind."
    )
    ssl_default_bind_ciphersuites: CipherList | None = Field(
        default=None, description="TLS 1.3 cipher suites on every ssl bind."
    )
    ssl_default_bind_options: list[SslOption] = Field(
        default_factory=list, description="TLS options on every ssl bind, e.g. 'ssl-min-ver TLSv1.2'."
    )
    ssl_default_server_options: list[SslOption] = Field(
        default_factory=list, description="TLS options on every ssl server connection."
    )
    extra: GlobalExtra = Field(default_factory=list, description=_EXTRA_HELP)


def _default_timeouts() -> Timeouts:
    return Timeouts(connect=5000, client=30000, server=30000)


class Defaults(StrictModel):
    """Settings every frontend, backend and listen section inherits (the `defaults` section)."""

    mode: Mode = Field(
        default="http", description="http parses requests (layer 7); tcp forwards bytes (layer 4)."
    )
    timeouts: Timeouts = Field(
        default_factory=_default_timeouts, description="Timeouts inherited by every section (ms)."
    )
    options: AnyOptions = Field(default_factory=list, description="Options inherited by every section.")
    retries: int | None = Field(
        default=None, ge=0, le=100, description="Connection attempts to a server before giving up."
    )
    maxconn: MaxConn | None = Field(
        default=None, description="Default per-frontend limit of concurrent client connections."
    )
    extra: DefaultsExtra = Field(default_factory=list, description=_EXTRA_HELP)


# ---------------------------------------------------------------- binds


class BindTls(StrictModel):
    """TLS termination on a bind."""

    cert: CertName = Field(description="Name of a lab-managed certificate (never a path).")
    alpn: list[AlpnProtocol] = Field(
        default_factory=list,
        description="Protocols offered in ALPN, most preferred first, e.g. ['h2', 'http/1.1'].",
    )
    ciphers: CipherList | None = Field(
        default=None, description="OpenSSL cipher list for TLS <= 1.2 on this bind (else the global default)."
    )
    ciphersuites: CipherList | None = Field(
        default=None, description="TLS 1.3 cipher suites on this bind (else the global default)."
    )
    options: list[SslOption] = Field(
        default_factory=list,
        description="TLS options of this bind, e.g. 'ssl-min-ver TLSv1.2' (added to the global defaults).",
    )


class Bind(StrictModel):
    """Where a frontend listens."""

    address: BindAddress = Field(default="*", description="Address to listen on; '*' means all.")
    port: int = Field(ge=1, le=65535, description="TCP port to listen on.")
    ssl: BindTls | None = Field(default=None, description="Terminate TLS on this bind.")
    proto: Literal["h2"] | None = Field(
        default=None, description="h2: expect HTTP/2 without TLS (h2c prior knowledge) on this bind."
    )


# ---------------------------------------------------------------- proxy sections


class ServerPool(StrictModel):
    """The backend half of a proxy: load balancing, connection reuse, servers."""

    balance: Balance | None = Field(
        default=None,
        description=(
            "How requests are spread: roundrobin, leastconn (fewest active), source/uri (hash), "
            "first (fill servers in order), random."
        ),
    )
    fullconn: int | None = Field(
        default=None,
        ge=1,
        le=1_000_000,
        description="Backend load at which servers reach their full maxconn (only with minconn).",
    )
    http_reuse: HttpReuse | None = Field(
        default=None,
        description=(
            "Sharing idle server connections between clients: never; safe (default: a client's "
            "first request gets its own); aggressive (reuse connections used once); always."
        ),
    )
    health_check: HealthCheck | None = Field(
        default=None, description="How servers with `check` are probed; default is a TCP connect."
    )
    retries: int | None = Field(
        default=None, ge=0, le=100, description="Connection attempts to a server before giving up."
    )
    servers: list[Server] = Field(default_factory=list, max_length=256, description="Explicit server lines.")
    target_servers: ServerOptions | None = Field(
        default=None,
        description=(
            "One server line (t1..tN) per upstream address of the experiment's target, with these settings."
        ),
    )

    @model_validator(mode="after")
    def _server_names_unique(self) -> Self:
        seen: set[str] = set()
        for index, server in enumerate(self.servers):
            if server.name in seen:
                raise ValueError(f"servers.{index}.name: {server.name!r} appears twice")
            if self.target_servers is not None and _is_target_server_name(server.name):
                raise ValueError(
                    f"servers.{index}.name: {server.name!r} is reserved for target_servers (t1..tN)"
                )
            seen.add(server.name)
        return self


def _is_target_server_name(name: str) -> bool:
    return name.startswith("t") and name[1:].isdigit()


class _Named(StrictModel):
    name: ProxyName = Field(description="Section name, unique across frontends, backends and listens.")
    mode: Mode | None = Field(default=None, description="http or tcp; empty inherits defaults.mode.")


class _FrontSide(_Named):
    """The frontend half of a proxy: where clients connect."""

    bind: Bind = Field(description="Address, port and TLS of the listener (where the load enters).")
    extra_binds: list[Bind] = Field(
        default_factory=list,
        max_length=16,
        description="More listeners of this section (e.g. :80 beside :443); the load uses `bind`.",
    )
    maxconn: MaxConn | None = Field(
        default=None,
        description="Most concurrent client connections; more wait in the kernel backlog (never accepted).",
    )

    def all_binds(self) -> list[tuple[str, Bind]]:
        """(path within the section, bind) of every listener: `bind` first."""
        return [("bind", self.bind), *((f"extra_binds.{i}", b) for i, b in enumerate(self.extra_binds))]


class Frontend(_FrontSide):
    """Where clients connect (a `frontend` section)."""

    options: FrontendOptions = Field(default_factory=list, description="Options of this frontend.")
    timeouts: FrontendTimeouts = Field(
        default_factory=FrontendTimeouts, description="Timeouts overriding defaults (ms)."
    )
    default_backend: ProxyName | None = Field(
        default=None, description="Backend (or listen) that receives the traffic."
    )
    extra: FrontendExtra = Field(default_factory=list, description=_EXTRA_HELP)


class Backend(ServerPool, _Named):
    """A pool of servers (a `backend` section)."""

    options: BackendOptions = Field(default_factory=list, description="Options of this backend.")
    timeouts: BackendTimeouts = Field(
        default_factory=BackendTimeouts, description="Timeouts overriding defaults (ms)."
    )
    extra: BackendExtra = Field(default_factory=list, description=_EXTRA_HELP)


class Listen(ServerPool, _FrontSide):
    """A frontend and its backend in one section (a `listen` section)."""

    options: AnyOptions = Field(default_factory=list, description="Options of this section.")
    timeouts: Timeouts = Field(default_factory=Timeouts, description="Timeouts overriding defaults (ms).")
    extra: ListenExtra = Field(default_factory=list, description=_EXTRA_HELP)


class HAProxyConfig(BaseModel):
    """A whole haproxy.cfg: global, defaults and the proxy sections. JSON key `global`."""

    model_config = ConfigDict(
        extra="forbid", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True
    )

    global_: Global = Field(default_factory=Global, alias="global", description="Process-wide settings.")
    defaults: Defaults = Field(default_factory=Defaults, description="Settings every section inherits.")
    frontends: list[Frontend] = Field(default_factory=list, max_length=64)
    backends: list[Backend] = Field(default_factory=list, max_length=64)
    listens: list[Listen] = Field(default_factory=list, max_length=64)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        problems = config_problems(self)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def backend_like(self, name: str) -> Backend | Listen | None:
        """The backend or listen section called `name` (what a default_backend may point at)."""
        sections: list[Backend | Listen] = [*self.backends, *self.listens]
        for section in sections:
            if section.name == name:
                return section
        return None

    def pools(self) -> list[tuple[str, Backend | Listen]]:
        """(path within the config, section) of every backend and listen section."""
        return [
            *((f"backends.{index}", backend) for index, backend in enumerate(self.backends)),
            *((f"listens.{index}", listen) for index, listen in enumerate(self.listens)),
        ]

    def effective_mode(self, section: Frontend | Backend | Listen) -> Mode:
        return section.mode or self.defaults.mode
