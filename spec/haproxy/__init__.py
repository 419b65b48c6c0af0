"""HAProxy configuration: the structured model, the raw-lines allowlist and the renderer."""

from spec.haproxy.limits import MAX_GLOBAL_MAXCONN
from spec.haproxy.model import Backend, Bind, BindTls, Defaults, Frontend, Global, HAProxyConfig, Listen
from spec.haproxy.raw_lines import RUNTIME_DIR_PLACEHOLDER, check_raw_line
from spec.haproxy.render import RenderContext, RenderError, render
from spec.haproxy.servers import (
    HealthCheck,
    HttpCheck,
    MysqlCheck,
    Server,
    ServerCheck,
    ServerOptions,
    ServerTls,
    TcpCheck,
)
from spec.haproxy.timeouts import BackendTimeouts, FrontendTimeouts, Timeouts

__all__ = [
    "MAX_GLOBAL_MAXCONN",
    "RUNTIME_DIR_PLACEHOLDER",
    "Backend",
    "BackendTimeouts",
    "Bind",
    "BindTls",
    "Defaults",
    "Frontend",
    "FrontendTimeouts",
    "Global",
    "HAProxyConfig",
    "HealthCheck",
    "HttpCheck",
    "Listen",
    "MysqlCheck",
    "RenderContext",
    "RenderError",
    "Server",
    "ServerCheck",
    "ServerOptions",
    "ServerTls",
    "TcpCheck",
    "Timeouts",
    "check_raw_line",
    "render",
]
