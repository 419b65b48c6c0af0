"""What a raw line makes HAProxy read: files, the environment, the host, and actions that reach
outside the proxy. Every function here works on the words HAProxy sees (spec.haproxy.cfg_words),
never on the raw text, so quoting and escapes cannot hide a name.

Files are allowed only under `{runtime_dir}/` (the agent's directory for this HAProxy), checked
after normalizing the path; anything else is refused, including relative paths (HAProxy would
resolve them against its working directory or a `*-base` directive).
"""

# The word tables here keep `# fmt: skip`: one HAProxy keyword per line would bury them.

from __future__ import annotations

import itertools
import posixpath
import re
from collections.abc import Iterator

RUNTIME_DIR_PLACEHOLDER = "{runtime_dir}"

# Words after which HAProxy reads a file, wherever they appear on a line: `http-request return
# ... file F`, `http-error ... lf-file F`, `default-server ca-file F crt F`, ACL and pattern
# flags `-f F` (any position: `acl x src -i -f F`, `{ src -f F }`).
FILE_ARGUMENT_WORDS = frozenset(
    {
        "-f", "file", "lf-file", "crt", "crt-list", "ca-file", "crl-file", "ca-verify-file", "key",
        "issuers-chain-path", "ssl-dh-param-file", "server-state-file", "h1-case-adjust-file",
        "51degrees-data-file", "wurfl-data-file", "deviceatlas-json-file", "load",
    }
)  # fmt: skip
# Directives whose arguments are directories or search paths: never allowed in a raw line.
BASE_DIRECTORY_KEYWORDS = frozenset(
    {"ca-base", "crt-base", "key-base", "server-state-base", "lua-prepend-path", "errorfiles"}
)

# Sample fetches and converters that read the host or its environment (or load code), refused
# wherever they appear: in %[...] blocks, as ACL criteria, in converter chains, as arguments.
HOST_FETCHES = frozenset({"env", "hostname"})
HOST_FETCH_PREFIXES = ("lua.", "51d.", "wurfl-", "da-csv")
# Converters and actions whose first argument is a file (a map or ACL pattern file).
FILE_FUNCTIONS = re.compile(r"^(map(_\w+)?|set-map|del-map|add-acl|del-acl|clear-map|clear-acl)$")
# Actions (http-request, tcp-request ...) that reach outside what a benchmark proxy does: talk to
# agents or caches that cannot be declared here, resolve names at run time, mark packets for the
# host's routing, or run services. Destinations (set-dst) are the lab boundary's business.
REFUSED_ACTIONS = frozenset(
    {
        "do-resolve", "send-spoe-group", "cache-use", "cache-store", "set-mark", "set-fc-mark",
        "set-bc-mark", "set-bandwidth-limit", "attach-srv", "set-dst", "set-dst-port",
    }
)  # fmt: skip
ALLOWED_SERVICES = frozenset({"prometheus-exporter"})
# Address families HAProxy opens sockets of (other than the modelled binds): a raw line cannot
# create sockets, read descriptors, or log to local sockets and rings.
_SOCKET_PREFIX = re.compile(r"^(unix|abns|fd|sockpair|ring|udp[46]?|quic[46]?|stream|dgram|uxst|uxdg)@", re.I)
_FUNCTION = re.compile(r"([A-Za-z_][A-Za-z0-9_.+-]*)\(")
# Where a sample fetch or converter name can start inside a word: at its start, after "%[",
# after a converter comma, or as a function argument.
_SAMPLE_NAME = re.compile(r"(?:^|%\[|[,(\s{])([A-Za-z_][A-Za-z0-9_.-]*)(?=$|[(,)\]\s}])")


