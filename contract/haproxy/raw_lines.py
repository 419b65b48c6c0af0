"""The raw-lines escape hatch: extra directives per section, passed through an allowlist.

A raw line is rendered verbatim into haproxy.cfg on a lab host, so it is read here exactly as
HAProxy 2.6 will read it (contract.haproxy.cfg_words: quotes joined, escapes decoded, environment
expansion refused) and the checks apply to those words, never to the text. Refused by default:
- a keyword not on the section's allowlist. Directives the model has a field for are not listed
  (set them through the model, which checks them); anything else missing is refused: ask for it
  to be added rather than slipping it in. `tune.*` is allowed by exact name only;
- anything reaching outside HAProxy's own job: Lua, external programs, the environment or the
  host (`env`, `hostname` ...), sockets, privileges, files outside the agent's runtime directory
  (contract.haproxy.raw_references);
- values that size memory or connections beyond a lab host's caps (contract.haproxy.limits).

Files under the runtime directory are named with the `{runtime_dir}/` placeholder, which the
renderer replaces with the agent's directory (e.g. `http-request return status 200 file
{runtime_dir}/files/page.html`).
"""

# The word tables here keep `# fmt: skip`: one HAProxy keyword per line would bury them.

from __future__ import annotations

from collections.abc import Callable

from contract.haproxy.cfg_words import CfgSyntaxError, split_words
from contract.haproxy.limits import TUNE_CAPS, cap_problem, capped_values
from contract.haproxy.raw_references import (
    RUNTIME_DIR_PLACEHOLDER,
    file_problem,
    line_calls,
    resolve_runtime_dir,
    sample_problem,
)

__all__ = [
    "MAX_LINES",
    "RUNTIME_DIR_PLACEHOLDER",
    "check_raw_line",
    "raw_line",
    "resolve_runtime_dir",
]

MAX_LINE_LENGTH = 1024
MAX_LINES = 200

SECTIONS = ("global", "defaults", "frontend", "backend", "listen")

# Keywords that open a section: a raw line can never start one.
SECTION_KEYWORDS = frozenset(
    {
        "global", "defaults", "frontend", "backend", "listen", "program", "peers", "resolvers",
        "userlist", "mailers", "cache", "ring", "http-errors", "fcgi-app", "log-forward",
        "crt-store", "traces", "namespace_list",
    }
)  # fmt: skip

# Directives the model has a field for (maxconn, balance, http-reuse, mode ...) are not on the
# lists: set through the model, they get its checks (the maxconn cap, mode consistency ...).
_PROXY_COMMON = frozenset(
    {"option", "timeout", "log", "description", "acl", "compression", "redirect", "stats"}
)
_FRONT_SIDE = frozenset(
    {
        "http-request", "http-response", "http-after-response", "tcp-request", "backlog",
        "rate-limit", "use_backend", "capture", "declare", "stick-table", "log-format",
        "unique-id-format", "unique-id-header", "monitor-uri", "monitor", "http-error",
        "errorfile", "errorloc", "errorloc302", "errorloc303",
    }
)  # fmt: skip
_BACK_SIDE = frozenset(
    {
        "http-request", "http-response", "http-after-response", "tcp-request", "tcp-response",
        "retry-on", "http-check", "tcp-check", "default-server", "hash-type",
        "hash-balance-factor", "cookie", "stick-table", "stick", "max-keep-alive-queue",
        "use-server", "force-persist", "ignore-persist", "persist", "http-send-name-header",
        "source", "http-error", "errorfile", "errorloc", "errorloc302", "errorloc303",
    }
)  # fmt: skip
_DEFAULTS = frozenset(
    {
        "option", "timeout", "retry-on", "log", "log-format", "default-server",
        "hash-type", "compression", "http-check", "tcp-check", "backlog", "max-keep-alive-queue",
        "errorfile", "errorloc", "unique-id-format", "unique-id-header", "rate-limit",
    }
)  # fmt: skip
_GLOBAL = frozenset(
    {
        "maxconnrate", "maxsessrate", "maxsslconn", "maxsslrate", "maxcomprate",
        "maxcompcpuusage", "maxpipes", "maxzlibmem", "spread-checks", "max-spread-checks",
        "busy-polling", "nosplice", "noepoll", "nopoll", "noreuseport", "nogetaddrinfo",
        "hard-stop-after", "log", "log-tag", "ssl-default-server-ciphers",
        "ssl-default-server-ciphersuites", "ssl-server-verify", "h1-case-adjust",
        "profiling.tasks", "description", "node", "stats",
    }
)  # fmt: skip
# `stats` subcommands: a proxy's statistics page (its own HTTP answer), the global socket's
# timeout and connection limit. The socket itself (`stats socket`) is the agent's.
STATS_SUBCOMMANDS: dict[str, frozenset[str]] = {
    "global": frozenset({"timeout", "maxconn"}),
    "proxy": frozenset(
        {
            "enable", "uri", "realm", "auth", "refresh", "hide-version", "show-legends", "show-node",
            "show-desc", "show-modules", "admin", "scope", "http-request",
        }
    ),
}  # fmt: skip

