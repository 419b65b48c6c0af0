"""Render a HAProxyConfig to haproxy.cfg text: pure, deterministic, no I/O.

The renderer adds what the agent owns: the stats socket (Runtime API, used for sampling and
for handing listeners over on reload) and the pidfile, both in the agent's runtime directory,
and it turns certificate NAMES into files under `{runtime_dir}/certs/`.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

from contract.haproxy.certificates import cert_file
from contract.haproxy.cfg_words import CfgSyntaxError, split_words
from contract.haproxy.model import (
    Backend,
    Bind,
    Defaults,
    Frontend,
    Global,
    HAProxyConfig,
    Listen,
    ServerPool,
)
from contract.haproxy.names import BindAddress
from contract.haproxy.raw_references import resolve_runtime_dir
from contract.haproxy.servers import HealthCheck, Server, ServerOptions
from contract.haproxy.timeouts import timeout_lines
from contract.request_timers import LOG_FORMAT_HTTP, LOG_FORMAT_TCP, LOG_LINE_MAX, LOG_SOCKET, MAX_ONE_IN
from contract.text_types import HostPort, split_host_port
from contract.version import SPEC_VERSION

INDENT = "    "
_SAFE_DIR = re.compile(r"/[A-Za-z0-9_./-]*")


class RenderError(ValueError):
    """The config cannot be rendered in this context (e.g. target_servers without targets)."""


class RenderContext(BaseModel):
    """What the renderer needs to know about the lab host the config will run on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target_addresses: list[HostPort] = Field(
        default_factory=list, description="host:port of each upstream the target profile provides."
    )
    runtime_dir: str = Field(
        description="The agent-owned directory holding the socket, pidfile, certs/ and files/."
    )
    bind_address: BindAddress | None = Field(
        default=None,
        description="Address every frontend binds to instead of its own (the proxy host's lab address).",
    )
    resolved_hosts: dict[str, str] = Field(
        default_factory=dict,
        description=(
            "Host name -> the IP address the proxy agent resolved it to and the lab's boundary "
            "allowed: server lines name the address, so HAProxy resolves nothing itself."
        ),
    )
    request_log_one_in: int | None = Field(
        default=None,
        ge=1,
        le=MAX_ONE_IN,
        description=(
            "Have the entry point (first frontend, else first listen) log one request in this many, in "
            "haplab's format (contract.request_timers), to the agent's timers socket; None: no timer "
            "logging."
        ),
    )

    @field_validator("runtime_dir")
    @classmethod
    def _absolute_plain_dir(cls, value: str) -> str:
        if not _SAFE_DIR.fullmatch(value) or "/../" in f"{value}/" or (value.endswith("/") and value != "/"):
            raise ValueError(
                "must be an absolute path of letters, digits, '_', '.', '-' and '/', without '..'"
            )
        return value

    def cert_path(self, name: str) -> str:
        return f"{self.runtime_dir}/{cert_file(name)}"


class _RawLine(str):
    """A raw `extra` line: checked by the allowlist (contract.haproxy.raw_lines), written as given.
    `source` is its field in the HAProxyConfig (`global.extra.2`, `backends.0.extra.1`)."""

    source: str

    def __new__(cls, text: str, source: str) -> _RawLine:
        line = super().__new__(cls, text)
        line.source = source
        return line


# Every rendered config names its pidfile in the runtime directory, so the directory can be read
# back from the text alone (runtime_dir_of).
PIDFILE = "haproxy.pid"
_PIDFILE_LINE = re.compile(rf"^[ \t]*pidfile (/\S*)/{re.escape(PIDFILE)}[ \t]*$", re.MULTILINE)


def runtime_dir_of(rendered: str) -> str | None:
    """The runtime directory `rendered` (a render() result) was written for; None for other text."""
    match = _PIDFILE_LINE.search(rendered)
    return match.group(1) if match else None


def render(config: HAProxyConfig, ctx: RenderContext) -> str:
    """The haproxy.cfg text for `config` on the host described by `ctx`."""
    return "\n\n".join("\n".join(block) for block in _blocks(config, ctx)) + "\n"


