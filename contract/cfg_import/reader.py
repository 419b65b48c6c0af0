"""Read haproxy.cfg text into sections of lines, as HAProxy 2.6 reads it.

Each physical line is split by the same tokenizer the raw-line allowlist uses
(contract.haproxy.cfg_words, with the import's variable values), so a line means here what it
means to HAProxy. `.if` / `.elif` / `.else` / `.endif` blocks are evaluated
(contract.cfg_import.conditions) and lines in a false branch are skipped, as HAProxy skips them.
What the reader decides alone (comments, blocks, unreadable lines) is a fate already; the rest
is left to the mapping.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from contract.cfg_import.conditions import ConditionError, evaluate
from contract.haproxy.cfg_words import MAX_WORDS, CfgSyntaxError, split_words

PROXY_KINDS = ("frontend", "backend", "listen")
MODELLED_KINDS = ("global", "defaults", *PROXY_KINDS)
# Sections the spec cannot hold, and why (the report says it for each of their lines).
NOT_IMPORTED_KINDS: dict[str, str] = {
    "userlist": "userlists (users and passwords) are not part of the spec; lines that use them are refused",
    "peers": "peers sections share stick tables with other HAProxy hosts, which a lab run has none of",
    "resolvers": "resolvers make HAProxy resolve names at run time; the lab names every address itself",
    "cache": "cache sections are not part of the spec yet; lines that use them are refused",
    "http-errors": "http-errors sections read error pages from files the lab does not have",
    "ring": "ring sections send logs to buffers or servers outside the run",
    "program": "program sections start external programs, which a lab host never runs",
    "mailers": "mailers sections send e-mail, which a lab run never does",
    "fcgi-app": "fcgi-app sections are not part of the spec",
    "log-forward": "log-forward sections receive logs from other hosts",
    "crt-store": "crt-store sections load certificates from files; the lab issues its own",
    "traces": "traces sections are not part of the spec",
    "namespace_list": "network namespaces are the lab's own",
}
SECTION_KINDS = frozenset({*MODELLED_KINDS, *NOT_IMPORTED_KINDS})


@dataclass
class CfgLine:
    """One physical line: its number, its text, and HAProxy's words for it (None: unreadable)."""

    number: int
    text: str
    words: list[str] | None
    error: str | None = None  # why the words could not be read
    variables: list[str] = field(default_factory=list)  # variables it reads
    # Why its words hold control characters (escapes like \r\n): a line the mapping may rewrite
    # into an equivalent one without them, else refuses with this reason.
    control: str | None = None


@dataclass
class Section:
    kind: str
    name: str | None
    header: CfgLine
    parent: str | None = None  # `from <defaults>`
    lines: list[CfgLine] = field(default_factory=list)
    imported_name: str | None = None  # its name in the spec (contract.cfg_import.mapping)

    @property
    def label(self) -> str:
        """As written (`frontend stats`), whatever kind the spec gives it."""
        written = self.header.words[0] if self.header.words else self.kind
        return f"{written} {self.name}" if self.name else written


@dataclass
class Skipped:
    line: CfgLine
    section: str
    reason: str
    refused: bool = False  # True: HAProxy would not accept it (a fate of "refused", not "skipped")


@dataclass
class ReadConfig:
    sections: list[Section]
    skipped: list[Skipped]
    variables: dict[str, tuple[str | None, list[int]]]  # name -> (default, lines)


class _Variables:
    """Values of the variables a config reads: the given ones, else the ${NAME-default}; a line
    reading one with neither is unreadable (HAProxy would insert an empty string, which is
    not what production ran)."""

    def __init__(self, given: dict[str, str]) -> None:
        self.given = given
        self.seen: dict[str, tuple[str | None, list[int]]] = {}
        self.line = 0
        self.section = ""
        self.missing: list[str] = []

    def __call__(self, name: str, default: str | None) -> str:
        if name == ".LINE":
            return str(self.line)
        if name == ".FILE":
            return "haproxy.cfg"
        if name == ".SECTION":
            return self.section
        known_default, lines = self.seen.get(name, (None, []))
        if self.line not in lines:
            lines.append(self.line)
        self.seen[name] = (known_default if known_default is not None else default, lines)
        if name in self.given:
            return self.given[name]
        if default is not None:
            return default
        self.missing.append(name)
        return ""

    def defined(self, name: str) -> bool:
        return name in self.given