# Directives with a field in the model, which checks them; a raw line must not bypass that.
MODELLED_KEYWORDS = frozenset(
    {
        "maxconn", "nbthread", "cpu-map", "tune.bufsize", "ssl-default-bind-ciphers",
        "ssl-default-bind-ciphersuites", "ssl-default-bind-options", "ssl-default-server-options",
        "mode", "bind", "server", "server-template", "balance", "fullconn", "http-reuse",
        "retries", "default_backend",
    }
)  # fmt: skip
# The agent runs HAProxy and owns its process settings.
AGENT_OWNED_KEYWORDS = frozenset({"pidfile", "daemon", "master-worker", "nbproc", "ulimit-n", "quiet"})
PRIVILEGE_KEYWORDS = frozenset({"chroot", "user", "group", "uid", "gid", "setcap", "set-dumpable"})
ENVIRONMENT_KEYWORDS = frozenset({"setenv", "presetenv", "resetenv", "unsetenv"})

ALLOWED_KEYWORDS: dict[str, frozenset[str]] = {
    "global": _GLOBAL,
    "defaults": _DEFAULTS,
    "frontend": _PROXY_COMMON | _FRONT_SIDE,
    "backend": _PROXY_COMMON | _BACK_SIDE,
    "listen": _PROXY_COMMON | _FRONT_SIDE | _BACK_SIDE,
}

# `option` names a raw line may set (HAProxy 2.6). Left out: http_proxy and transparent (traffic
# would pick its own destination), external-check (runs a program).
ALLOWED_OPTIONS = frozenset(
    {
        "abortonclose", "accept-invalid-http-request", "accept-invalid-http-response",
        "allbackups", "checkcache", "clitcpka", "contstats", "disable-h2-upgrade",
        "dontlog-normal", "dontlognull", "forwardfor", "h1-case-adjust-bogus-client",
        "h1-case-adjust-bogus-server", "http-buffer-request", "http-ignore-probes",
        "http-keep-alive", "http-no-delay", "http-pretend-keepalive", "http-restrict-req-hdr-names",
        "http-server-close", "http-use-proxy-header", "httpchk", "httpclose", "httplog",
        "independent-streams", "ldap-check", "log-health-checks", "log-separate-errors", "logasap",
        "mysql-check", "nolinger", "originalto", "persist", "pgsql-check", "prefer-last-server",
        "redispatch", "redis-check", "smtpchk", "socket-stats", "splice-auto", "splice-request",
        "splice-response", "spop-check", "srvtcpka", "ssl-hello-chk", "tcp-check",
        "tcp-smart-accept", "tcp-smart-connect", "tcpka", "tcplog",
    }
)  # fmt: skip
# `no` and `default` prefixes, where HAProxy accepts them.
_MODIFIABLE = frozenset({"option", "log"})

