"""What a raw line makes HAProxy read: files, the environment, the host, and actions that reach
outside the proxy. Every function here works on the words HAProxy sees (contract.haproxy.cfg_words),
never on the raw text, so quoting and escapes cannot hide a name, and on the sample fetches and
converters HAProxy would evaluate from them (contract.haproxy.samples: sample expressions and every
log-format block, `%[...]`, `%{+Q}[...]` ...).

Which keywords, options, fetches and converters read the host comes from HAProxy's own manual
(contract.haproxy.file_readers). Files are allowed only under `{runtime_dir}/` (the agent's
directory for this HAProxy), for the few readers a benchmark needs, checked after normalizing
the path; anything else is refused, including relative paths (HAProxy would resolve them against
its working directory or a `*-base` directive).
"""

# The word tables here keep `# fmt: skip`: one HAProxy keyword per line would bury them.

from __future__ import annotations

import itertools
import posixpath
import re
from collections.abc import Iterator

from contract.haproxy.file_readers import (
    PATH_CHECKED,
    REFUSED,
    call_reader,
    keyword_reader,
    path_option_words,
    refused_option_reader,
    variable_reader,
)
from contract.haproxy.samples import Call, calls_in_word, log_format_aliases

RUNTIME_DIR_PLACEHOLDER = "{runtime_dir}"

# Device-detection converters and fetches (51d.*, wurfl-*, da-csv*): they read what a
# device-data file (refused) loaded into HAProxy, and describe nothing a benchmark measures.
DEVICE_DETECTION_PREFIXES = ("51d.", "wurfl-", "da-csv")
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
# `log <address>`: a path (a UNIX socket) only when it starts like one.
_PATH_START = ("/", ".", "~", RUNTIME_DIR_PLACEHOLDER)
_READS = {
    "file": "reads a file of the host",
    "directory": "points HAProxy at a directory of the host",
    "program": "runs a program or loads code",
    "environment": "reads or changes the environment",
    "host": "reads the host",
}


def line_calls(words: list[str]) -> list[Call]:
    """Every fetch, converter and call-shaped action HAProxy could evaluate from the line
    (contract.haproxy.samples)."""
    return [call for word in words for call in calls_in_word(word)]


def named_files(words: list[str], calls: list[Call]) -> Iterator[str]:
    """Every path the line makes HAProxy open through a reader a benchmark may use
    (contract.haproxy.file_readers.PATH_CHECKED), as HAProxy would read it."""
    option_words = path_option_words()
    for index, (before, after) in enumerate(itertools.pairwise(words)):
        if index > 0 and before in option_words:  # words[0] is the keyword: `errorfile 503 F`
            yield after
    reader = keyword_reader(words)
    if reader in PATH_CHECKED and reader is not None and reader.position is not None:
        position = reader.position
        if position < len(words) and (reader.directive != "log" or words[position].startswith(_PATH_START)):
            yield words[position]
    for call in calls:
        reader = call_reader(call.name)
        if reader is not None and reader in PATH_CHECKED and reader.position is not None:
            arguments = call.arguments(count=reader.position + 1)
            yield arguments[reader.position] if reader.position < len(arguments) else ""


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


def file_problem(words: list[str], calls: list[Call]) -> str | None:
    """Why the line may not make HAProxy read what it names, or None."""
    reader = keyword_reader(words) or refused_option_reader(words)
    if reader is not None and reader in REFUSED:
        return f"'{reader.word}' {_READS[reader.reads]}; not allowed in a lab config"
    for word in words:
        for alias in log_format_aliases(word):
            reader = variable_reader(alias)
            if reader is not None:
                return (
                    f"'%{alias}' in a log-format string {_READS[reader.reads]}; not allowed in a lab config"
                )
    for call in calls:
        reader = call_reader(call.name)
        if reader is not None and reader in REFUSED:
            if reader.word == "lua.":
                return "Lua is not allowed (lua-load, lua.* actions, fetches and services)"
            return f"'{call.name}' {_READS[reader.reads]}; not allowed in a lab config"
    for path in named_files(words, calls):
        problem = path_problem(path)
        if problem is not None:
            return problem
    return None


def sample_problem(words: list[str], calls: list[Call]) -> str | None:
    """Device detection, actions and services outside a proxy's job, socket addresses."""
    for call in calls:
        if call.name.lower().startswith(DEVICE_DETECTION_PREFIXES):
            return f"'{call.name}' reads the host's device-detection data; not allowed"
    for index, word in enumerate(words):
        action = word.split("(", 1)[0].lower()
        if index > 0 and action in REFUSED_ACTIONS:
            return f"the '{action}' action is not allowed in a lab config"
        if index > 0 and action == "use-service":
            service = words[index + 1] if index + 1 < len(words) else ""
            if service.lower().startswith("lua."):
                return "Lua is not allowed (lua-load, lua.* actions, fetches and services)"
            if service not in ALLOWED_SERVICES:
                return f"service {service!r} is not allowed (only {', '.join(sorted(ALLOWED_SERVICES))})"
        if _SOCKET_PREFIX.match(word):
            return f"{word!r}: sockets outside the modelled binds are not allowed"
    return None


def resolve_runtime_dir(line: str, runtime_dir: str) -> str:
    """The line as rendered: the runtime-directory placeholder replaced by the real one."""
    return line.replace(RUNTIME_DIR_PLACEHOLDER, runtime_dir)
