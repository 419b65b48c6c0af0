"""HAProxy configuration: the structured model, the raw-lines allowlist and the renderer."""

from contract.haproxy.limits import MAX_GLOBAL_MAXCONN
from contract.haproxy.model import Backend, Bind, BindTls, Defaults, Frontend, Global, HAProxyConfig, Listen
from contract.haproxy.raw_lines import RUNTIME_DIR_PLACEHOLDER, check_raw_line
from contract.haproxy.render import RenderContext, RenderError, render
from contract.haproxy.servers import (
    HealthCheck,
    HttpCheck,
    MysqlCheck,
    Server,
    ServerCheck,
    ServerOptions,
    ServerTls,
    TcpCheck,
)
from contract.haproxy.timeouts import BackendTimeouts, FrontendTimeouts, Timeouts

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