# `default-server` settings a raw line may give every server of a section; each maps to whether
# it takes an argument. Left out: addresses and ports other servers or checks would connect to
# (addr, agent-*, socks4, source, usesrc, namespace, redir, resolvers, init-addr), and what the
# model sets (proto).
DEFAULT_SERVER_SETTINGS: dict[str, bool] = {
    **dict.fromkeys(
        (
            "maxconn", "minconn", "maxqueue", "weight", "inter", "fastinter", "downinter", "rise",
            "fall", "observe", "on-error", "on-marked-down", "on-marked-up", "error-limit",
            "slowstart", "pool-max-conn", "pool-low-conn", "pool-purge-delay", "max-reuse", "alpn",
            "check-alpn", "verify", "verifyhost", "sni", "check-sni", "cookie", "ciphers",
            "ciphersuites", "ssl-min-ver", "ssl-max-ver", "ws", "tcp-ut", "ca-file", "crl-file",
            "crt", "port", "check-proto", "resolve-prefer", "curves", "sigalgs",
        ),
        True,
    ),
    **dict.fromkeys(
        (
            "check", "no-check", "send-proxy", "send-proxy-v2", "no-send-proxy",
            "no-send-proxy-v2", "check-send-proxy", "send-proxy-v2-ssl", "send-proxy-v2-ssl-cn",
            "ssl", "no-ssl", "check-ssl", "no-check-ssl", "backup", "no-backup", "disabled",
            "enabled", "tfo", "no-tfo", "allow-0rtt", "no-tls-tickets", "tls-tickets",
            "force-tlsv12", "force-tlsv13", "no-sslv3", "no-tlsv10", "no-tlsv11", "no-tlsv12",
            "no-tlsv13", "non-stick", "stick", "no-verifyhost", "check-via-socks4",
        ),
        False,
    ),
}  # fmt: skip


# Settings a server line may carry beyond its model fields (ServerOptions.extra): the
# default-server allowlist without what the model sets (maxconn, check, ssl ...), files (crt,
# crl-file: the lab's certificates are named by the model) and check ports (other destinations).
_SERVER_MODELLED = frozenset(
    {
        "maxconn", "minconn", "maxqueue", "weight", "pool-max-conn", "pool-low-conn",
        "pool-purge-delay", "check", "no-check", "inter", "rise", "fall", "ssl", "no-ssl",
        "verify", "ca-file", "alpn", "proto", "send-proxy", "no-send-proxy", "backup", "no-backup",
    }
)  # fmt: skip
SERVER_LINE_SETTINGS = {
    name: takes_argument
    for name, takes_argument in DEFAULT_SERVER_SETTINGS.items()
    if name not in _SERVER_MODELLED and name not in ("crt", "crl-file", "port", "check-via-socks4")
}


def server_setting_problem(setting: str) -> str | None:
    """Why `setting` (one keyword and its value, e.g. "cookie s1") may not be added to a server
    line, or None: read as HAProxy reads it, then checked as a default-server line would be."""
    try:
        words = split_words(setting)
    except CfgSyntaxError as exc:
        return str(exc)
    if not words:
        return "empty setting"
    takes_argument = SERVER_LINE_SETTINGS.get(words[0])
    if takes_argument is None:
        if words[0] in _SERVER_MODELLED:
            return f"'{words[0]}' has a field of the server; set it there"
        return f"'{words[0]}' is not an allowed server setting"
    if len(words) != (2 if takes_argument else 1):
        return f"'{words[0]}' takes {'one value' if takes_argument else 'no value'}"
    if words != setting.split():
        return "write the setting without quotes, escapes or comments (it is rendered into the server line)"
    return check_raw_line("backend", "default-server " + setting)