def raw_line_sources(config: HAProxyConfig, ctx: RenderContext) -> dict[int, str]:
    """{line number in render(config, ctx) (1-based): the raw `extra` line's field there}, so
    what HAProxy says about a line of the rendered config can be shown where the line was typed."""
    sources: dict[int, str] = {}
    number = 0
    for block in _blocks(config, ctx):
        for line in block:
            number += 1
            if isinstance(line, _RawLine):
                sources[number] = line.source
        number += 1  # the empty line between blocks
    return sources


def _blocks(config: HAProxyConfig, ctx: RenderContext) -> list[list[str]]:
    blocks: list[list[str]] = [
        [f"# Rendered by haplab (spec version {SPEC_VERSION}). Do not edit: change the experiment."],
        ["global", *_indent(_global_lines(config.global_, ctx))],
        ["defaults", *_indent(_defaults_lines(config.defaults, config.global_, ctx))],
        *(
            _section("frontend", f.name, _frontend_lines(f, ctx, i, config.effective_mode(f), logs=i == 0))
            for i, f in enumerate(config.frontends)
        ),
        *(_section("backend", b.name, _backend_lines(b, ctx, i)) for i, b in enumerate(config.backends)),
        *(
            _section(
                "listen",
                s.name,
                _listen_lines(s, ctx, i, config.effective_mode(s), logs=i == 0 and not config.frontends),
            )
            for i, s in enumerate(config.listens)
        ),
    ]
    for block in blocks:
        for line in block:
            if not isinstance(line, _RawLine | _LogFormatLine) and not line.startswith("#"):
                _check_modelled_line(line)
    return blocks


class _LogFormatLine(str):
    """haplab's `log-format "..."` line: one quoted word, checked where it is built."""


def _request_log_lines(ctx: RenderContext, mode: str) -> list[str]:
    """The request log haplab reads (contract.request_timers): a unix datagram target in the
    agent's runtime directory, raw lines (no syslog header to parse), one request in N, and
    haplab's format for the section's mode. Only the entry point logs (the first frontend, else
    the first listen: where a run's load enters), so the log counts what HAProxy's entry counters
    count, and a chain of sections does not log a request twice. Rendered after the section's raw lines, so a
    user's log format never replaces it (the ones that would make it lie are refused when
    timers are collected: contract.haproxy.raw_lines.request_log_problem)."""
    if ctx.request_log_one_in is None:
        return []
    one_in = ctx.request_log_one_in
    sample = f" sample 1:{one_in}" if one_in > 1 else ""
    log_format = LOG_FORMAT_HTTP if mode == "http" else LOG_FORMAT_TCP
    line = f'log-format "{log_format}"'
    if split_words(line) != ["log-format", log_format]:  # the format is ours: a guard, not a check
        raise RenderError(f"haplab's log format would not read back as written: {log_format!r}")
    return [
        f"log unix@{ctx.runtime_dir}/{LOG_SOCKET} len {LOG_LINE_MAX} format raw{sample} local0",
        _LogFormatLine(line),
    ]


def _check_modelled_line(line: str) -> None:
    """Every line the renderer writes from model fields must read back, through HAProxy's own
    tokenizing, as the words it was built from: a value holding a quote, a backslash, a '#' or
    a '$' would otherwise change what HAProxy reads. The model's types refuse such values; this
    is the guard that no field was missed."""
    try:
        words = split_words(line)
    except CfgSyntaxError as exc:
        raise RenderError(
            f"the rendered line {line.strip()!r} would not read back as written: {exc}"
        ) from None
    if words != line.split():
        raise RenderError(f"the rendered line {line.strip()!r} would not read back as written: {words}")


def _indent(lines: list[str]) -> list[str]:
    return [
        _RawLine(INDENT + line, line.source)
        if isinstance(line, _RawLine)
        else _LogFormatLine(INDENT + line)
        if isinstance(line, _LogFormatLine)
        else INDENT + line
        for line in lines
    ]


def _section(keyword: str, name: str, lines: list[str]) -> list[str]:
    return [f"{keyword} {name}", *_indent(lines)]


