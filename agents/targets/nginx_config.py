"""Render the nginx config of a run's synthetic servers: a pure function of the target and paths.

Choices, and why:
- Every path is ABSOLUTE and under the run's directory (nginx resolves relative ones under
  /usr/share/nginx): pid, error log, temp paths, bodies, certificates. Access logs are off (a
  log line per request would cost more than the reply).
- No `user` directive: the master already runs as the unprivileged target user
  (agents.privileges), which owns the run's directory; its workers stay that user.
- `worker_processes auto`: one worker per core, so a dedicated target host uses all of itself.
  On a shared box (the local lab) the workers compete with HAProxy and the load tool like any
  process; bench/target_capacity.py shows nginx still serves about twice what HAProxy does.
- `keepalive_requests` is raised to 1,000,000: nginx otherwise closes a kept-alive connection
  after 1,000 requests, which would show up as reconnections in connection-reuse experiments.
- `worker_connections` 16,384 (bounded by the open-files limit) serves 10k connections.
- One `server` block per server, on consecutive ports; every server answers every endpoint.
- An endpoint's reply, by status and body:
    200 + empty body          `return 200` (no file access: the fastest reply)
    other 2xx + empty, 204    `return S`
    200 + body                the body file (`alias`, Content-Length); a POST/PUT/... would
                              get 405 from the static module, so `error_page 405 =200` serves
                              the file again as a GET
    304                       `return 304` (never a body)
    3xx/4xx/5xx               `return S` + `error_page S <body file>` (Content-Length)
    other 2xx + body          `echo_status S` + `echo_location <body file>` (chunked)
  A delay is `echo_sleep` (a timer: the worker keeps serving others), then `echo_exec` to an
  internal location holding the reply (or, for echo replies, in the same location).
- `/health` answers 200 unless an endpoint defines it; `/__haplab/ready` always answers 200 and
  is what the agent probes, whatever the endpoints are; any other path gets 404.
- h2c: `listen ... http2` without ssl is HTTP/2 with prior knowledge (what HAProxy's
  `proto h2` speaks); that port no longer speaks HTTP/1.1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from contract.target import Endpoint, ManagedTarget

ECHO_MODULE = "/usr/lib/nginx/modules/ngx_http_echo_module.so"
READY_PATH = "/__haplab/ready"
HEALTH_PATH = "/health"
BODY_PREFIX = "/__haplab/body/"
REPLY_PREFIX = "/__haplab/reply/"
KEEPALIVE_REQUESTS = 1_000_000
MAX_WORKER_CONNECTIONS = 16_384
LISTEN_BACKLOG = 65_535  # the kernel caps it at net.core.somaxconn
_UNMATCHABLE = re.compile(r"[?#%]|//|/\.\.?(/|$)")


class UnservablePath(ValueError):  # noqa: N818 - reads as the condition it reports
    """An endpoint path nginx would never match as written (it normalizes URIs first)."""


@dataclass(frozen=True)
class NginxLayout:
    """Where everything of one run's nginx lives: all absolute, all under `root`."""

    root: Path

    @property
    def config(self) -> Path:
        return self.root / "nginx.conf"

    @property
    def pid_file(self) -> Path:
        return self.root / "nginx.pid"

    @property
    def error_log(self) -> Path:
        return self.root / "error.log"

    @property
    def stderr(self) -> Path:
        return self.root / "stderr.txt"

    @property
    def temp(self) -> Path:
        return self.root / "tmp"

    @property
    def bodies(self) -> Path:
        return self.root / "bodies"

    @property
    def certificate(self) -> Path:
        return self.root / "tls" / "cert.pem"

    @property
    def private_key(self) -> Path:
        return self.root / "tls" / "key.pem"


@dataclass(frozen=True)
class ServerSettings:
    """What only the host knows: where to listen and how far its limits go."""

    address: str
    ports: list[int]
    open_files: int  # the hard RLIMIT_NOFILE


def check_paths(target: ManagedTarget) -> None:
    for index, endpoint in enumerate(target.endpoints):
        if _UNMATCHABLE.search(endpoint.path) or endpoint.path.startswith("/__haplab/"):
            raise UnservablePath(
                f"endpoints.{index}.path: {endpoint.path!r} cannot be served exactly: nginx matches the "
                "decoded, normalized path (no '?', '#', '%', '//', '.' or '..' segments, no /__haplab/)"
            )