def function_arguments(word: str, start: int) -> list[str]:
    """The arguments of the call whose '(' is at `word[start]`, unquoted as HAProxy's sample
    argument parser reads them (quotes and backslash escapes inside the parentheses)."""
    args: list[str] = []
    current: list[str] = []
    depth = 0
    quote: str | None = None
    i = start + 1
    while i < len(word):
        c = word[i]
        if quote is not None:
            if c == "\\" and i + 1 < len(word):
                current.append(word[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
            else:
                current.append(c)
        elif c in "'\"":
            quote = c
        elif c == "\\" and i + 1 < len(word):
            current.append(word[i + 1])
            i += 1
        elif c == "(":
            depth += 1
            current.append(c)
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
            current.append(c)
        elif c == "," and depth == 0:
            args.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    args.append("".join(current))
    return args


def named_files(words: list[str]) -> Iterator[str]:
    """Every file path the line makes HAProxy open, as HAProxy would read it."""
    keyword = words[0]
    for before, after in itertools.pairwise(words):
        if before in FILE_ARGUMENT_WORDS:
            yield after
    if keyword == "errorfile" and len(words) > 2:  # errorfile <code> <file>
        yield words[2]
    if keyword == "log" and len(words) > 1 and words[1].startswith(("/", ".", "~", RUNTIME_DIR_PLACEHOLDER)):
        yield words[1]  # log to a UNIX socket path
    for word in words:
        for call in _FUNCTION.finditer(word):
            if FILE_FUNCTIONS.match(call.group(1)):
                yield function_arguments(word, call.end() - 1)[0]


def path_problem(path: str) -> str | None:
    """Why HAProxy may not open `path`, or None when it names a file under {runtime_dir}/."""
    if ".." in path.split("/"):
        return f"file {path!r}: a '..' path segment is not allowed"
    normalized = posixpath.normpath(path)
    prefix = RUNTIME_DIR_PLACEHOLDER + "/"
    if normalized.startswith(prefix) and len(normalized) > len(prefix):
        return None
    if normalized.startswith(("/", "~")) or normalized.startswith(RUNTIME_DIR_PLACEHOLDER):
        return (
            f"file {path!r} is outside the agent's runtime directory; "
            f"name files as {RUNTIME_DIR_PLACEHOLDER}/<file>"
        )
    return f"relative file {path!r} is not allowed; name files as {RUNTIME_DIR_PLACEHOLDER}/<file>"


def file_problem(words: list[str]) -> str | None:
    if words[0] in BASE_DIRECTORY_KEYWORDS:
        return (
            f"'{words[0]}' points HAProxy at a directory; name each file as {RUNTIME_DIR_PLACEHOLDER}/<file>"
        )
    for path in named_files(words):
        problem = path_problem(path)
        if problem is not None:
            return problem
    return None


def _is_host_fetch(name: str) -> bool:
    name = name.lower()  # HAProxy's names are lower case; never let case decide
    return name in HOST_FETCHES or name.startswith(HOST_FETCH_PREFIXES)


def sample_problem(words: list[str]) -> str | None:
    """Fetches that read the host, services and actions outside a proxy's job, socket addresses."""
    for index, word in enumerate(words):
        for match in _SAMPLE_NAME.finditer(word):
            name = match.group(1)
            if name.lower().startswith("lua."):
                return "Lua is not allowed (lua-load, lua.* actions, fetches and services)"
            if _is_host_fetch(name):
                return f"'{name}' would read the host or its environment; not allowed"
        action = word.split("(", 1)[0].lower()
        if index > 0 and action in REFUSED_ACTIONS:
            return f"the '{action}' action is not allowed in a lab config"
        if index > 0 and action == "use-service":
            service = words[index + 1] if index + 1 < len(words) else ""
            if service not in ALLOWED_SERVICES:
                return f"service {service!r} is not allowed (only {', '.join(sorted(ALLOWED_SERVICES))})"
        if _SOCKET_PREFIX.match(word):
            return f"{word!r}: sockets outside the modelled binds are not allowed"
    return None


def resolve_runtime_dir(line: str, runtime_dir: str) -> str:
    """The line as rendered: the runtime-directory placeholder replaced by the real one."""
    return line.replace(RUNTIME_DIR_PLACEHOLDER, runtime_dir)
