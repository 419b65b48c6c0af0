"""The raw-lines escape hatch: extra directives per section, passed through an allowlist.

A raw line is rendered verbatim into haproxy.cfg on a lab host, so it is held to two rules:
- its first keyword must be on the section's allowlist. Directives the model has a field for
  are not listed (set them through the model, which checks them); anything else missing is
  refused: ask for it to be added rather than slipping it in;
- it must not reach outside HAProxy's own job: no Lua, no external programs, no environment
  changes, no sockets or privileges, no files outside the agent's runtime directory.

Files under the runtime directory are named with the `{runtime_dir}/` placeholder, which the
renderer replaces with the agent's directory (e.g. `http-request return status 200 file
{runtime_dir}/files/page.html`). Any other absolute path, and any `..` segment, is refused.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable

RUNTIME_DIR_PLACEHOLDER = "{runtime_dir}"
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
_PROXY_COMMON = frozenset({"option", "no", "timeout", "log", "description", "acl", "compression"})
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
        "option", "no", "timeout", "retry-on", "log", "log-format", "default-server",
        "hash-type", "compression", "http-check", "tcp-check", "backlog", "max-keep-alive-queue",
        "errorfile", "errorloc", "unique-id-format", "unique-id-header", "rate-limit",
    }
)  # fmt: skip
_GLOBAL = frozenset(
    {
        "maxconnrate", "maxsessrate", "maxsslconn", "maxsslrate", "maxcomprate",
        "maxcompcpuusage", "maxpipes", "maxzlibmem", "spread-checks", "max-spread-checks",
        "busy-polling", "nosplice", "noepoll", "nopoll", "noreuseport", "nogetaddrinfo",
        "hard-stop-after", "log", "log-tag", "log-send-hostname", "ssl-default-server-ciphers",
        "ssl-default-server-ciphersuites", "ssl-server-verify", "h1-case-adjust",
        "profiling.tasks", "description", "node",
    }
)  # fmt: skip

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

ALLOWED_KEYWORDS: dict[str, frozenset[str]] = {
    "global": _GLOBAL,
    "defaults": _DEFAULTS,
    "frontend": _PROXY_COMMON | _FRONT_SIDE,
    "backend": _PROXY_COMMON | _BACK_SIDE,
    "listen": _PROXY_COMMON | _FRONT_SIDE | _BACK_SIDE,
}
# Keyword prefixes allowed as a family (tune.bufsize, tune.h2.max-concurrent-streams ...).
ALLOWED_PREFIXES: dict[str, tuple[str, ...]] = {"global": ("tune.",)}

# Words after which HAProxy reads a file (or a unix socket path).
_FILE_ARGUMENT_WORDS = frozenset(
    {
        "file", "lf-file", "-f", "crt", "crt-list", "ca-file", "crl-file", "key", "errorfile",
        "errorfiles", "ssl-dh-param-file", "server-state-file", "server-state-base", "ca-base",
        "crt-base", "key-base", "issuers-chain-path", "load-server-state-from-file",
    }
)  # fmt: skip
_FUNCTION_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*)\(([^()]*)\)")
# Converters and actions whose first argument is a file: map(/etc/x.map), set-map(...).
_FILE_FUNCTIONS = re.compile(r"^(map(_\w+)?|set-map|del-map|add-acl|del-acl)$")
_SECURITY_RULES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"lua[.-]", re.IGNORECASE), "Lua is not allowed (lua-load, lua.* actions and services)"),
    (re.compile(r"external-check", re.IGNORECASE), "external checks run programs; not allowed"),
    (re.compile(r"(^|\s)insecure-", re.IGNORECASE), "insecure-* directives are not allowed"),
    (re.compile(r"\$\{?[A-Za-z_]"), "environment variables are not expanded in raw lines"),
    (re.compile(r"(^|[^A-Za-z0-9_])env\("), "env() would read the agent's environment"),
    (re.compile(r"(^|\s)(unix|abns|fd|sockpair)@"), "sockets outside the modelled ones are not allowed"),
]


def _check_shape(line: str) -> str | None:
    if "\n" in line or "\r" in line or "\x00" in line:
        return "a raw line must be a single line (no CR, LF or NUL)"
    if len(line) > MAX_LINE_LENGTH:
        return f"longer than {MAX_LINE_LENGTH} characters"
    if not line.strip():
        return "empty line"
    if line.lstrip().startswith("#"):
        return "comments are not kept; describe the change in the experiment instead"
    return None


def _check_keyword(section: str, keyword: str, words: list[str]) -> str | None:
    if keyword in SECTION_KEYWORDS:
        return f"'{keyword}' would open a new section; a raw line cannot open a section"
    if keyword in {"setenv", "presetenv", "resetenv", "unsetenv"}:
        return f"'{keyword}' changes the environment; not allowed"
    if keyword == "stats" and len(words) > 1 and words[1] == "socket":
        return "the stats socket is managed by the agent; not allowed"
    if keyword in {"chroot", "user", "group", "uid", "gid"}:
        return f"'{keyword}' changes privileges; the agent runs HAProxy as it is"
    if keyword in MODELLED_KEYWORDS:
        return f"'{keyword}' has a field in the model; set it there so it is checked"
    if keyword in AGENT_OWNED_KEYWORDS:
        return f"'{keyword}' is managed by the agent that runs HAProxy"
    allowed = ALLOWED_KEYWORDS[section]
    prefixes = ALLOWED_PREFIXES.get(section, ())
    if keyword not in allowed and not keyword.startswith(prefixes):
        return f"'{keyword}' is not an allowed directive in a {section} section"
    return None


def _file_arguments(words: list[str], line: str) -> Iterable[str]:
    for before, after in itertools.pairwise(words):
        if before in _FILE_ARGUMENT_WORDS:
            yield after
    if words[0] in {"errorfile", "log"}:  # errorfile <code> <file>; log <path|address> ...
        yield from words[1:3]
    for function, arguments in _FUNCTION_CALL.findall(line):
        if _FILE_FUNCTIONS.match(function):
            yield arguments.split(",")[0].strip()


def _check_paths(words: list[str], line: str) -> str | None:
    if any(".." in word.split("/") or "/../" in word for word in re.split(r"[\s,()\"']+", line)):
        return "a '..' path segment is not allowed"
    for argument in _file_arguments(words, line):
        path = argument.strip("\"'")
        if path.startswith(RUNTIME_DIR_PLACEHOLDER + "/"):
            continue
        if path.startswith(("/", "~")) or path.startswith(RUNTIME_DIR_PLACEHOLDER):
            return (
                f"file {path!r} is outside the agent's runtime directory; "
                f"name files as {RUNTIME_DIR_PLACEHOLDER}/<file>"
            )
        if "/" in path or path.startswith("."):
            return f"relative file {path!r} is not allowed; name files as {RUNTIME_DIR_PLACEHOLDER}/<file>"
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
    for pattern, why in _SECURITY_RULES:
        if pattern.search(line):
            return why
    words = line.split()
    return _check_keyword(section, words[0], words) or _check_paths(words, line)


def check_raw_lines(section: str, lines: list[str]) -> list[str]:
    """Validate a whole extra list; raise ValueError naming the section, line number and text."""
    if len(lines) > MAX_LINES:
        raise ValueError(f"{section} extra: at most {MAX_LINES} lines")
    for number, line in enumerate(lines, start=1):
        reason = check_raw_line(section, line)
        if reason:
            raise ValueError(f"{section} extra line {number} {line!r}: {reason}")
    return lines


def raw_lines_validator(section: str) -> Callable[[list[str]], list[str]]:
    """A pydantic AfterValidator body for the `extra` field of a `section` section."""

    def validate(lines: list[str]) -> list[str]:
        return check_raw_lines(section, lines)

    return validate


def resolve_runtime_dir(line: str, runtime_dir: str) -> str:
    """The line as rendered: the runtime-directory placeholder replaced by the real one."""
    return line.replace(RUNTIME_DIR_PLACEHOLDER, runtime_dir)
