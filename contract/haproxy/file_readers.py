"""What the raw-lines allowlist does with each way HAProxy reaches its host.

contract.haproxy.file_readers_data lists, from HAProxy 2.6's own manual, every keyword, option,
sample fetch, converter and action that makes HAProxy read a file or directory, run a program or
load code, or read or change its environment. A benchmark needs a few of them on files the agent
writes for the experiment (its `{runtime_dir}/files/` and `certs/`): those are allowed for a path
under `{runtime_dir}/` and nowhere else. Every other entry is refused wherever it appears.

HAProxy versions after 2.6 read files in more places; those a lab host could meet are held
here too (LATER_VERSION_*), the same way.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from contract.haproxy.file_readers_data import MANUAL_VERSION, READERS, Reader

__all__ = [
    "MANUAL_VERSION",
    "PATH_CHECKED",
    "READERS",
    "REFUSED",
    "RUNTIME_DIR_READERS",
    "Reader",
    "call_reader",
    "keyword_reader",
    "path_option_words",
    "refused_option_reader",
    "variable_reader",
]

# (kind, word) of the readers a benchmark may use on a file under {runtime_dir}/, and why.
RUNTIME_DIR_READERS: dict[tuple[str, str], str] = {
    ("keyword", "errorfile"): "error pages a benchmark serves (`errorfile 503 {runtime_dir}/files/503.http`)",
    ("option", "errorfile"): "the same, from http-request return/deny/tarpit, http-response, http-error",
    ("option", "file"): "a response body served by HAProxy itself (the cost of `http-request return`)",
    ("option", "lf-file"): "the same, as a log-format template",
    ("acl-flag", "-f"): "ACL pattern lists (matching against thousands of patterns is a benchmark)",
    ("converter", "map"): "map lookups (the cost of a large map is a benchmark)",
    ("converter", "map_<match_type>"): "map lookups by match type",
    ("converter", "map_<match_type>_<output_type>"): "map lookups by match and output type",
    ("action", "set-map"): "maps updated at run time (they name a map file loaded by a converter)",
    ("action", "del-map"): "the same",
    ("action", "add-acl"): "ACL pattern lists updated at run time",
    ("action", "del-acl"): "the same",
    ("converter", "jwt_verify"): "JWT verification against a certificate of the experiment's certs/",
    ("server-option", "crt"): "a client certificate for TLS to the servers (`default-server crt`)",
    ("server-option", "ca-file"): "the CA that verifies the servers' certificates",
    ("server-option", "crl-file"): "the revocation list that goes with it",
    ("keyword", "log"): "a log socket in the runtime directory (nothing outside it)",
}

# Readers of HAProxy 3.0 and later, not in the 2.6 manual: the crt-store section's `load crt
# <file> key <file>`, and `key-base <dir>`. Their words after which a path comes are checked as
# paths anywhere (LATER_VERSION_PATH_WORDS), as a safety net.
_G, _STORE = ("global",), ("crt-store",)
LATER_VERSION_READERS: tuple[Reader, ...] = (
    Reader("keyword", "key-base", "key-base", 1, "directory", _G, "key-base <dir>", "", "HAProxy 3.0"),
    Reader(
        "keyword", "load", "load", None, "file", _STORE, "load crt <file> [key <file>]", "", "HAProxy 3.0"
    ),
)
LATER_VERSION_PATH_WORDS = frozenset({"key", "load"})

PATH_CHECKED: tuple[Reader, ...] = tuple(r for r in READERS if (r.kind, r.word) in RUNTIME_DIR_READERS)
REFUSED: tuple[Reader, ...] = (
    *(r for r in READERS if (r.kind, r.word) not in RUNTIME_DIR_READERS),
    *LATER_VERSION_READERS,
)

_OPTION_KINDS = frozenset({"option", "acl-flag", "bind-option", "server-option"})
_CALL_KINDS = frozenset({"converter", "fetch", "action"})


@cache
def path_option_words() -> frozenset[str]:
    """Words after which HAProxy reads a path, wherever they stand after the keyword (`file F`,
    `-f F`, `crt F`): each such path must lie under {runtime_dir}/."""
    words = {r.word for r in PATH_CHECKED if r.kind in _OPTION_KINDS}
    return frozenset(words | LATER_VERSION_PATH_WORDS)


def refused_option_reader(words: list[str]) -> Reader | None:
    """The refused option a line of `words` uses in its directive (`filter spoe ... config F`,
    `bind ... crt-list F`), if any."""
    for reader in REFUSED:
        if reader.kind in _OPTION_KINDS and reader.word in words[1:] and _starts_with(words, reader):
            return reader
    return None


def keyword_reader(words: list[str]) -> Reader | None:
    """The keyword reader the line of `words` is (`errorfile 503 F`, `setenv X y`), if any."""
    matching = [
        r for r in (*READERS, *LATER_VERSION_READERS) if r.kind == "keyword" and _starts_with(words, r)
    ]
    return max(matching, key=lambda r: len(r.directive.split()), default=None)


def call_reader(name: str) -> Reader | None:
    """The fetch, converter or action reader a call named `name` is (`map_str`, `env`,
    `lua.hello`, `set-map`), if any. Names are compared case-insensitively: HAProxy's are lower
    case, and case must never decide."""
    return _call_reader(name.lower())


@lru_cache(maxsize=4096)  # names are user text: the cache must stay bounded
def _call_reader(lowered: str) -> Reader | None:
    return next((reader for pattern, reader in _call_patterns() if pattern.fullmatch(lowered)), None)


@cache
def _call_patterns() -> tuple[tuple[re.Pattern[str], Reader], ...]:
    """`map_<match_type>` matches map_str, map_ip_int ...; `lua.` matches every lua.<name>."""
    patterns = []
    for reader in READERS:
        if reader.kind not in _CALL_KINDS:
            continue
        parts = re.split(r"<[^<>]+>", reader.word)
        regex = "[a-z0-9]+".join(re.escape(part) for part in parts)
        if reader.word.endswith("."):
            regex += ".*"
        patterns.append((re.compile(regex), reader))
    return tuple(patterns)


def variable_reader(name: str) -> Reader | None:
    """The log-format variable reader `%<name>` is (`%H`: the hostname), if any. HAProxy's names
    are case-sensitive; compared without case here, so case never lets one through."""
    return next(
        (r for r in READERS if r.kind == "log-format-variable" and r.word.lower() == name.lower()), None
    )


def _starts_with(words: list[str], reader: Reader) -> bool:
    directive = reader.directive.split()
    if reader.kind == "server-option":
        return bool(words) and words[0] in ("server", "default-server", "server-template")
    return words[: len(directive)] == directive