def _extra(lines: list[str], ctx: RenderContext, section: str) -> list[str]:
    return [
        _RawLine(resolve_runtime_dir(line.strip(" \t"), ctx.runtime_dir), f"{section}.extra.{index}")
        for index, line in enumerate(lines)
    ]


def _global_lines(g: Global, ctx: RenderContext) -> list[str]:
    lines = [
        f"stats socket {ctx.runtime_dir}/haproxy.sock mode 600 level admin expose-fd listeners",
        f"pidfile {ctx.runtime_dir}/{PIDFILE}",
    ]
    if g.log is not None:
        lines.append(f"log {g.log} format raw local0")
    if g.maxconn is not None:
        lines.append(f"maxconn {g.maxconn}")
    if g.nbthread is not None:
        lines.append(f"nbthread {g.nbthread}")
    lines += [f"cpu-map {entry}" for entry in g.cpu_map]
    if g.tune_bufsize is not None:
        lines.append(f"tune.bufsize {g.tune_bufsize}")
    if g.ssl_default_bind_ciphers:
        lines.append(f"ssl-default-bind-ciphers {g.ssl_default_bind_ciphers}")
    if g.ssl_default_bind_ciphersuites:
        lines.append(f"ssl-default-bind-ciphersuites {g.ssl_default_bind_ciphersuites}")
    if g.ssl_default_bind_options:
        lines.append("ssl-default-bind-options " + " ".join(g.ssl_default_bind_options))
    if g.ssl_default_server_options:
        lines.append("ssl-default-server-options " + " ".join(g.ssl_default_server_options))
    return lines + _extra(g.extra, ctx, "global")


def _defaults_lines(d: Defaults, g: Global, ctx: RenderContext) -> list[str]:
    lines = [f"mode {d.mode}"]
    if g.log is not None:
        lines.append("log global")
    lines += [f"option {option}" for option in d.options]
    if d.retries is not None:
        lines.append(f"retries {d.retries}")
    if d.maxconn is not None:
        lines.append(f"maxconn {d.maxconn}")
    return lines + timeout_lines(d.timeouts) + _extra(d.extra, ctx, "defaults")


def _bind_line(bind: Bind, ctx: RenderContext) -> str:
    address = ctx.bind_address or bind.address
    host = f"[{address}]" if ":" in address else address
    words = [f"bind {host}:{bind.port}"]
    if bind.ssl is not None:
        words.append(f"ssl crt {ctx.cert_path(bind.ssl.cert)}")
        if bind.ssl.alpn:
            words.append("alpn " + ",".join(bind.ssl.alpn))
        if bind.ssl.ciphers:
            words.append(f"ciphers {bind.ssl.ciphers}")
        if bind.ssl.ciphersuites:
            words.append(f"ciphersuites {bind.ssl.ciphersuites}")
        words += bind.ssl.options
    if bind.proto is not None:
        words.append(f"proto {bind.proto}")
    return " ".join(words)


def _front_side_lines(section: Frontend | Listen, ctx: RenderContext) -> list[str]:
    lines = [_bind_line(bind, ctx) for bind in (section.bind, *section.extra_binds)]
    if section.mode is not None:
        lines.append(f"mode {section.mode}")
    if section.maxconn is not None:
        lines.append(f"maxconn {section.maxconn}")
    return lines


def _frontend_lines(f: Frontend, ctx: RenderContext, index: int, mode: str, *, logs: bool) -> list[str]:
    lines = _front_side_lines(f, ctx)
    lines += [f"option {option}" for option in f.options]
    lines += timeout_lines(f.timeouts)
    lines += _extra(f.extra, ctx, f"frontends.{index}")
    lines += _request_log_lines(ctx, mode) if logs else []
    if f.default_backend is not None:
        lines.append(f"default_backend {f.default_backend}")
    return lines


def _backend_lines(b: Backend, ctx: RenderContext, index: int) -> list[str]:
    lines = [f"mode {b.mode}"] if b.mode is not None else []
    lines += _pool_settings(b)
    lines += [f"option {option}" for option in b.options]
    lines += timeout_lines(b.timeouts)
    lines += _extra(b.extra, ctx, f"backends.{index}")
    return lines + _server_lines(b, ctx)