def render_nginx_config(target: ManagedTarget, layout: NginxLayout, settings: ServerSettings) -> str:
    check_paths(target)
    if not layout.root.is_absolute():
        raise ValueError(f"nginx needs absolute paths, got {layout.root}")
    worker_connections = max(1024, min(MAX_WORKER_CONNECTIONS, settings.open_files - 64))
    lines = [
        f"# haplab synthetic target: {target.servers} server(s), {target.protocol}"
        f"{' over TLS' if target.tls else ''}. Rendered by the agent; do not edit.",
        f"load_module {ECHO_MODULE};",
    ]
    lines += [
        "worker_processes auto;",
        f"worker_rlimit_nofile {settings.open_files};",
        f"pid {layout.pid_file};",
        f"error_log {layout.error_log} warn;",
        "",
        "events {",
        f"    worker_connections {worker_connections};",
        "    multi_accept on;",
        "}",
        "",
        "http {",
        "    access_log off;",
        f"    client_body_temp_path {layout.temp}/client_body;",
        f"    proxy_temp_path {layout.temp}/proxy;",
        f"    fastcgi_temp_path {layout.temp}/fastcgi;",
        f"    uwsgi_temp_path {layout.temp}/uwsgi;",
        f"    scgi_temp_path {layout.temp}/scgi;",
        "    default_type application/octet-stream;",
        "    sendfile on;",
        "    tcp_nopush on;",
        "    tcp_nodelay on;",
        "    keepalive_timeout 75s;",
        f"    keepalive_requests {KEEPALIVE_REQUESTS};",
        "    open_file_cache max=1000 inactive=600s;",
    ]
    if target.tls:
        lines += [
            f"    ssl_certificate {layout.certificate};",
            f"    ssl_certificate_key {layout.private_key};",
        ]
    locations = _locations(target.endpoints, layout.bodies)
    for port in settings.ports:
        lines += ["", "    server {", f"        listen {_listen(settings.address, port, target)};"]
        lines += [f"        {line}" if line else "" for line in locations]
        lines.append("    }")
    lines += ["}", ""]
    return "\n".join(lines)


def _listen(address: str, port: int, target: ManagedTarget) -> str:
    host = f"[{address}]" if ":" in address else address
    flags = [" ssl"] if target.tls else []
    if target.protocol == "h2c":
        flags.append(" http2")
    return f"{host}:{port}{''.join(flags)} backlog={LISTEN_BACKLOG}"


def _locations(endpoints: list[Endpoint], bodies: Path) -> list[str]:
    lines = [f"location = {READY_PATH} {{ return 200; }}"]
    if all(endpoint.path != HEALTH_PATH for endpoint in endpoints):
        lines.append(f"location = {HEALTH_PATH} {{ return 200; }}")
    lines.append("location / { return 404; }")
    for index, endpoint in enumerate(endpoints):
        body = bodies / f"{index}.bin"
        lines += ["", *_endpoint(index, endpoint, body)]
    return lines


def _endpoint(index: int, endpoint: Endpoint, body: Path) -> list[str]:
    body_uri = f"{BODY_PREFIX}{index}"
    reply_uri = f"{REPLY_PREFIX}{index}"
    status, size = endpoint.status, endpoint.body_bytes
    echo_reply = 200 < status < 300 and status != 204 and size > 0
    if echo_reply:
        reply = [f"echo_status {status};", f"echo_location {body_uri};"]
    elif status == 200 and size > 0:
        reply = [f"alias {body};", f"error_page 405 =200 {body_uri};"]
    elif 200 <= status < 300 or status == 304:
        reply = [f"return {status};"]
    else:
        reply = [f"return {status};", f"error_page {status} {body_uri};"]
    lines = [f"location = {_quote(endpoint.path)} {{"]
    internal: list[str] = []
    if endpoint.delay_ms and echo_reply:
        reply.insert(1, f"echo_sleep {_seconds(endpoint.delay_ms)};")
    if endpoint.delay_ms and not echo_reply:
        lines += [f"    echo_sleep {_seconds(endpoint.delay_ms)};", f"    echo_exec {reply_uri};"]
        internal = [f"location = {reply_uri} {{", "    internal;", *[f"    {r}" for r in reply], "}"]
    else:
        lines += [f"    {r}" for r in reply]
    lines.append("}")
    lines += internal
    if any(body_uri in line for line in reply):
        lines += [f"location = {body_uri} {{", "    internal;", f"    alias {body};", "}"]
    return lines


def _seconds(delay_ms: int) -> str:
    return f"{delay_ms / 1000:.3f}".rstrip("0").rstrip(".")


def _quote(path: str) -> str:
    """A double-quoted nginx string: backslash and quote escaped, nothing else is special."""
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'
