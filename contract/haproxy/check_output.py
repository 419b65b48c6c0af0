"""What of HAProxy's own output may reach a user: its messages about lines of haplab's config.

`haproxy -c` (on the API host, and on the proxy agent before it starts HAProxy) and a failing
HAProxy print ALERT and WARNING lines such as

    [ALERT]    (8839) : config : parsing [haproxy.cfg:13] : unknown keyword 'bogus' in ...

Those are what a user needs. But HAProxy also quotes what it read from other files: an ACL
loaded with `-f FILE` fails with "'<first line of FILE>' is not a number at line 1 of file
'FILE'", which is how a config could read a host's secrets back to its author. The raw-line
allowlist refuses such files and the check runs in a sandbox that cannot see them; this filter
is the last of those three walls. It keeps only messages of the config stage (ALERT, WARNING)
and withholds any message that names a file other than the config itself, because its text may
be that file's content. Everything else (NOTICE lines, anything unparsed) is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

# "[ALERT]    (8839) : config : parsing [haproxy.cfg:13] : message"; the pid is absent in some
# builds and the "config :" stage prefix in some messages.
_LEVEL = re.compile(r"^\[(?P<level>ALERT|WARNING)\]\s*(?:\(\d+\)\s*)?:\s*(?P<rest>.*)$")
_WHERE = re.compile(r"\[(?P<file>[^\]\s:]+):(?P<line>\d+)\]\s*:?\s*")
# Summary lines HAProxy prints after the real errors; they carry no information of their own.
_BOILERPLATE = (
    "Error(s) found in configuration file",
    "Fatal errors found in configuration",
    "Configuration file has no error",
)
# How HAProxy names a file it read while parsing: "... at line 1 of file '/etc/passwd'",
# "... in file '/x'", "parsing [/x:3]", "... from file '/x'".
_FILE_MENTION = re.compile(r"(?:\bfile\s+'(?P<quoted>[^']*)')|(?:\[(?P<located>[^\]\s:]+):\d+\])")
WITHHELD = (
    "HAProxy reported a problem while reading a file named on this line; "
    "its message is withheld because it may quote that file"
)


@dataclass(frozen=True)
class ConfigMessage:
    """One ALERT or WARNING of HAProxy about the config; `line` is 1-based, None when unplaced."""

    level: Literal["ALERT", "WARNING"]
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"[{self.level}] {where}{self.message}"


def config_messages(output: str, config_name: str, config_dir: str | None = None) -> list[ConfigMessage]:
    """HAProxy's ALERT/WARNING messages about `config_name`, safe to show to the config's author.

    `config_name` is the config file exactly as HAProxy was given it on its command line. Files
    under `config_dir` (the run's own directory: certificates, throwaway files) may be named;
    any other file makes its message withheld.
    """
    messages: list[ConfigMessage] = []
    level: Literal["ALERT", "WARNING"] | None = None
    for raw in output.splitlines():
        match = _LEVEL.match(raw.strip())
        if match is None:
            # An indented "parsing [file:line]: ..." continues the message above (HAProxy lists
            # each of "multiple argument resolution errors:" on a line of its own).
            indented = raw[:1].isspace()
            if not indented:
                level = None  # an unindented line ends the message above
            if level is None or not indented or not raw.strip().startswith("parsing ["):
                continue
            rest = _printable(raw.strip())
        else:
            level = "ALERT" if match.group("level") == "ALERT" else "WARNING"
            rest = match.group("rest").removeprefix("config : ").strip()
        if any(b in rest for b in _BOILERPLATE):
            continue
        line: int | None = None
        where = _WHERE.search(rest)
        if where is not None and _same_file(where.group("file"), config_name):
            line = int(where.group("line"))
            rest = (rest[: where.start()] + rest[where.end() :]).strip()
            rest = rest.removeprefix("parsing").strip(" :")
        if _names_foreign_file(rest, config_name, config_dir):
            rest = WITHHELD
        messages.append(ConfigMessage(level=level, line=line, message=rest))
    return _dedupe(messages)


def _printable(text: str) -> str:
    """HAProxy may print bytes that are not text (a keyword name it never set); show '?'."""
    return "".join(c if c.isprintable() else "?" for c in text)


def alerts(output: str, config_name: str, config_dir: str | None = None) -> list[ConfigMessage]:
    """Only the ALERTs: what made HAProxy refuse the config."""
    return [m for m in config_messages(output, config_name, config_dir) if m.level == "ALERT"]


def shown(messages: list[ConfigMessage]) -> str:
    """The messages as text, one per line (what replaces HAProxy's raw output for users)."""
    return "\n".join(str(m) for m in messages)


def _same_file(named: str, config_name: str) -> bool:
    # Exactly as HAProxy was given it: another file that merely ends in the same name is foreign.
    return named == config_name


def _names_foreign_file(message: str, config_name: str, config_dir: str | None) -> bool:
    for found in _FILE_MENTION.finditer(message):
        path = found.group("quoted") or found.group("located") or ""
        if _same_file(path, config_name):
            continue
        if config_dir is not None and path.startswith(config_dir.rstrip("/") + "/") and ".." not in path:
            continue
        return True
    return False


def _dedupe(messages: list[ConfigMessage]) -> list[ConfigMessage]:
    seen: set[ConfigMessage] = set()
    out = []
    for message in messages:
        if message not in seen:
            seen.add(message)
            out.append(message)
    return out