def read_config(text: str, environment: dict[str, str]) -> ReadConfig:
    text = text.removeprefix("\ufeff")  # a UTF-8 byte order mark, which HAProxy skips too
    variables = _Variables(environment)
    sections: list[Section] = []
    skipped: list[Skipped] = []
    # The .if stack: per open block, (this branch is taken, some branch was taken, the block's
    # line, the enclosing block is active).
    blocks: list[tuple[bool, bool, CfgLine, bool]] = []
    current: Section | None = None

    def active() -> bool:
        return not blocks or (blocks[-1][0] and blocks[-1][3])

    def here() -> str:
        return current.label if current else ""

    for number, raw in enumerate(text.split("\n"), start=1):
        text_line = raw[:-1] if raw.endswith("\r") else raw
        variables.line, variables.section, variables.missing = number, here(), []
        line = CfgLine(number, text_line, None)
        directive = text_line.lstrip(" \t")
        if not directive or directive.startswith("#"):
            if directive:
                skipped.append(Skipped(line, here(), "a comment (the spec keeps no comments)"))
            continue
        if (
            directive.startswith(".")
            and not active()
            and not directive.startswith((".if", ".elif", ".else", ".endif"))
        ):
            skipped.append(Skipped(line, here(), "inside a false .if block"))
            continue
        try:
            line.words = split_words(text_line, variables)
        except CfgSyntaxError as error:
            line.error = f"HAProxy would not read this line: {error}"
            if "control character" in str(error):
                line.words = split_words(text_line, variables, control_characters=True)
                line.control, line.error = str(error), None
        line.variables = sorted({name for name, (_, lines) in variables.seen.items() if number in lines})
        if line.words is not None and variables.missing and active():
            line.error = (
                f"reads {', '.join('${' + name + '}' for name in dict.fromkeys(variables.missing))}, "
                "which has no value; give it one with the import"
            )
            line.words = None
        if line.words is not None and len(line.words) > MAX_WORDS:
            line.error = f"HAProxy 2.6 refuses lines of more than {MAX_WORDS} words"
            line.words = None
        keyword = line.words[0] if line.words else directive.split()[0]
        if keyword in (".if", ".elif", ".else", ".endif"):
            _conditional(keyword, line, blocks, variables, skipped, here())
            continue
        if not active():
            skipped.append(Skipped(line, here(), "inside a false .if block"))
            continue
        if keyword.startswith("."):
            refused = keyword == ".alert"
            reason = (
                ".alert stops HAProxy from starting"
                if refused
                else f"{keyword} only prints a message while HAProxy reads the config"
            )
            skipped.append(Skipped(line, here(), reason, refused=refused))
            continue
        if line.words is not None and line.words and line.words[0] in SECTION_KINDS:
            current = _section(line)
            sections.append(current)
            continue
        if current is None:
            skipped.append(Skipped(line, "", "outside any section: HAProxy refuses it", refused=True))
            continue
        current.lines.append(line)
    for _, _, opened, _ in blocks:
        skipped.append(
            Skipped(opened, "", "this .if has no .endif: HAProxy refuses the config", refused=True)
        )
    return ReadConfig(sections, skipped, variables.seen)


def _section(line: CfgLine) -> Section:
    words = line.words or []
    name = words[1] if len(words) > 1 and words[1] != "from" else None
    parent = None
    if "from" in words[1:]:
        index = words.index("from", 1)
        parent = words[index + 1] if index + 1 < len(words) else None
    return Section(words[0], name, line, parent)


def _conditional(
    keyword: str,
    line: CfgLine,
    blocks: list[tuple[bool, bool, CfgLine, bool]],
    variables: _Variables,
    skipped: list[Skipped],
    section: str,
) -> None:
    def condition() -> bool:
        if line.words is None:
            raise ConditionError(line.error or "unreadable")
        return evaluate(line.words[1:], variables.defined)

    enclosing = not blocks or (blocks[-1][0] and blocks[-1][3])
    try:
        if keyword == ".if":
            taken = condition() if enclosing else False
            blocks.append((taken, taken, line, enclosing))
            verdict = "true" if taken else "false"
        elif not blocks:
            raise ConditionError(f"{keyword} without an .if")
        elif keyword == ".endif":
            blocks.pop()
            verdict = "closes its block"
        else:
            _, any_taken, opened, outer = blocks[-1]
            taken = (not any_taken) and (keyword == ".else" or (outer and condition()))
            blocks[-1] = (taken, any_taken or taken, opened, outer)
            verdict = "taken" if taken else "not taken"
    except ConditionError as error:
        skipped.append(Skipped(line, section, f"HAProxy would refuse this condition: {error}", refused=True))
        if keyword == ".if":
            blocks.append((False, False, line, enclosing))
        return
    skipped.append(
        Skipped(line, section, f"{keyword} ({verdict}): HAProxy applies only the lines of a true branch")
    )