def _check_shape(line: str) -> str | None:
    if len(line) > MAX_LINE_LENGTH:
        return f"longer than {MAX_LINE_LENGTH} characters"
    if any((ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F for c in line):
        return "a raw line must be a single line of printable text (no CR, LF, NUL or control characters)"
    if not line.strip(" \t"):
        return "empty line"
    if line.lstrip(" \t").startswith("#"):
        return "comments are not kept; describe the change in the experiment instead"
    if line.lstrip(" \t").startswith("["):
        return "'[' starts a config scope in HAProxy; not allowed in a raw line"
    return None


def _keyword(words: list[str]) -> tuple[str, str | None, list[str]]:
    """(keyword, `no`/`default` modifier or None, the words from the keyword on)."""
    if words[0] in ("no", "default") and len(words) > 1:
        return words[1], words[0], words[1:]
    return words[0], None, words


def _check_keyword(section: str, keyword: str, modifier: str | None, words: list[str]) -> str | None:
    if keyword.startswith("."):
        return f"'{keyword}': configuration macros (.if, .diag ...) are not allowed in a raw line"
    if keyword in SECTION_KEYWORDS:
        return f"'{keyword}' would open a new section; a raw line cannot open a section"
    if keyword.lower().startswith("lua"):
        return "Lua is not allowed (lua-load, lua.* actions, fetches and services)"
    if keyword.lower().startswith(("external-check", "insecure-")):
        return f"'{keyword}': external checks and insecure-* directives are not allowed"
    if keyword in ENVIRONMENT_KEYWORDS:
        return f"'{keyword}' changes the environment; not allowed"
    if keyword == "stats" and len(words) > 1 and words[1] == "socket":
        return "the stats socket is managed by the agent; not allowed"
    if keyword == "stats" and section in ALLOWED_KEYWORDS and section != "defaults":
        allowed = STATS_SUBCOMMANDS["global" if section == "global" else "proxy"]
        if len(words) < 2 or words[1] not in allowed:
            return (
                f"'stats {' '.join(words[1:2])}' is not allowed here (allowed: {', '.join(sorted(allowed))})"
            )
    if keyword in PRIVILEGE_KEYWORDS:
        return f"'{keyword}' changes privileges; the agent runs HAProxy as it is"
    if keyword in MODELLED_KEYWORDS:
        return f"'{keyword}' has a field in the model; set it there so it is checked"
    if keyword in AGENT_OWNED_KEYWORDS:
        return f"'{keyword}' is managed by the agent that runs HAProxy"
    if modifier is not None and keyword not in _MODIFIABLE:
        return f"'{modifier} {keyword}': the '{modifier}' prefix applies only to option and log"
    if section == "global" and keyword in TUNE_CAPS:
        return None
    if keyword not in ALLOWED_KEYWORDS[section]:
        return f"'{keyword}' is not an allowed directive in a {section} section"
    return None


def _check_option(words: list[str]) -> str | None:
    if len(words) < 2:
        return "'option' needs an option name"
    name = words[1]
    if name.lower().startswith("external-check"):
        return "external checks run programs; not allowed"
    if name not in ALLOWED_OPTIONS:
        return f"option '{name}' is not allowed in a raw line"
    return None


def _check_default_server(words: list[str]) -> str | None:
    index = 1
    while index < len(words):
        setting = words[index]
        takes_argument = DEFAULT_SERVER_SETTINGS.get(setting)
        if takes_argument is None:
            return f"default-server setting '{setting}' is not allowed in a raw line"
        if takes_argument:
            if index + 1 >= len(words):
                return f"default-server setting '{setting}' needs a value"
            index += 1
        index += 1
    return None


def _check_ports(keyword: str, words: list[str]) -> str | None:
    """A check's `port` (every one: HAProxy keeps the last) must be a number: HAProxy 2.6 also
    takes a sample expression there, whose value no boundary check could know."""
    if keyword == "default-server" or (keyword in ("tcp-check", "http-check") and words[1:2] == ["connect"]):
        for index, word in enumerate(words[:-1]):
            value = words[index + 1]
            if word == "port" and not (value.isascii() and value.isdigit() and 1 <= int(value) <= 65535):
                return f"{keyword} port {value!r}: a port is a number from 1 to 65535"
    return None


def _check_limits(keyword: str, words: list[str]) -> str | None:
    for what, value, cap in capped_values(keyword, words):
        if value is None:
            return f"'{what}' needs a value"
        if problem := cap_problem(what, value, cap):
            return problem
    if keyword == "stick-table" and "peers" in words:
        return "stick-table peers: peers sections cannot be declared here"
    if keyword == "source" and any(w in ("usesrc", "interface") for w in words):
        return "source: 'usesrc' (spoofing) and 'interface' (binding to a host interface) are not allowed"
    return None


def check_raw_line(section: str, line: str) -> str | None:
    """Why `line` may not appear in a `section` section, or None when it may.

    `section` is one of: global, defaults, frontend, backend, listen.
    """
    if section not in ALLOWED_KEYWORDS:
        raise ValueError(f"unknown section kind {section!r}; expected one of {', '.join(SECTIONS)}")
    reason = _check_shape(line)
    if reason:
        return reason
    try:
        all_words = split_words(line)
    except CfgSyntaxError as exc:
        return str(exc)
    if not all_words or not all_words[0]:
        return "an empty first word makes HAProxy ignore the line"
    keyword, modifier, words = _keyword(all_words)
    reason = (
        _check_keyword(section, keyword, modifier, words)
        or (_check_option(words) if keyword == "option" else None)
        or (_check_default_server(words) if keyword == "default-server" else None)
    )
    if reason:
        return reason
    calls = line_calls(words)
    return (
        file_problem(words, calls)
        or sample_problem(words, calls)
        or _check_limits(keyword, words)
        or _check_ports(keyword, words)
    )


def raw_line(section: str) -> Callable[[str], str]:
    """A pydantic AfterValidator body for one line of the `extra` list of a `section` section."""

    def validate(line: str) -> str:
        reason = check_raw_line(section, line)
        if reason:
            raise ValueError(f"raw line {line!r} is refused: {reason}")
        return line

    return validate


# With timers collected (ExperimentSpec.timers.collect), lines that would make haplab's request
# log lie: HAProxy's own words are case-sensitive (`Option` and `LOGASAP` are refused as unknown
# by HAProxy and by the allowlist alike), so the words are compared exactly, after split_words.
# `option httplog` / `tcplog` stay allowed: haplab's log-format is rendered after a section's raw
# lines and replaces them (and any defaults' format). `option dontlognull` stays allowed: it only
# leaves out connections that sent nothing.
_LOG_CHANGING_OPTIONS = {
    "logasap": "logs a request before it ends, with '+'-prefixed partial timers",
    "dontlog-normal": "leaves every normally ended request out of the log",
}
_LOG_CHANGING_KEYWORDS = {
    "log-format": "replaces haplab's log format",
    "log-format-sd": "changes the log lines haplab reads",
}


def request_log_problem(line: str) -> str | None:
    """Why `line` would falsify haplab's request log (contract.request_timers), or None.

    A line the allowlist refuses anyway (unreadable, unknown words) is left to it."""
    try:
        all_words = split_words(line)
    except CfgSyntaxError:
        return None
    if not all_words or not all_words[0]:
        return None
    keyword, modifier, words = _keyword(all_words)
    why = None
    if keyword == "log" and modifier == "no":
        why = "'no log' turns the request log off"
    elif keyword in _LOG_CHANGING_KEYWORDS:
        why = f"'{keyword}' {_LOG_CHANGING_KEYWORDS[keyword]}"
    elif keyword == "option" and modifier is None and len(words) > 1 and words[1] in _LOG_CHANGING_OPTIONS:
        why = f"'option {words[1]}' {_LOG_CHANGING_OPTIONS[words[1]]}"
    elif "set-log-level" in words:
        why = "'set-log-level' can silence or re-level requests in the log"
    if why is None:
        return None
    return f"{why}, so the request timers would not be true; set timers.collect false to use it"