def _listen_lines(s: Listen, ctx: RenderContext, index: int, mode: str, *, logs: bool) -> list[str]:
    lines = _front_side_lines(s, ctx)
    lines += _pool_settings(s)
    lines += [f"option {option}" for option in s.options]
    lines += timeout_lines(s.timeouts)
    lines += _extra(s.extra, ctx, f"listens.{index}")
    lines += _request_log_lines(ctx, mode) if logs else []
    return lines + _server_lines(s, ctx)


def _resolved(address: str, ctx: RenderContext) -> str:
    host, port = split_host_port(address)
    ip = ctx.resolved_hosts.get(host)
    if ip is None:
        return address
    return f"[{ip}]:{port}" if ":" in ip else f"{ip}:{port}"


def _pool_settings(pool: ServerPool) -> list[str]:
    lines = []
    if pool.balance is not None:
        lines.append(f"balance {pool.balance}")
    if pool.fullconn is not None:
        lines.append(f"fullconn {pool.fullconn}")
    if pool.http_reuse is not None:
        lines.append(f"http-reuse {pool.http_reuse}")
    if pool.retries is not None:
        lines.append(f"retries {pool.retries}")
    if pool.health_check is not None:
        lines += _health_check_lines(pool.health_check)
    return lines


def _health_check_lines(check: HealthCheck) -> list[str]:
    if check.kind == "http":
        lines = [f"option httpchk {check.method} {check.path}"]
        if check.expect_status is not None:
            lines.append(f"http-check expect status {check.expect_status}")
        return lines
    if check.kind == "mysql":
        return [f"option mysql-check user {check.user}"]
    return []  # tcp: a server's `check` is a TCP connect by default


def _server_lines(pool: ServerPool, ctx: RenderContext) -> list[str]:
    lines = [_server_line(s.name, _server_address(s, ctx), s, ctx) for s in pool.servers]
    if pool.target_servers is not None:
        if not ctx.target_addresses:
            raise RenderError("target_servers: the target profile provides no upstream addresses")
        lines += [
            _server_line(f"t{number}", address, pool.target_servers, ctx)
            for number, address in enumerate(ctx.target_addresses, start=1)
        ]
    return lines


def _server_address(server: Server, ctx: RenderContext) -> str:
    if server.address is not None:
        return server.address
    assert server.target is not None  # Server's validator: one of the two
    if server.target > len(ctx.target_addresses):
        raise RenderError(
            f"server {server.name}: target {server.target} is more than the "
            f"{len(ctx.target_addresses)} upstream addresses the target provides"
        )
    return ctx.target_addresses[server.target - 1]


def _server_line(name: str, address: str, s: ServerOptions | Server, ctx: RenderContext) -> str:
    words = [f"server {name} {_resolved(address, ctx)}"]
    for field, keyword in (
        ("maxconn", "maxconn"),
        ("minconn", "minconn"),
        ("maxqueue", "maxqueue"),
        ("weight", "weight"),
        ("pool_max_conn", "pool-max-conn"),
        ("pool_low_conn", "pool-low-conn"),
    ):
        value = getattr(s, field)
        if value is not None:
            words.append(f"{keyword} {value}")
    if s.pool_purge_delay_ms is not None:
        words.append(f"pool-purge-delay {s.pool_purge_delay_ms}ms")
    if s.check is not None:
        words.append(f"check inter {s.check.inter_ms}ms rise {s.check.rise} fall {s.check.fall}")
    if s.ssl is not None:
        words.append(f"ssl verify {s.ssl.verify}")
        if s.ssl.ca is not None:
            words.append(f"ca-file {ctx.cert_path(s.ssl.ca)}")
        if s.ssl.alpn:
            words.append("alpn " + ",".join(s.ssl.alpn))
    if s.proto is not None:
        words.append(f"proto {s.proto}")
    if s.send_proxy:
        words.append("send-proxy")
    if s.backup:
        words.append("backup")
    words += s.extra
    return " ".join(words)
