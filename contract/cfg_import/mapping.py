"""Turn the sections of a read haproxy.cfg into the spec's HAProxy model, line by line.

Every keyword the model has a field for becomes that field (the last one wins, as in HAProxy);
every other line is kept as a raw line of its section if the allowlist accepts it
(contract.haproxy.raw_lines), else refused with the allowlist's reason. What production has and
the lab replaces (server addresses, bind addresses, certificate paths, the log destination) is
mapped and said so. The result is a JSON document of HAProxyConfig plus, for each field it sets,
the line it came from, so a later refusal (the model's cross-section checks, `haproxy -c`) can
be put on the line that caused it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from contract.cfg_import.reader import NOT_IMPORTED_KINDS, PROXY_KINDS, CfgLine, ReadConfig, Section
from contract.cfg_import.report import Fate, LineFate
from contract.cfg_import.words import (
    BIND_WITH_VALUE,
    SERVER_WITH_VALUE,
    bind_port,
    integer,
    millis,
    settings,
)
from contract.haproxy.cfg_words import join_words
from contract.haproxy.limits import MAX_GLOBAL_MAXCONN
from contract.haproxy.model import Balance, HttpReuse
from contract.haproxy.names import CIPHER_LIST_PATTERN, NAME_PATTERN, SSL_OPTION_PATTERN, AlpnProtocol
from contract.haproxy.options import (
    EXCLUSIVE_OPTION_GROUPS,
    HTTP_ONLY_OPTIONS,
    AnyOption,
    BackendOption,
    FrontendOption,
)
from contract.haproxy.raw_lines import MAX_LINES, check_raw_line, server_setting_problem
from contract.haproxy.servers import HttpCheck
from contract.haproxy.timeouts import BackendTimeouts, FrontendTimeouts, Timeouts
from contract.text_types import split_host_port

MAX_SECTIONS = 64  # of each kind (HAProxyConfig's lists)
MAX_SERVERS = 256  # per backend or listen (ServerPool.servers)
LAB_CERTIFICATE = "lab"
LAB_CA = "lab-ca"
MAX_TARGETS = 64
TargetChoice = Literal["managed", "external"]

_OPTIONS: dict[str, frozenset[str]] = {
    "frontend": frozenset(get_args(FrontendOption)),
    "backend": frozenset(get_args(BackendOption)),
    "listen": frozenset(get_args(AnyOption)),
    "defaults": frozenset(get_args(AnyOption)),
}
_TIMEOUTS = {
    "frontend": frozenset(FrontendTimeouts.model_fields),
    "backend": frozenset(BackendTimeouts.model_fields),
    "listen": frozenset(Timeouts.model_fields),
    "defaults": frozenset(Timeouts.model_fields),
}
# The model's own shapes, to tell what becomes a field from what stays a raw line.
_SSL_OPTION = re.compile(SSL_OPTION_PATTERN)
_CIPHERS = re.compile(CIPHER_LIST_PATTERN)
_NAME = re.compile(NAME_PATTERN)
_BALANCE = frozenset(get_args(Balance))
_HTTP_REUSE = frozenset(get_args(HttpReuse))
_ALPN = get_args(AlpnProtocol)
_CHECK_METHODS = frozenset(get_args(HttpCheck.model_fields["method"].annotation))
# Keywords that only set a server pool: in a defaults section they go to each backend or listen.
_POOL_KEYWORDS = frozenset({"balance", "http-reuse", "fullconn"})
_MODELLED_ELSEWHERE = {
    "pidfile": "the agent that runs HAProxy owns its pidfile",
    "daemon": "the agent runs HAProxy in the foreground",
    "master-worker": "the agent runs HAProxy itself",
    "nbproc": "HAProxy 2.6 has one process (nbthread sets its threads)",
    "ulimit-n": "the agent sizes HAProxy's open files from maxconn",
    "quiet": "the agent reads HAProxy's messages",
}


@dataclass
class ServerRef:
    """A server line of the production config, before its address becomes a target number."""

    path: str  # field path of the server in the doc: backends.0.servers.1
    line: int
    address: str
    doc: dict[str, Any]


@dataclass
class Built:
    """The HAProxyConfig document and what the report needs to say about it."""

    doc: dict[str, Any]
    fates: dict[int, LineFate]
    origins: dict[str, int]  # field path in the doc (e.g. frontends.0.extra.2) -> line
    mappings: dict[tuple[str, str, str], list[int]] = field(default_factory=dict)
    files: dict[str, list[int]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    addresses: list[str] = field(default_factory=list)  # production upstream addresses, target order
    servers: list[ServerRef] = field(default_factory=list)
    check_paths: list[str] = field(default_factory=list)


class _Builder:
    def __init__(
        self, read: ReadConfig, refused: dict[int, str], pattern_files: dict[str, str], target: TargetChoice
    ) -> None:
        self.read = read
        self.target = target
        self.refused = refused
        self.pattern_files = pattern_files
        self.out = Built(
            doc={"global": {}, "defaults": {}, "frontends": [], "backends": [], "listens": []},
            fates={},
            origins={},
        )
        self._into: dict[int, list[str]] = {}  # a defaults line -> the sections it went into
        self._names: dict[str, str] = {}  # section name as written -> as imported

    # ------------------------------------------------------------------ fates

    def fate(
        self, line: CfgLine, section: str, fate: Fate, detail: str, field_path: str | None = None
    ) -> None:
        self.out.fates[line.number] = LineFate(
            line=line.number,
            text=line.text,
            section=section,
            fate=fate,
            field=f"proxy.{field_path}" if field_path else None,
            detail=detail,
        )

    def map(self, kind: str, original: str, mapped_to: str, line: int) -> None:
        self.out.mappings.setdefault((kind, original, mapped_to), []).append(line)

    def set_field(
        self, doc: dict[str, Any], key: str, value: Any, path: str, line: CfgLine, section: str
    ) -> None:
        """Set a modelled field; a line it overrides is marked so (HAProxy keeps the last)."""
        previous = self.out.origins.get(f"{path}.{key}")
        if previous is not None and previous != line.number and previous in self.out.fates:
            earlier = self.out.fates[previous]
            if earlier.fate == "modelled" and not self._into.get(previous):
                self.out.fates[previous] = earlier.model_copy(
                    update={
                        "fate": "skipped",
                        "field": None,
                        "detail": f"overridden by line {line.number} (HAProxy keeps the last)",
                    }
                )
        doc[key] = value
        self.out.origins[f"{path}.{key}"] = line.number

    # ------------------------------------------------------------------ the whole config

    def build(self) -> Built:
        for skipped in self.read.skipped:
            self.fate(
                skipped.line, skipped.section, "refused" if skipped.refused else "skipped", skipped.reason
            )
        sections = self.read.sections
        proxies = self._statistics_pages_last([s for s in sections if s.kind in PROXY_KINDS])
        self._name_sections(proxies)
        inherits = self._inheritance(sections)
        entry = next((s for s in proxies if s.kind == "frontend"), None) or next(
            (s for s in proxies if s.kind == "listen"), None
        )
        primary = inherits.get(id(entry)) if entry is not None else None
        for section in sections:
            if section.kind in NOT_IMPORTED_KINDS:
                self._not_imported(section, NOT_IMPORTED_KINDS[section.kind])
            elif section.kind == "global":
                self._global(section)
            elif section.kind == "defaults":
                self._defaults(section, section is primary)
        counters = {"frontend": 0, "backend": 0, "listen": 0}
        for section in proxies:
            index = counters[section.kind]
            counters[section.kind] += 1
            defaults = inherits.get(id(section))
            if not self._proxy(section, index, defaults, defaults is primary):
                counters[section.kind] -= 1
        for section in sections:
            if section.kind == "defaults":
                self._defaults_fates(section, section is primary)
        self._references()
        self._http_options_out_of_defaults()
        self._entry_point()
        return self.out

    def _http_options_out_of_defaults(self) -> None:
        """HTTP-only options of defaults go to the http sections when some section runs in mode
        tcp: HAProxy ignores them there (with a warning), the spec refuses them."""
        doc = self.out.doc
        defaults = doc["defaults"]
        default_mode = defaults.get("mode", "http")
        sections = [
            (f"{kind}.{i}", kind.rstrip("s"), section)
            for kind in ("frontends", "backends", "listens")
            for i, section in enumerate(doc[kind])
        ]
        if not any(section.get("mode", default_mode) == "tcp" for _, _, section in sections):
            return
        options: list[str] = defaults.get("options", [])
        lines: list[int] = defaults.get("_option_lines", [])
        for option, line in [(o, n) for o, n in zip(options, lines, strict=True) if o in HTTP_ONLY_OPTIONS]:
            index = options.index(option)
            del options[index], lines[index]
            taken: list[str] = []
            for path, kind, section in sections:
                own = section.setdefault("options", [])
                if (
                    section.get("mode", default_mode) != "http"
                    or option not in _OPTIONS[kind]
                    or option in own
                ):
                    continue
                if any(option in group and set(own) & group for group in EXCLUSIVE_OPTION_GROUPS):
                    continue  # the section chose another of the group
                own.append(option)
                section.setdefault("_option_lines", []).append(line)
                self.out.origins[f"{path}.options.{option}"] = line
                taken.append(f"{kind} {section['name']}")
            fate = self.out.fates[line]
            where = f"written into {', '.join(taken)}" if taken else "no http section takes it"
            self.out.fates[line] = fate.model_copy(
                update={
                    "fate": "mapped" if taken else "not_imported",
                    "field": None,
                    "detail": f"{where}: sections in mode tcp ignore option {option} (HAProxy warns), "
                    "and the spec's defaults hold what every section takes",
                }
            )

    def _entry_point(self) -> None:
        """A config with no frontend or listen (a fragment: backends only, or global and
        defaults only) gets one, so the lab has somewhere to send load; the notes say so."""
        doc = self.out.doc
        if doc["frontends"] or doc["listens"]:
            return
        taken = {section["name"] for section in doc["backends"]}
        name = "imported"
        while name in taken:
            name += "_"
        port = self.free_port()
        if doc["backends"]:
            backend = doc["backends"][0]
            frontend: dict[str, Any] = {"name": name, "bind": {"address": "*", "port": port}}
            frontend["default_backend"] = backend["name"]
            if "mode" in backend:
                frontend["mode"] = backend["mode"]
            doc["frontends"].append(frontend)
            self.out.notes.append(
                f"the config has no frontend or listen section: haplab added frontend {name!r} on port "
                f"{port}, sending to backend {backend['name']!r}, so the lab can send load"
            )
        else:
            doc["listens"].append(
                {
                    "name": name,
                    "bind": {"address": "*", "port": port},
                    "servers": [{"name": "t1", "target": 1}],
                }
            )
            self.out.notes.append(
                f"the config has no proxy section: haplab added listen {name!r} on port {port} in front of "
                "the lab's target, so its global and defaults settings can be measured"
            )

    def _statistics_pages_last(self, proxies: list[Section]) -> list[Section]:
        """A frontend that only serves HAProxy's statistics page (stats enable / uri, no backend)
        is not where production's load enters, yet the load enters through the first frontend:
        it becomes a listen (the same section without servers), after the others."""
        pages = []
        for section in proxies:
            words = [line.words or [] for line in section.lines]
            serves_stats = any(w[:2] in (["stats", "enable"], ["stats", "uri"]) for w in words)
            routes = any(w[:1] in (["default_backend"], ["use_backend"]) for w in words)
            if section.kind == "frontend" and serves_stats and not routes and len(proxies) > 1:
                section.kind = "listen"
                pages.append(section)
                self.out.notes.append(
                    f"{section.label} serves the statistics page: imported as a listen after the other "
                    "sections, so the load enters where production's does"
                )
        return [*(s for s in proxies if s not in pages), *pages]

    def _name_sections(self, proxies: list[Section]) -> None:
        """The spec's name of each section: valid, and unique across frontends, backends and
        listens (HAProxy lets a frontend and a backend share one; the backend is renamed, and
        default_backend / use_backend follow it)."""
        taken: set[str] = set()
        for section in sorted(proxies, key=lambda s: s.kind != "frontend"):
            written = section.name or ""
            name = written if _NAME.fullmatch(written) else _valid_name(written, "p")
            why = "names start with a letter and hold letters, digits, '_', '.', ':' and '-'"
            if name in taken:
                base, number = f"{name}_{section.kind}"[:60], 1
                name = base
                while name in taken:
                    number += 1
                    name = f"{base}{number}"
                why = "the spec's section names are unique across frontends, backends and listens"
            taken.add(name)
            section.imported_name = name
            if section.kind != "frontend":
                self._names[written] = name
            if name != written:
                self.out.notes.append(f"{section.kind} {written!r} is imported as {name!r}: {why}")

    def _inheritance(self, sections: list[Section]) -> dict[int, Section | None]:
        """Each proxy section's defaults section: the one it names with `from`, else the last
        one before it (HAProxy 2.6's rule)."""
        named: dict[str, Section] = {}
        last: Section | None = None
        inherits: dict[int, Section | None] = {}
        for section in sections:
            if section.kind == "defaults":
                parent = named.get(section.parent or "") if section.parent else None
                if parent is not None:  # `defaults x from y`: y's lines come first
                    section.lines = [*parent.lines, *section.lines]
                if section.name:
                    named[section.name] = section
                last = section
            elif section.kind in PROXY_KINDS:
                inherits[id(section)] = named.get(section.parent) if section.parent else last
        return inherits

    def _not_imported(self, section: Section, why: str) -> None:
        self.fate(section.header, section.label, "not_imported", why)
        for line in section.lines:
            if line.number not in self.out.fates:
                self.fate(line, section.label, "not_imported", f"part of {section.label}: {why}")

    # ------------------------------------------------------------------ raw lines

    def keep_raw(self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, section: str) -> bool:
        """Keep `line` as a raw line of the section if the allowlist accepts it."""
        assert line.words is not None
        if line.words[:2] == ["http-check", "send"] and "uri" in line.words[:-1]:
            self._check_path(line.words[line.words.index("uri") + 1])
        text = self._raw_text(line)
        text = self._inline_pattern_files(text, line)
        reason = check_raw_line(kind, text)
        if reason is None and len(doc.get("extra", [])) >= MAX_LINES:
            reason = f"a section holds at most {MAX_LINES} raw lines in the spec"
        if reason is not None:
            self._note_files(line)
            self.fate(line, section, "refused", f"refused: {reason}")
            return False
        extra = doc.setdefault("extra", [])
        extra.append(text)
        where = f"{path}.extra.{len(extra) - 1}"
        self.out.origins[where] = line.number
        if line.number not in self._into:
            inlined = next((p for p, lines in self.out.files.items() if line.number in lines), None)
            if inlined is not None:
                self.fate(
                    line,
                    section,
                    "mapped",
                    f"kept as a raw line of {section} with the patterns of {inlined} (given with the import) "
                    "written in place of -f",
                    where,
                )
            else:
                self.fate(line, section, "kept", f"kept as a raw line of {section}", where)
        return True

    def _raw_text(self, line: CfgLine) -> str:
        """The line as written (without indentation) when it reads no variable and names no
        renamed backend; else its words, quoted so they read back the same."""
        assert line.words is not None
        words = line.words
        if words[0] == "use_backend" and len(words) > 1 and self._names.get(words[1], words[1]) != words[1]:
            return join_words([words[0], self._names[words[1]], *words[2:]])
        if line.variables:
            return join_words(words)
        return line.text.strip(" \t")

    def _inline_pattern_files(self, text: str, line: CfgLine) -> str:
        """`acl name criterion -f <file>` with the file's content given: its patterns inline."""
        words = line.words or []
        if not words or words[0] != "acl" or "-f" not in words:
            return text
        index = words.index("-f")
        path = words[index + 1] if index + 1 < len(words) else ""
        content = self.pattern_files.get(path)
        if content is None:
            return text
        patterns = [p.strip() for p in content.splitlines() if p.strip() and not p.strip().startswith("#")]
        self.out.files.setdefault(path, []).append(line.number)
        return join_words([*words[:index], *words[index + 2 :], *patterns])

    def _note_files(self, line: CfgLine) -> None:
        """Remember the files a refused line reads, for the report's list of files."""
        words = line.words or []
        paths = [words[i + 1] for i, word in enumerate(words[:-1]) if word in ("-f", "file", "crt-list")]
        if words and words[0] == "errorfile" and len(words) == 3:
            paths.append(words[2])
        for word in words:
            paths += re.findall(r"map(?:_\w+)?\(([^,)]+)", word)
        for path in paths:
            self.out.files.setdefault(path, []).append(line.number)

    # ------------------------------------------------------------------ global

    def _global(self, section: Section) -> None:
        self.fate(section.header, section.label, "modelled", "modelled as proxy.global", "global")
        doc: dict[str, Any] = self.out.doc["global"]
        for line in section.lines:
            self._global_line(doc, line, section.label)

    def _global_line(self, doc: dict[str, Any], line: CfgLine, label: str) -> None:
        if self._unreadable(line, label):
            return
        words = line.words or []
        keyword, args = words[0], words[1:]
        value = args[0] if len(args) == 1 else None
        if keyword == "maxconn" and value is not None and integer(value) is not None:
            number = integer(value) or 0
            if number > MAX_GLOBAL_MAXCONN:
                self.fate(
                    line,
                    label,
                    "refused",
                    f"refused: maxconn {number} is more than a lab host holds ({MAX_GLOBAL_MAXCONN}: about "
                    "two open files each, 20,000 allowed); set proxy.global.maxconn up to that",
                )
                return
            self._modelled(doc, "maxconn", number, "global", line, label)
        elif keyword == "nbthread" and value is not None and 1 <= (integer(value) or 0) <= 64:
            self._modelled(doc, "nbthread", integer(value), "global", line, label)
        elif keyword == "tune.bufsize" and value is not None and 1024 <= (integer(value) or 0) <= 1_048_576:
            self._modelled(doc, "tune_bufsize", integer(value), "global", line, label)
        elif keyword == "cpu-map" and args:
            entries = doc.setdefault("cpu_map", [])
            entries.append(" ".join(args))
            self.out.origins[f"global.cpu_map.{len(entries) - 1}"] = line.number
            self.fate(line, label, "modelled", "modelled as proxy.global.cpu_map", "global.cpu_map")
        elif keyword in ("ssl-default-bind-ciphers", "ssl-default-bind-ciphersuites") and value is not None:
            self._modelled(doc, keyword.replace("-", "_"), value, "global", line, label)
        elif keyword in ("ssl-default-bind-options", "ssl-default-server-options") and args:
            options = _ssl_options(args)
            if options is None:
                self.keep_raw("global", doc, "global", line, label)
                return
            self._modelled(doc, keyword.replace("-", "_"), options, "global", line, label)
        elif keyword == "log" and args and args[0] != "global":
            destination = args[0]
            mapped = destination if destination in ("stdout", "stderr") else "stdout"
            if "log" in doc:
                self.fate(
                    line, label, "not_imported", "not imported: the lab keeps one log destination, the first"
                )
                return
            doc["log"] = mapped
            self.out.origins["global.log"] = line.number
            if mapped == destination:
                self.fate(line, label, "modelled", f"modelled as proxy.global.log = {mapped}", "global.log")
            else:
                self.map("log", destination, mapped, line.number)
                self.fate(
                    line,
                    label,
                    "mapped",
                    f"mapped from {destination} to log {mapped}: the lab has no syslog; HAProxy's messages "
                    "go to the agent",
                    "global.log",
                )
        elif keyword in _MODELLED_ELSEWHERE:
            self.fate(line, label, "not_imported", f"not imported: {_MODELLED_ELSEWHERE[keyword]}")
        else:
            self.keep_raw("global", doc, "global", line, label)

    def _modelled(
        self, doc: dict[str, Any], key: str, value: Any, path: str, line: CfgLine, label: str
    ) -> None:
        self.set_field(doc, key, value, path, line, label)
        self.fate(line, label, "modelled", f"modelled as proxy.{path}.{key}", f"{path}.{key}")

    def _unreadable(self, line: CfgLine, label: str) -> bool:
        if line.number in self.refused:
            self.fate(line, label, "refused", f"refused: {self.refused[line.number]}")
            return True
        if line.words is None or not line.words:
            self.fate(line, label, "refused", f"refused: {line.error or 'HAProxy would not read this line'}")
            return True
        return False

    # ------------------------------------------------------------------ defaults

    def _defaults(self, section: Section, primary: bool) -> None:
        if not primary:
            return  # its lines go into the sections that inherit it (_proxy), fates at the end
        doc: dict[str, Any] = self.out.doc["defaults"]
        for line in section.lines:
            if self._unreadable(line, section.label):
                continue
            words = line.words or []
            if words[0] in _POOL_KEYWORDS:
                continue  # each backend and listen takes it (_proxy)
            self._common_line("defaults", doc, "defaults", line, section.label)

    def _defaults_fates(self, section: Section, primary: bool) -> None:
        """Fates of a defaults section's lines that went into proxy sections (or nowhere)."""
        if primary:
            self.fate(section.header, section.label, "modelled", "modelled as proxy.defaults", "defaults")
        else:
            takers = sorted({where for line in section.lines for where in self._into.get(line.number, [])})
            self.fate(
                section.header,
                section.label,
                "mapped" if takers else "not_imported",
                f"the spec has one defaults section: this one's settings are written into {', '.join(takers)}"
                if takers
                else "not imported: no imported section inherits this defaults section",
            )
        for line in section.lines:
            into = self._into.get(line.number)
            if into:
                where = ", ".join(dict.fromkeys(into))
                self.fate(
                    line,
                    section.label,
                    "mapped",
                    f"written into {where}, which inherit{'s' if len(set(into)) == 1 else ''} it: the spec "
                    "has one defaults section",
                )
            elif line.number not in self.out.fates or (
                not primary and self.out.fates[line.number].fate in ("modelled", "kept")
            ):
                self.fate(
                    line,
                    section.label,
                    "not_imported",
                    "not imported: no imported section inherits this defaults section"
                    if not primary
                    else "not imported: no backend or listen section takes it",
                )

    # ------------------------------------------------------------------ sections

    def _proxy(self, section: Section, index: int, defaults: Section | None, primary: bool) -> bool:
        """Import one proxy section at `index` of its kind; False when it is refused whole."""
        kind = section.kind
        path = f"{kind}s.{index}"
        name = section.imported_name or section.name or f"{kind}{index}"
        label = section.label
        if index >= MAX_SECTIONS:
            self.refused.setdefault(section.header.number, f"the spec holds at most {MAX_SECTIONS} {kind}s")
        if section.header.number in self.refused:
            why = self.refused[section.header.number]
            self.fate(section.header, label, "refused", f"refused: {why}")
            for line in section.lines:
                self.fate(line, label, "refused", f"refused with its section: {why}")
            return False
        doc: dict[str, Any] = {"name": name}
        self.out.doc[f"{kind}s"].append(doc)
        self.fate(section.header, label, "modelled", f"modelled as proxy.{path}", f"{path}.name")
        self.out.origins[f"{path}.name"] = section.header.number
        inherited = [] if defaults is None else defaults.lines
        for line in inherited:
            if line.words is None or not line.words or line.number in self.refused:
                continue
            if primary and line.words[0] not in _POOL_KEYWORDS:
                continue  # the spec's own defaults carry it
            if self._fold(kind, doc, path, line, label, defaults.label if defaults else ""):
                self._into.setdefault(line.number, []).append(label)
        for line in section.lines:
            if self._unreadable(line, label):
                continue
            self._section_line(kind, doc, path, line, label)
        if "bind" not in doc and kind != "backend":
            self._lab_port(doc, path, section.header, label)
        self._tls_bind_first(doc, path, label)
        return True

    def _lab_port(self, doc: dict[str, Any], path: str, header: CfgLine, label: str) -> None:
        """A frontend or listen with no bind the lab can use (unix sockets, fd@, a variable with
        no value ...) listens on a free port of the lab's proxy, said on its header line."""
        port = self.free_port()
        doc["bind"] = {"address": "*", "port": port}
        self.out.origins[f"{path}.bind"] = header.number
        self.out.notes.append(
            f"{label} has no bind the lab can listen on (no TCP address, or its line was refused): the lab "
            f"listens for it on port {port}"
        )
        fate = self.out.fates[header.number]
        self.out.fates[header.number] = fate.model_copy(
            update={"detail": f"{fate.detail}; it has no usable bind, so it listens on the lab port {port}"}
        )

    def free_port(self) -> int:
        used = {
            bind["port"]
            for kind in ("frontends", "listens")
            for section in self.out.doc[kind]
            for bind in [section.get("bind"), *section.get("extra_binds", [])]
            if bind
        }
        port = 8080
        while port in used:
            port += 1
        return port

    def _tls_bind_first(self, doc: dict[str, Any], path: str, label: str) -> None:
        """The load enters through `bind`: make it the first TLS bind when the section has one
        (production's clients come in over TLS; a plain :80 beside it usually redirects)."""
        extra: list[dict[str, Any]] = doc.get("extra_binds", [])
        if "bind" not in doc or "ssl" in doc["bind"]:
            return
        tls = next((i for i, bind in enumerate(extra) if "ssl" in bind), None)
        if tls is None:
            return
        binds = [doc["bind"], *extra]
        lines = [
            self.out.origins[f"{path}.bind"],
            *(self.out.origins[f"{path}.extra_binds.{i}"] for i in range(len(extra))),
        ]
        order = [tls + 1, *(i for i in range(len(binds)) if i != tls + 1)]
        doc["bind"], doc["extra_binds"] = binds[order[0]], [binds[i] for i in order[1:]]
        for position, original in enumerate(order):
            where = f"{path}.bind" if position == 0 else f"{path}.extra_binds.{position - 1}"
            self.out.origins[where] = lines[original]
        for number in dict.fromkeys(lines):
            fate = self.out.fates[number]
            positions = [p for p, o in enumerate(order) if lines[o] == number]
            where = f"{path}.bind" if positions[0] == 0 else f"{path}.extra_binds.{positions[0] - 1}"
            self.out.fates[number] = fate.model_copy(
                update={
                    "field": f"proxy.{where.removeprefix('proxy.')}",
                    "detail": re.sub(r"^mapped to proxy\.\S+:", f"mapped to proxy.{where}:", fate.detail),
                }
            )
        self.out.notes.append(
            f"{label}: the load enters through its TLS bind (line {lines[order[0]]}), as production's "
            "clients do; its other binds are kept beside it"
        )

    def _fold(
        self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, label: str, origin: str
    ) -> bool:
        """Apply an inherited defaults line to this section, if the section kind takes it."""
        words = line.words or []
        keyword = words[0]
        if keyword in _POOL_KEYWORDS and kind == "frontend":
            return False
        if keyword == "timeout" and len(words) == 3 and words[1].replace("-", "_") not in _TIMEOUTS[kind]:
            return False
        if keyword == "maxconn" and kind == "backend":
            return False
        modelled_option = len(words) >= 2 and words[1] in _OPTIONS.get(kind, frozenset())
        if (
            keyword == "option"
            and not modelled_option
            and check_raw_line(kind, self._raw_text(line)) is not None
        ):
            return False
        before = self.out.fates.get(line.number)
        self._section_line(kind, doc, path, line, label)
        after = self.out.fates.get(line.number)
        if after is not None and after.fate == "refused":
            if before is not None:
                self.out.fates[line.number] = before
            return False
        return True

    def _section_line(self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        if line.control is not None:
            self._control_line(kind, doc, path, line, label)
            return
        words = line.words or []
        keyword = words[0]
        if keyword == "bind" and kind in ("frontend", "listen"):
            self._bind(doc, path, line, label)
        elif keyword in ("server", "server-template") and kind in ("backend", "listen"):
            self._server(doc, path, line, label)
        elif keyword == "default_backend" and kind in ("frontend", "listen") and len(words) == 2:
            self.set_field(doc, "default_backend", self._names.get(words[1], words[1]), path, line, label)
            self.fate(
                line,
                label,
                "modelled",
                f"modelled as proxy.{path}.default_backend",
                f"{path}.default_backend",
            )
        elif keyword == "maxconn" and kind in ("frontend", "listen"):
            number = integer(words[1]) if len(words) == 2 else None
            if number is None or number > MAX_GLOBAL_MAXCONN:
                self.fate(
                    line, label, "refused", f"refused: maxconn must be a number up to {MAX_GLOBAL_MAXCONN}"
                )
                return
            self._modelled(doc, "maxconn", number, path, line, label)
        elif keyword in ("balance", "http-reuse", "fullconn", "retries") and kind in ("backend", "listen"):
            self._pool_line(doc, path, line, label)
        elif (
            keyword == "option"
            and len(words) >= 2
            and words[1] in ("httpchk", "mysql-check")
            and kind
            in (
                "backend",
                "listen",
            )
        ):
            self._health_check(kind, doc, path, line, label)
        elif keyword == "http-check" and words[1:3] == ["expect", "status"] and len(words) == 4:
            self._check_expect(kind, doc, path, line, label)
        else:
            self._common_line(kind, doc, path, line, label)

    def _control_line(self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        """A line whose escapes make control characters, which a raw line may not hold: the two
        forms production configs use are rewritten into HAProxy 2.6's own equivalents without
        them (and said so); anything else is refused with the reason."""
        words = line.words or []
        rewritten: list[list[str]] = []
        if words[:2] == ["option", "httpchk"] and kind in ("backend", "listen") and len(words) == 5:
            # The pre-2.2 form: `option httpchk GET /x HTTP/1.1\r\nHost:\ www`.
            version, *headers = words[4].split("\r\n")
            pairs = [h.split(":", 1) for h in headers if h]
            if version.startswith("HTTP/") and all(len(p) == 2 for p in pairs):
                rewritten.append(words[:4])
                send = ["http-check", "send", "ver", version]
                for name, value in pairs:
                    send += ["hdr", name.strip(), value.strip()]
                rewritten.append(send)
        elif words[:2] == ["tcp-check", "send"] and len(words) == 3:
            rewritten.append(["tcp-check", "send-binary", words[2].encode("latin-1", "replace").hex()])
        elif words[:3] == ["tcp-check", "expect", "string"] and len(words) == 4:
            rewritten.append(["tcp-check", "expect", "binary", words[3].encode("latin-1", "replace").hex()])
        if not rewritten:
            self.fate(
                line, label, "refused", f"refused: HAProxy would not read this line here: {line.control}"
            )
            return
        texts = [join_words(r) for r in rewritten]
        if any(check_raw_line(kind, text) for text in texts[1:] or texts):
            self.fate(line, label, "refused", f"refused: {line.control}")
            return
        fields = []
        for text in texts:
            extra = doc.setdefault("extra", [])
            if text.startswith("option httpchk"):
                self._health_check(kind, doc, path, CfgLine(line.number, text, text.split()), label)
                fields.append(f"{path}.health_check")
                continue
            extra.append(text)
            self.out.origins[f"{path}.extra.{len(extra) - 1}"] = line.number
            fields.append(f"{path}.extra.{len(extra) - 1}")
        self.fate(
            line,
            label,
            "mapped",
            f"rewritten without control characters as {' + '.join(repr(t) for t in texts)} (the same check)",
            fields[-1],
        )

    def _common_line(self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        """Lines defaults and every proxy section share: mode, timeouts, options, retries, log."""
        words = line.words or []
        keyword = words[0]
        if keyword == "mode" and len(words) == 2 and words[1] in ("http", "tcp"):
            self._modelled(doc, "mode", words[1], path, line, label)
        elif keyword == "timeout" and len(words) == 3 and words[1].replace("-", "_") in _TIMEOUTS[kind]:
            value = millis(words[2])
            if value is None:
                self.keep_raw(kind, doc, path, line, label)
                return
            timeouts = doc.setdefault("timeouts", {})
            name = words[1].replace("-", "_")
            self.set_field(timeouts, name, value, f"{path}.timeouts", line, label)
            self.fate(
                line,
                label,
                "modelled",
                f"modelled as proxy.{path}.timeouts.{name}",
                f"{path}.timeouts.{name}",
            )
        elif keyword == "option" and len(words) == 2 and words[1] in _OPTIONS.get(kind, frozenset()):
            self._option(doc, path, words[1], line, label)
        elif (
            keyword in ("retries", "maxconn")
            and kind == "defaults"
            and len(words) == 2
            and integer(words[1]) is not None
        ):
            self._modelled(doc, keyword, integer(words[1]), path, line, label)
        elif keyword == "log" and words[1:] == ["global"]:
            self.fate(
                line,
                label,
                "modelled",
                "modelled: every section logs where proxy.global.log says",
                "global.log",
            )
        elif keyword == "log" and len(words) > 1 and words[1] not in ("stdout", "stderr"):
            self.fate(
                line,
                label,
                "not_imported",
                f"not imported: the lab has no syslog at {words[1]}; sections log where proxy.global.log "
                "says",
            )
        else:
            self.keep_raw(kind, doc, path, line, label)

    def _option(self, doc: dict[str, Any], path: str, option: str, line: CfgLine, label: str) -> None:
        options: list[str] = doc.setdefault("options", [])
        origins: list[int] = doc.setdefault("_option_lines", [])
        group = next((g for g in EXCLUSIVE_OPTION_GROUPS if option in g), frozenset({option}))
        for position in reversed(range(len(options))):
            if options[position] in group:  # HAProxy keeps the last of them
                earlier = origins[position]
                del options[position], origins[position]
                if earlier in self.out.fates and not self._into.get(earlier):
                    self.out.fates[earlier] = self.out.fates[earlier].model_copy(
                        update={
                            "fate": "skipped",
                            "field": None,
                            "detail": f"overridden by line {line.number}",
                        }
                    )
        options.append(option)
        origins.append(line.number)
        self.out.origins[f"{path}.options.{option}"] = line.number
        self.fate(line, label, "modelled", f"modelled as proxy.{path}.options", f"{path}.options")

    def _pool_line(self, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        words = line.words or []
        keyword, value = words[0], words[1] if len(words) == 2 else None
        if keyword == "balance" and value in _BALANCE:
            self._modelled(doc, "balance", value, path, line, label)
        elif keyword == "http-reuse" and value in _HTTP_REUSE:
            self._modelled(doc, "http_reuse", value, path, line, label)
        elif keyword in ("fullconn", "retries") and value is not None and integer(value) is not None:
            self._modelled(doc, keyword, integer(value), path, line, label)
        else:
            what = {
                "balance": f"the model knows balance {', '.join(sorted(_BALANCE))}",
                "http-reuse": "the model knows never, safe, aggressive, always",
            }.get(keyword, "a number")
            self.fate(
                line, label, "refused", f"refused: {' '.join(words[1:])!r} is not one the spec holds ({what})"
            )

    def _health_check(self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        words = line.words or []
        if words[1] == "mysql-check":
            if words[2:3] == ["user"] and len(words) == 4 and re.fullmatch(r"[A-Za-z0-9_]{1,32}", words[3]):
                self._modelled(doc, "health_check", {"kind": "mysql", "user": words[3]}, path, line, label)
            else:
                self.keep_raw(kind, doc, path, line, label)
            return
        args = words[2:]
        # `option httpchk` checks OPTIONS /; one argument is the URI; two are method and URI.
        method, uri = (
            ("OPTIONS", "/") if not args else ("OPTIONS", args[0]) if len(args) == 1 else (args[0], args[1])
        )
        self._check_path(uri)
        if (
            len(args) > 2
            or method not in _CHECK_METHODS
            or not uri.startswith("/")
            or any(c in uri for c in "?#'\"\\$ ")
        ):
            self.keep_raw(kind, doc, path, line, label)
            return
        check = {"kind": "http", "method": method, "path": uri}
        self._modelled(doc, "health_check", check, path, line, label)

    def _check_expect(self, kind: str, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        words = line.words or []
        check = doc.get("health_check")
        status = integer(words[3])
        if (
            check is None
            or check.get("kind") != "http"
            or status is None
            or any(w.startswith("http-check") for w in doc.get("extra", []))
        ):
            self.keep_raw(kind, doc, path, line, label)
            return
        check["expect_status"] = status
        self.out.origins[f"{path}.health_check.expect_status"] = line.number
        self.fate(
            line,
            label,
            "modelled",
            f"modelled as proxy.{path}.health_check.expect_status",
            f"{path}.health_check",
        )

    def _check_path(self, uri: str) -> None:
        path = uri.split("?", 1)[0]
        if path.startswith("/") and path not in self.out.check_paths:
            self.out.check_paths.append(path)

    # ------------------------------------------------------------------ binds

    def _bind(self, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        words = line.words or []
        if len(words) < 2:
            self.fate(line, label, "refused", "refused: a bind needs an address")
            return
        binds: list[dict[str, Any]] = []
        problems: list[str] = []
        for address in words[1].split(","):
            port, left = bind_port(address)
            if port is None:
                problems.append(left)
                continue
            binds.append({"address": "*", "port": port})
            self.map("bind", address, f"the lab proxy's address, port {port}", line.number)
            if left:
                problems.append(f"{left} (one port per bind)")
        if not binds:
            self.fate(line, label, "refused", f"refused: {'; '.join(problems)}")
            return
        tls, alpn, proto, left_out = _bind_settings(words[2:])
        for bind in binds:
            if tls["ssl"]:
                bind["ssl"] = {"cert": LAB_CERTIFICATE, "alpn": alpn, "options": tls["options"]}
                bind["ssl"].update({k: tls[k] for k in ("ciphers", "ciphersuites") if k in tls})
            if proto:
                bind["proto"] = proto
        for cert in tls["certs"]:
            self.map("certificate", cert, f"the lab certificate {LAB_CERTIFICATE!r}", line.number)
        existing = [doc["bind"], *doc.get("extra_binds", [])] if "bind" in doc else []
        first_index = len(existing)
        for bind in binds:
            if "bind" not in doc:
                doc["bind"] = bind
                self.out.origins[f"{path}.bind"] = line.number
            else:
                extra = doc.setdefault("extra_binds", [])
                extra.append(bind)
                self.out.origins[f"{path}.extra_binds.{len(extra) - 1}"] = line.number
        where = f"{path}.bind" if first_index == 0 else f"{path}.extra_binds.{first_index - 1}"
        described = ", ".join(
            f"port {b['port']}" + (f" with TLS (certificate {LAB_CERTIFICATE!r})" if "ssl" in b else "")
            for b in binds
        )
        detail = f"mapped to proxy.{where}: the lab proxy's address, {described}"
        left_out += problems
        if left_out:
            detail += f"; left out: {'; '.join(left_out)}"
        self.fate(line, label, "mapped", detail, where)

    # ------------------------------------------------------------------ servers

    def _server(self, doc: dict[str, Any], path: str, line: CfgLine, label: str) -> None:
        words = line.words or []
        template = words[0] == "server-template"
        if len(words) < (4 if template else 3):
            self.fate(line, label, "refused", f"refused: {words[0]} needs a name and an address")
            return
        if template:
            count = _template_count(words[2])
            if count is None:
                self.fate(
                    line, label, "refused", f"refused: {words[2]!r} is not a server-template count or range"
                )
                return
            first, number = count
            names = [f"{words[1]}{first + i}" for i in range(number)]
            address, written = words[3], words[4:]
            addresses = [f"{address}#{first + i}" for i in range(number)]
        else:
            names, addresses = [words[1]], [words[2]]
            written = words[3:]
        if self.target == "external":
            try:
                split_host_port(addresses[0].split("#")[0].removeprefix("ipv4@").removeprefix("ipv6@"))
            except ValueError as error:
                self.fate(
                    line,
                    label,
                    "refused",
                    f"refused: servers stay at their production addresses (external target), and {error}",
                )
                return
        server, left_out = _server_settings(written)
        servers: list[dict[str, Any]] = doc.setdefault("servers", [])
        if len(servers) + len(names) > MAX_SERVERS:
            self.fate(
                line, label, "refused", f"refused: a section holds at most {MAX_SERVERS} servers in the spec"
            )
            return
        for name, address in zip(names, addresses, strict=True):
            imported = name if _NAME.fullmatch(name) else _valid_name(name, "s")
            if imported != name:
                left_out.append(f"renamed {name!r} to {imported!r} (names start with a letter)")
            entry = {"name": imported, **server}
            servers.append(entry)
            where = f"{path}.servers.{len(servers) - 1}"
            self.out.origins[where] = line.number
            self.out.servers.append(ServerRef(where, line.number, address, entry))
        for kind, original in (("ca", server.get("_ca_path")),):
            if original:
                self.map(kind, original, f"the lab CA {LAB_CA!r}", line.number)
        entry_detail = f"{len(names)} servers" if template else "the server"
        detail = f"mapped to proxy.{path}.servers: {entry_detail} at one of the lab's target servers"
        if left_out:
            detail += f"; left out: {'; '.join(dict.fromkeys(left_out))}"
        self.fate(line, label, "mapped", detail, f"{path}.servers")

    # ------------------------------------------------------------------ references

    def _references(self) -> None:
        """A default_backend naming a section that was not imported is refused (use_backend
        lines are left to haproxy -c, which names them)."""
        names = {doc["name"] for kind in ("backends", "listens") for doc in self.out.doc[kind]}
        for index, frontend in enumerate(self.out.doc["frontends"]):
            target = frontend.get("default_backend")
            if target is not None and target not in names:
                renamed = self._names.get(target)
                if renamed in names:
                    frontend["default_backend"] = renamed
                    continue
                line = self.out.origins.get(f"frontends.{index}.default_backend")
                del frontend["default_backend"]
                if line is not None:
                    self.refused[line] = f"no imported backend or listen section is called {target!r}"
                    fate = self.out.fates[line]
                    self.out.fates[line] = fate.model_copy(
                        update={"fate": "refused", "field": None, "detail": f"refused: {self.refused[line]}"}
                    )


def _valid_name(written: str, prefix: str) -> str:
    cleaned = re.sub(r"[^A-Za-z0-9_.:-]", "_", written)
    if not cleaned[:1].isalpha():
        cleaned = prefix + cleaned
    return cleaned[:63]


def _ssl_options(args: list[str]) -> list[str] | None:
    options: list[str] = []
    index = 0
    while index < len(args):
        if args[index] in ("ssl-min-ver", "ssl-max-ver") and index + 1 < len(args):
            options.append(f"{args[index]} {args[index + 1]}")
            index += 2
            continue
        options.append(args[index])
        index += 1
    return options if all(_SSL_OPTION.fullmatch(o) for o in options) else None


def _bind_settings(words: list[str]) -> tuple[dict[str, Any], list[str], str | None, list[str]]:
    tls: dict[str, Any] = {"ssl": False, "certs": [], "options": []}
    alpn: list[str] = []
    proto = None
    left_out: list[str] = []
    for word, value in settings(words, BIND_WITH_VALUE):
        option = f"{word} {value}" if word in ("ssl-min-ver", "ssl-max-ver") and value else word
        if word == "ssl":
            tls["ssl"] = True
        elif word in ("ciphers", "ciphersuites") and value is not None and _CIPHERS.fullmatch(value):
            tls[word] = value
        elif _SSL_OPTION.fullmatch(option):
            tls["options"].append(option)
        elif word in ("crt", "crt-list") and value is not None:
            tls["certs"].append(value)
        elif word == "alpn" and value is not None:
            wanted = value.split(",")
            alpn = [p for p in wanted if p in _ALPN]
            if len(alpn) != len(wanted):
                left_out.append(
                    f"alpn {', '.join(p for p in wanted if p not in _ALPN)} (the lab offers h2 and http/1.x)"
                )
        elif word == "proto" and value == "h2":
            proto = "h2"
        else:
            left_out.append(f"{word} {value}" if value is not None else word)
    if not tls["ssl"]:
        if tls["certs"]:
            left_out.append("crt without ssl")
        left_out += tls["options"] + [f"{k} {tls[k]}" for k in ("ciphers", "ciphersuites") if k in tls]
        tls["certs"] = []
    return (
        tls,
        alpn,
        proto,
        [f"{item} (not modelled on a bind)" if "(" not in item else item for item in left_out],
    )


def _template_count(word: str) -> tuple[int, int] | None:
    first, dash, last = word.partition("-")
    if not dash:
        count = integer(word)
        return (1, count) if count and count <= MAX_TARGETS else None
    low, high = integer(first), integer(last)
    if low is None or high is None or high < low or high - low + 1 > MAX_TARGETS:
        return None
    return low, high - low + 1


def _server_settings(words: list[str]) -> tuple[dict[str, Any], list[str]]:
    """(the modelled fields of a server line's settings, what is left out and why)."""
    server: dict[str, Any] = {}
    check: dict[str, Any] | None = None
    timing: dict[str, int] = {}
    ssl: dict[str, Any] | None = None
    verify: str | None = None
    ca_path: str | None = None
    alpn: list[str] = []
    extra: list[str] = []
    left_out: list[str] = []
    for word, value in settings(words, SERVER_WITH_VALUE):
        number = integer(value) if value is not None else None
        if (
            word in ("maxconn", "minconn", "maxqueue", "weight", "pool-max-conn", "pool-low-conn")
            and number is not None
        ):
            server[word.replace("-", "_")] = number
        elif word == "pool-purge-delay" and value is not None and millis(value) is not None:
            server["pool_purge_delay_ms"] = millis(value)
        elif word == "check":
            check = {}
        elif word in ("inter", "rise", "fall") and value is not None:
            amount = millis(value) if word == "inter" else number
            if amount is None:
                left_out.append(f"{word} {value} (not a value the spec holds)")
            else:
                timing[word] = amount
        elif word == "ssl":
            ssl = {}
        elif word == "verify" and value in ("none", "required"):
            verify = value
        elif word == "ca-file" and value is not None:
            ca_path = value
        elif word == "alpn" and value is not None:
            alpn = [p for p in value.split(",") if p in _ALPN]
        elif word == "proto" and value == "h2":
            server["proto"] = "h2"
        elif word == "send-proxy":
            server["send_proxy"] = True
        elif word == "backup":
            server["backup"] = True
        else:
            setting = f"{word} {value}" if value is not None else word
            why = server_setting_problem(setting)
            if why is None:
                extra.append(setting)
            else:
                left_out.append(f"{setting} ({why})")
    if check is not None:
        check.update({{"inter": "inter_ms"}.get(k, k): v for k, v in timing.items()})
        server["check"] = check
    else:
        extra += [f"{k} {v}ms" if k == "inter" else f"{k} {v}" for k, v in timing.items()]
    if ssl is not None:
        required = verify == "required" or (verify is None and ca_path is not None)
        ssl["verify"] = "required" if required else "none"
        if required:
            ssl["ca"] = LAB_CA
            server["_ca_path"] = ca_path or "the system CA store"
        if alpn:
            ssl["alpn"] = alpn
        server["ssl"] = ssl
    if extra:
        server["extra"] = extra
    return server, left_out


def build(
    read: ReadConfig, refused: dict[int, str], pattern_files: dict[str, str], target: TargetChoice = "managed"
) -> Built:
    """The HAProxyConfig document of `read`, leaving out the lines in `refused` (line -> why)."""
    return _Builder(read, refused, pattern_files, target).build()
