"""The `option` keywords each section accepts, and which of them need `mode http`."""

# The word tables here keep `# fmt: skip`: one HAProxy keyword per line would bury them.

from __future__ import annotations

from typing import Literal

# Descriptions for the UI: one short sentence per option.
OPTION_HELP: dict[str, str] = {
    "httplog": "Log each HTTP request with its timers, status and sizes.",
    "tcplog": "Log each TCP connection with its timers and sizes.",
    "dontlognull": "Do not log connections that sent no data (probes, port scans).",
    "http-server-close": "Close the server connection after each response; keep the client one alive.",
    "httpclose": "Close both client and server connections after each response.",
    "http-keep-alive": "Keep both client and server connections alive between requests (the default).",
    "forwardfor": "Add an X-Forwarded-For header with the client's address.",
    "http-buffer-request": "Wait for the whole request body before choosing a server.",
    "http-no-delay": "Send HTTP data immediately, trading bandwidth for latency.",
    "http-pretend-keepalive": "Pretend keep-alive to servers that answer close with chunked replies.",
    "redispatch": "Let a request go to another server when its chosen one is down or full.",
    "abortonclose": "Drop a queued request whose client has already gone away.",
    "tcpka": "Enable TCP keep-alive probes on both client and server sockets.",
    "clitcpka": "Enable TCP keep-alive probes on client sockets.",
    "srvtcpka": "Enable TCP keep-alive probes on server sockets.",
    "allbackups": "Use all backup servers at once when every normal server is down.",
    "log-health-checks": "Log every health check status change in detail.",
    "splice-auto": "Let the kernel splice data between sockets when it seems useful.",
    "logasap": "Log a request as soon as the headers are sent, before the body ends.",
    "dontlog-normal": "Log only errors and anomalies, not successful requests.",
}

FrontendOption = Literal[
    "httplog", "tcplog", "dontlognull", "http-server-close", "httpclose", "http-keep-alive",
    "forwardfor", "http-buffer-request", "http-no-delay", "tcpka", "clitcpka", "splice-auto",
    "logasap", "dontlog-normal",
]  # fmt: skip
BackendOption = Literal[
    "http-server-close", "httpclose", "http-keep-alive", "forwardfor", "http-buffer-request",
    "http-no-delay", "http-pretend-keepalive", "redispatch", "abortonclose", "tcpka", "srvtcpka",
    "allbackups", "log-health-checks", "splice-auto",
]  # fmt: skip
# defaults and listen sections have both sides.
AnyOption = Literal[
    "httplog", "tcplog", "dontlognull", "http-server-close", "httpclose", "http-keep-alive",
    "forwardfor", "http-buffer-request", "http-no-delay", "http-pretend-keepalive", "redispatch",
    "abortonclose", "tcpka", "clitcpka", "srvtcpka", "allbackups", "log-health-checks",
    "splice-auto", "logasap", "dontlog-normal",
]  # fmt: skip

HTTP_ONLY_OPTIONS = frozenset(
    {
        "httplog", "http-server-close", "httpclose", "http-keep-alive", "forwardfor",
        "http-buffer-request", "http-no-delay", "http-pretend-keepalive",
    }
)  # fmt: skip

LOG_FORMAT_OPTIONS = frozenset({"httplog", "tcplog"})
# At most one of each group may be set in a section: HAProxy would silently keep the last.
EXCLUSIVE_OPTION_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"http-keep-alive", "http-server-close", "httpclose"}),
    LOG_FORMAT_OPTIONS,
)


def option_problems(options: list[str]) -> list[str]:
    """Duplicates and mutually exclusive options in one section's option list."""
    problems = []
    duplicates = sorted({option for option in options if options.count(option) > 1})
    if duplicates:
        problems.append(f"{', '.join(duplicates)} listed twice")
    for group in EXCLUSIVE_OPTION_GROUPS:
        chosen = [option for option in options if option in group]
        if len(chosen) > 1:
            problems.append(f"choose one of {', '.join(sorted(group))}, not {' and '.join(chosen)}")
    return problems
