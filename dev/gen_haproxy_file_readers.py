"""Write contract/haproxy/file_readers_data.py: every keyword, option, sample fetch and converter of
HAProxy 2.6 that makes HAProxy read a file or directory of its host, run a program (or load
code), or read or change its environment, found in HAProxy's own configuration manual.

    .venv/bin/python dev/gen_haproxy_file_readers.py [MANUAL] [OUT]

MANUAL defaults to /usr/share/doc/haproxy/configuration.txt.gz (Debian's haproxy 2.6 package,
which dev/prereqs.sh installs; its header says "version 2.6"). tests/contract/test_file_readers.py
regenerates the data from the manual and fails when the committed module differs, and checks
that the raw-lines allowlist refuses (or path-checks) every entry.

How the manual is read. It is a text file of numbered chapters; in the chapters that define
configuration words, each word starts at column 0 with its syntax (`errorfile <code> <file>`,
`http-request return [status <code>] ... [ { errorfile <file> | file <file> ... } ]`,
`map_<match_type>(<map_file>[,<default_value>])`, `env(<name>) : string`), maybe continued on
deeper-indented lines, and is followed by its description, indented by two. The rules:
1. an argument whose NAME says file, path or directory (`<file>`, `<file-name>`, `<map_file>`,
   `<cafile>`, `<hdrs-file>`, `<dir>`, `<jail dir>`, `<path>` ...) or a command (`<command>`);
2. an argument the DESCRIPTION calls a path or file (`<key> should be the path to the public
   certificate`; for a word with a single argument, "It designates a PEM file ...");
3. a word whose description's first sentence is about environment variables (`setenv`,
   `env(<name>)` ...), Lua code (`lua-load`), running or launching a program, or a fixed file of
   the host (`parse-resolv-conf`: /etc/resolv.conf), or whose description says it sends or
   returns the system's hostname (`hostname`, `log-send-hostname`, `http-check send-state`);
4. a log-format variable whose field name in the table of chapter 8.2.6 is the hostname (`%H`),
   the same as the `hostname` fetch;
5. the explicit ADDITIONS and REMOVALS below, each with its reason, for what the wording does
   not say.
Where an argument sits decides how the allowlist finds it on a line: after an option word
(`file <file>` anywhere after the directive), at a word position (`errorfile <code> <file>`:
the third word), or as a call argument (`map(<map_file>)`: argument 0).
"""

from __future__ import annotations

import gzip
import inspect
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
MANUAL = Path("/usr/share/doc/haproxy/configuration.txt.gz")
OUT = ROOT / "contract" / "haproxy" / "file_readers_data.py"

PROXY_SECTIONS = ("defaults", "frontend", "listen", "backend")
EVERY_SECTION = ("global", *PROXY_SECTIONS)

# Chapters whose column-0 lines define words, and the section(s) those words belong to. Proxy
# keywords (4.2) and filters (9) take theirs from the keyword matrix of chapter 4.1.
_CHAPTER_SECTIONS: dict[str, tuple[str, ...]] = {
    "3.1": ("global",),
    "3.2": ("global",),
    "3.3": ("global",),
    "3.4": ("userlist",),
    "3.5": ("peers",),
    "3.6": ("mailers",),
    "3.7": ("program",),
    "3.8": ("http-errors",),
    "3.9": ("ring",),
    "3.10": ("log-forward",),
    "5.3.2": ("resolvers",),
    "6.2.1": ("cache",),
    "10.1.1": ("fcgi-app",),
}
_MATRIX_CHAPTERS = ("4.2", "6.2.2", "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "10.1.2")
_BIND_OPTIONS, _SERVER_OPTIONS = "5.1", "5.2"
_CONVERTERS = "7.3.1"
_FETCHES = ("7.3.2", "7.3.3", "7.3.4", "7.3.5", "7.3.6", "7.3.7")
_ACL_FLAGS = "7.1"
_LOG_FORMAT_VARIABLES = "8.2.6"

# Rule 1: argument names that are a file, directory or path of the host, or a program.
_FILE_ARGUMENT = re.compile(
    r"(?:.*[-_ ])?(?:file|file-?name|filename|path|cafile|crlfile|crtfile|keyfile|pidfile)", re.I
)
_DIRECTORY_ARGUMENT = re.compile(r"(?:.*[-_ ])?(?:dir|directory)", re.I)
_PROGRAM_ARGUMENT = re.compile(r"command", re.I)
# Rule 2: what a description says of an argument that is a path (`<key> should be the path to`,
# `<file> designates a file`), or, for a word with one argument, of "it".
_DESCRIBED_AS_PATH = (
    r"\s+(?:(?:is|should be|must be|designates|specifies)\s+)?(?:either\s+)?(?:a|an|the)\s+"
    r"(?:\w+\s+){0,3}?(?:path|file|directory)\b(?!\s+format)"
)
_IT_DESIGNATES_A_FILE = re.compile(
    r"\bit\s+(?:designates|specifies)\s+(?:a|an|the)\s+(?:\w+\s+){0,3}?(?:file|directory)\b", re.I
)
# Rule 3: first sentences about the environment, code, programs, the host.
_ENVIRONMENT_SENTENCE = re.compile(r"\benvironment variables?\b", re.I)
_PROGRAM_SENTENCE = re.compile(
    r"\b(?:lua\s+(?:file|script|code)|(?:launch(?:es)?|execute?s?|runs?)\s+(?:an?\s+|the\s+)?"
    r"(?:external\s+)?(?:command|program|binar\w+|agent))",
    re.I,
)
# ... and anywhere in a description: a value that defaults to the host's name.
_HOST_NAME = re.compile(r"\bsystems?(?:'s)? hostname\b|\bhostname of the system\b", re.I)
_HOST_FILE_SENTENCE = re.compile(r"\b(?:found|read|loaded)\s+(?:in|from)\s+/(?:etc|usr|var|proc|sys)/", re.I)

# Rule 5: what the manual's wording does not say, each with its reason:
# (kind, directive, word, position, reads, sections, why).
_G = ("global",)
ADDITIONS: list[tuple[str, str, str, int | None, str, tuple[str, ...], str]] = [
    ("keyword", "ssl-engine", "ssl-engine", None, "program", _G,
     "loads an OpenSSL engine, a shared object, into HAProxy (the manual: 'Sets the OpenSSL engine')"),
    ("keyword", "ssl-provider", "ssl-provider", None, "program", _G,
     "loads an OpenSSL provider, a shared object, into HAProxy (the manual: 'allows to load a provider')"),
    ("keyword", "insecure-fork-wanted", "insecure-fork-wanted", None, "program", _G,
     "lets HAProxy fork programs (external checks, Lua) once started"),
    ("keyword", "external-check", "external-check", None, "program", _G,
     "allows external health-check programs (the manual: 'an external agent')"),
    ("keyword", "option external-check", "option external-check", None, "program",
     ("defaults", "listen", "backend"), "runs the `external-check command` program as the health check"),
    ("keyword", "ssl-load-extra-files", "ssl-load-extra-files", None, "file", _G,
     "makes every `crt` load further files beside it (.key, .ocsp, .issuer, .sctl)"),
    ("keyword", "log", "log", 1, "file", ("global", "defaults", "frontend", "listen", "backend"),
     "a log target may be the path of a UNIX socket (`log /dev/log local0`); written <address>"),
    ("action", "lua", "lua.", None, "program", ("defaults", "frontend", "listen", "backend"),
     "`http-request lua.<name>`, `use-service lua.<name>` ... run Lua code (HAProxy's Lua manual)"),
    ("fetch", "lua", "lua.", None, "program", ("global", "defaults", "frontend", "listen", "backend"),
     "`lua.<name>` fetches run Lua code (HAProxy's Lua manual)"),
    ("converter", "lua", "lua.", None, "program", ("global", "defaults", "frontend", "listen", "backend"),
     "`lua.<name>` converters run Lua code (HAProxy's Lua manual)"),
]  # fmt: skip
# (directive, word) pairs rule 1 or 2 finds that are not a path of the host, and why.
REMOVALS: dict[tuple[str, str], str] = {
    ("json_query", "json_query"): "<json_path> is a JSONPath into the sample, not a file",
    ("docroot", "docroot"): "<path> is the document root on the FastCGI server, not on HAProxy's host",
    ("jwt_header_query", "jwt_header_query"): "<json_path> is a JSONPath into the token, not a file",
    ("jwt_payload_query", "jwt_payload_query"): "<json_path> is a JSONPath into the token, not a file",
}


class Reader(NamedTuple):
    """One way HAProxy reaches its host (this class is written into the data module as is)."""

    # keyword, option, action, bind-option, server-option, acl-flag, converter, fetch,
    # log-format-variable
    kind: str
    directive: str  # the keyword it belongs to: "errorfile", "http-request return", "bind"
    word: str  # what a line names it by: the keyword, the option word, the call's name
    # keyword: the index of the path's word on the line; option: 1 (the word after it);
    # call: the index of the path's argument; None: the word itself is the reader.
    position: int | None
    reads: str  # file, directory, program, environment, host
    sections: tuple[str, ...]  # where HAProxy accepts it
    syntax: str  # as the manual writes it
    chapter: str  # of the manual
    found_by: str  # the rule (or the script's addition) that put it here


@dataclass
class Entry:
    syntax: list[str] = field(default_factory=list)  # alternative forms
    body: list[str] = field(default_factory=list)


_CHAPTER = re.compile(r"^(\d+(?:\.\d+)*)\.\s+\S")
_WORD_START = re.compile(r"^(?:no |default )?[a-z0-9][A-Za-z0-9._+<>:-]*(?:[(\s]|$)")
_PLACEHOLDER = re.compile(r"<([^<>]+)>")


def read_manual(path: Path = MANUAL) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def manual_version(text: str) -> tuple[str, str]:
    """("2.6", "2023/03/28") from the manual's title block."""
    head = text[:1000]
    version = re.search(r"^\s+version (\S+)\s*$", head, re.M)
    date = re.search(r"^\s+(\d{4}/\d{2}/\d{2})\s*$", head, re.M)
    if version is None or date is None:
        raise ValueError("not HAProxy's configuration manual: no version and date in its title")
    return version.group(1), date.group(1)


def chapters(lines: list[str]) -> list[tuple[str, int, int]]:
    """(number, first line, end line) of each chapter body (headers underlined with '-')."""
    starts = [
        (match.group(1), index + 2)
        for index, line in enumerate(lines[:-1])
        if (match := _CHAPTER.match(line)) and re.fullmatch(r"-{3,}", lines[index + 1].strip())
    ]
    return [
        (number, start, starts[i + 1][1] - 2 if i + 1 < len(starts) else len(lines))
        for i, (number, start) in enumerate(starts)
    ]


def entries(lines: list[str], start: int, end: int) -> list[Entry]:
    """The words defined in lines[start:end]: column-0 syntax lines (several in a row are
    alternative forms), their indented continuations, then the description."""
    found: list[Entry] = []
    current: Entry | None = None
    in_syntax = False
    for index in range(start, end):
        line = lines[index].expandtabs()
        if line and not line[0].isspace():
            if _WORD_START.match(line):
                if current is None or not in_syntax:
                    current = Entry()
                    found.append(current)
                current.syntax.append(line.strip())
                in_syntax = True
            else:
                current, in_syntax = None, False  # prose of the chapter
            continue
        if current is None:
            continue
        stripped = line.strip()
        if in_syntax and _continues_syntax(line):
            current.syntax[-1] += " " + stripped
            continue
        in_syntax = False
        current.body.append(line)
    return found


def _continues_syntax(line: str) -> bool:
    """An indented line right after a syntax line that continues it: it opens a group or an
    argument, or is indented deeper than descriptions and holds no sentence."""
    stripped = line.strip()
    if not stripped:
        return False
    if stripped[0] in "[{<|":
        return True
    return len(line) - len(stripped) >= 4 and ". " not in stripped and not stripped.endswith(".")


def _tokens(syntax: str) -> list[str]:
    """The syntax split into words and the grouping signs [ ] { } |; a placeholder (`<file
    path>`) and a call (`map_<match_type>(<map_file>[,<default_value>])`) stay one word."""
    syntax = re.sub(r"\s+:\s+[a-z ]+$", "", syntax)  # a fetch's ": type"
    tokens: list[str] = []
    i = 0
    while i < len(syntax):
        c = syntax[i]
        if c.isspace():
            i += 1
        elif c in "[]{}|":
            tokens.append(c)
            i += 1
        else:
            start = i
            while i < len(syntax) and not syntax[i].isspace() and syntax[i] not in "[]{}|":
                if syntax[i] == "<":
                    i = syntax.find(">", i) + 1 or len(syntax)
                elif syntax[i] == "(":
                    depth = 0
                    while i < len(syntax):
                        depth += {"(": 1, ")": -1}.get(syntax[i], 0)
                        i += 1
                        if depth == 0:
                            break
                else:
                    i += 1
            tokens.append(syntax[start:i])
    return tokens


def _directive(tokens: list[str], matrix: dict[str, tuple[str, ...]]) -> list[str]:
    """The literal words a syntax starts with: the keyword (`http-request return`). In proxy
    chapters a last word that introduces an argument and is not part of a keyword of the
    matrix is an option (`http-error status <code>`: the keyword is `http-error`)."""
    words = []
    for token in tokens:
        if token in "[]{}|" or "<" in token or "(" in token or token.endswith("*"):
            break
        words.append(token)
    if words and words[0] in ("no", "default"):
        words = words[1:]
    followed_by_argument = len(words) < len(tokens) and tokens[len(words)].startswith("<")
    if (
        matrix
        and len(words) > 1
        and followed_by_argument
        and " ".join(words) not in matrix
        and " ".join(words[:-1]) in matrix
    ):
        words = words[:-1]
    return words


def _call(token: str) -> tuple[str, list[str]] | None:
    """("map_<match_type>", ["<map_file>", "<default_value>"]) of `name(<a>[,<b>])`."""
    match = re.fullmatch(r"([^\s(]+)\((.*)\)[*]?", token)
    if match is None:
        return None
    inner = re.sub(r"[\[\]]", "", match.group(2))
    return match.group(1), [part.strip() for part in inner.split(",")]


def _argument_kind(name: str) -> str | None:
    if _PROGRAM_ARGUMENT.fullmatch(name):
        return "program"
    if _DIRECTORY_ARGUMENT.fullmatch(name):
        return "directory"
    if _FILE_ARGUMENT.fullmatch(name):
        return "file"
    return None


def _described_as_path(body: str, name: str) -> bool:
    return re.search(re.escape(f"<{name}>") + _DESCRIBED_AS_PATH, body, re.I) is not None


def _first_sentence(body: str) -> str:
    return re.split(r"(?<=\.)\s", body.strip(), maxsplit=1)[0]


def _path_arguments(syntax: str, body: str, directive: list[str]) -> list[tuple[str, str, int, str, str]]:
    """(word, reads, position, how it is found, rule) for each path argument of one syntax form.

    How: "position" (the path is word `position` of the line), "option" (it follows the option
    word `word`), "call" (argument `position` of the call `word(...)`).
    """
    tokens = _tokens(syntax)
    single = len({m.group(1) for m in _PLACEHOLDER.finditer(syntax)}) == 1
    found = []
    depth = 0
    item = -1  # index of the current top-level item (word or group) of the line
    previous: str | None = None  # the literal word just before, within the same alternative
    for index, token in enumerate(tokens):
        if depth == 0 and token not in "]}|":
            item += 1
        if token in "[{":
            depth += 1
            previous = None
            continue
        if token in "]}":
            depth -= 1
            previous = None
            continue
        if token == "|":
            previous = None
            continue
        call = _call(token)
        if call is not None:
            name, arguments = call
            for argument_index, argument in enumerate(arguments):
                match = _PLACEHOLDER.fullmatch(argument)
                reads, rule = _classify(match.group(1), body, single) if match else (None, "")
                if reads:
                    found.append((name, reads, argument_index, "call", rule))
        else:
            for match in _PLACEHOLDER.finditer(token):
                reads, rule = _classify(match.group(1), body, single)
                if reads is None:
                    continue
                if previous is not None and index - 1 >= len(directive):
                    found.append((previous, reads, 1, "option", rule))
                else:
                    found.append((" ".join(directive), reads, item, "position", rule))
        previous = token if "<" not in token and "(" not in token else None
    return found


def _classify(name: str, body: str, single: bool) -> tuple[str | None, str]:
    kind = _argument_kind(name)
    if kind is not None:
        return kind, f"argument <{name}>"
    if _described_as_path(body, name):
        return "file", f"<{name}> described as a path"
    if single and _IT_DESIGNATES_A_FILE.search(_first_paragraph(body)):
        return "file", f"<{name}>: 'it designates a file'"
    return None, ""


def _first_paragraph(body: str) -> str:
    return re.split(r"\n\s*\n", body.strip(), maxsplit=1)[0]


def _matrix(lines: list[str], start: int, end: int) -> dict[str, tuple[str, ...]]:
    """{keyword: sections} from the proxy keywords matrix (chapter 4.1)."""
    matrix: dict[str, tuple[str, ...]] = {}
    columns = ("defaults", "frontend", "listen", "backend")
    for line in lines[start:end]:
        match = re.match(
            r"^([a-z][a-z0-9 ._-]*?)\s+((?:(?:X|-)(?: \(!\))?(?: \(\*\))?\s+){3}(?:X|-).*)$", line
        )
        if match is None:
            continue
        marks = re.findall(r"\bX\b|(?<!\S)-(?!\S)", match.group(2))[:4]
        matrix[match.group(1).strip()] = tuple(
            c for c, mark in zip(columns, marks, strict=False) if mark == "X"
        )
    return matrix


def _sections(chapter: str, directive: str, matrix: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    if chapter in _CHAPTER_SECTIONS:
        return _CHAPTER_SECTIONS[chapter]
    if chapter == _BIND_OPTIONS:
        return matrix.get("bind", ())
    if chapter == _SERVER_OPTIONS:
        return tuple(sorted(set(matrix.get("server", ())) | set(matrix.get("default-server", ()))))
    if chapter in (_ACL_FLAGS, _CONVERTERS, *_FETCHES):
        return EVERY_SECTION
    words = directive.split()
    for length in range(len(words), 0, -1):
        if " ".join(words[:length]) in matrix:
            return matrix[" ".join(words[:length])]
    return PROXY_SECTIONS


def _kind(chapter: str, hint: str) -> str:
    if chapter == _BIND_OPTIONS:
        return "bind-option"
    if chapter == _SERVER_OPTIONS:
        return "server-option"
    if chapter == _CONVERTERS:
        return "converter"
    if chapter in _FETCHES:
        return "fetch"
    if hint == "call":
        return "action"
    if hint == "option":
        return "option"
    return "keyword"


def _acl_flags(lines: list[str], start: int, end: int) -> list[Reader]:
    """`-f : load patterns from a file.` in the list of ACL flags (chapter 7.1)."""
    readers = []
    for number in range(start, end):
        match = re.match(r"^\s+(-[A-Za-z]) : (.*)$", lines[number])
        if match and re.search(r"\bfrom a file\b", match.group(2)):
            readers.append(
                Reader(
                    "acl-flag",
                    "acl",
                    match.group(1),
                    1,
                    "file",
                    EVERY_SECTION,
                    match.group(0).strip(),
                    _ACL_FLAGS,
                    "flag 'from a file'",
                )
            )
    return readers


def _log_format_variables(lines: list[str], start: int, end: int) -> list[Reader]:
    """`|   | %H   | hostname | string |` in the table of log-format variables (chapter 8.2.6)."""
    readers = []
    for number in range(start, end):
        match = re.match(r"^\s*\|\s*\S?\s*\|\s*%(\w+)\s*\|\s*(.*?)\s*\|\s*\w+\s*\|\s*$", lines[number])
        if match and re.search(r"\bhostname\b", match.group(2), re.I):
            row = re.sub(r"\s+", " ", match.group(0).strip())
            rule = "log-format variable: the hostname"
            readers.append(
                Reader("log-format-variable", "log-format", match.group(1), None, "host", EVERY_SECTION, row,
                       _LOG_FORMAT_VARIABLES, rule)
            )  # fmt: skip
    return readers


def find_readers(text: str) -> list[Reader]:
    lines = text.splitlines()
    spans = chapters(lines)
    matrix = next((_matrix(lines, s, e) for number, s, e in spans if number == "4.1"), {})
    readers: dict[tuple[str, str, str, int | None], Reader] = {}
    removed: set[tuple[str, str]] = set()

    def add(reader: Reader) -> None:
        if (reader.directive, reader.word) in REMOVALS:
            removed.add((reader.directive, reader.word))
            return
        key = (reader.kind, reader.directive, reader.word, reader.position)
        known = readers.get(key)
        if known is not None:  # the same word in several chapters (errorfile: http-errors, proxies)
            sections = tuple(dict.fromkeys(known.sections + reader.sections))
            reader = known._replace(sections=sections)
        readers[key] = reader

    for number, start, end in spans:
        if number in (_ACL_FLAGS, _LOG_FORMAT_VARIABLES):
            table = _acl_flags if number == _ACL_FLAGS else _log_format_variables
            for reader in table(lines, start, end):
                add(reader)
            continue
        defining = (
            number in _CHAPTER_SECTIONS
            or number in _MATRIX_CHAPTERS
            or number in (_BIND_OPTIONS, _SERVER_OPTIONS, _CONVERTERS, *_FETCHES)
        )
        if not defining:
            continue
        chapter_matrix = matrix if number in _MATRIX_CHAPTERS else {}
        for entry in entries(lines, start, end):
            body = "\n".join(entry.body)
            first = _first_sentence(" ".join(line.strip() for line in entry.body))
            whole, why = _reads_of_entry(first, body, entry.syntax[0])
            for syntax in entry.syntax:
                tokens = _tokens(syntax)
                words = _directive(tokens, chapter_matrix)
                call = _call(tokens[0]) if tokens and not words else None
                directive = call[0] if call else " ".join(words)
                if not directive:
                    continue
                sections = _sections(number, directive, matrix)
                paths = _path_arguments(syntax, body, words)
                for word, reads, position, how, rule in paths:
                    kind, owner = _kind(number, how), directive
                    if kind in ("bind-option", "server-option"):  # `bind ... crt <cert>`
                        owner, word, position = kind.removesuffix("-option"), directive, 1
                    add(Reader(kind, owner, word, position, whole or reads, sections, syntax, number, rule))
                if whole is not None and not paths:
                    kind = _kind(number, "")
                    add(Reader(kind, directive, directive, None, whole, sections, syntax, number, why))

    for kind, directive, word, where, reads, sections, why in ADDITIONS:
        added = Reader(kind, directive, word, where, reads, sections, "", "", f"added: {why}")
        key = (added.kind, added.directive, added.word, added.position)
        if key in readers:
            raise ValueError(f"ADDITIONS: {key} is found by the rules already; drop it from the list")
        readers[key] = added
    if unused := set(REMOVALS) - removed:
        raise ValueError(f"REMOVALS: {sorted(unused)} match nothing the rules find; drop them")
    return sorted(readers.values(), key=lambda r: (r.kind, r.directive, r.word, r.position or 0))


def _reads_of_entry(first_sentence: str, body: str, directive: str) -> tuple[str | None, str]:
    """What the word itself reaches, from its description (rule 3), and the words that say so."""
    if match := _ENVIRONMENT_SENTENCE.search(first_sentence):
        return "environment", f"first sentence: {match.group(0)!r}"
    if directive.startswith("lua"):
        return "program", "a Lua keyword"
    if match := _PROGRAM_SENTENCE.search(first_sentence):
        return "program", f"first sentence: {match.group(0)!r}"
    if match := _HOST_NAME.search(" ".join(body.split())):
        return "host", f"description: {match.group(0)!r}"
    if match := _HOST_FILE_SENTENCE.search(first_sentence):
        return "file", f"first sentence: {match.group(0)!r}"
    return None, ""


def _literal(value: object) -> str:
    """`value` as Python source, strings in double quotes (JSON's escapes are Python's)."""
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, tuple):
        return "(" + ", ".join(_literal(item) for item in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


def render_module(readers: list[Reader], version: str, date: str) -> str:
    rows = "\n".join(f"    Reader({', '.join(_literal(value) for value in reader)})," for reader in readers)
    return f'''"""What HAProxy {version} reads from the host it runs on: every keyword, option, sample fetch
and converter whose argument is a file, directory or path, that runs a program or loads code, or
that reads or changes the environment, from HAProxy's configuration manual (version {version},
{date}).

GENERATED by dev/gen_haproxy_file_readers.py from the manual; do not edit: change the script's
rules, ADDITIONS or REMOVALS and run it again. contract/haproxy/file_readers.py says what the
allowlist does with each entry.
"""

# ruff: noqa: E501
# fmt: off

from __future__ import annotations

from typing import NamedTuple

MANUAL_VERSION = {_literal(version)}
MANUAL_DATE = {_literal(date)}


{inspect.getsource(Reader)}

READERS: tuple[Reader, ...] = (
{rows}
)
'''


def generate(manual: Path = MANUAL) -> str:
    text = read_manual(manual)
    version, date = manual_version(text)
    return render_module(find_readers(text), version, date)


if __name__ == "__main__":
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else MANUAL
    target = Path(sys.argv[2]) if len(sys.argv) > 2 else OUT
    target.write_text(generate(source))
    print(target)
