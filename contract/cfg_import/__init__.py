"""Import a production haproxy.cfg into an experiment spec, with every line's fate reported.

`import_config(text, ...)` reads the text as HAProxy 2.6 does (contract.cfg_import.reader),
turns each line into a model field, a raw line or a refusal (contract.cfg_import.mapping), maps
the servers onto the lab's targets, and validates the result as any spec is validated. When the
model refuses something (a cross-section check), the line it came from is refused with the
model's reason and the config is built again without it, so the answer is always a valid spec
and a report saying what was left out. `haproxy -c` is the backend's to run
(backend/experiments/importing.py), with the same loop.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from contract.cfg_import.mapping import LAB_CA, LAB_CERTIFICATE, MAX_TARGETS, Built, TargetChoice, build
from contract.cfg_import.reader import ReadConfig, read_config
from contract.cfg_import.report import (
    EnvironmentReference,
    FileReference,
    ImportReport,
    LabMapping,
)
from contract.experiment import ExperimentSpec
from contract.haproxy.cfg_words import split_words
from contract.haproxy.raw_lines import request_log_problem
from contract.target import DEFAULT_ENDPOINTS

__all__ = ["LAB_CA", "LAB_CERTIFICATE", "ConfigImportError", "Imported", "import_config"]

# Each round refuses at least one line; a config cannot need more rounds than it has lines.
_MAX_ROUNDS = 400
_RELATIVE_FIELD = re.compile(r"^([a-z_]+(?:\.[0-9]+)?(?:\.[a-z_]+)*):")
_FIELD_AT_START = re.compile(
    r"^((?:proxy\.)?(?:global|defaults|frontends|backends|listens)(?:\.[A-Za-z0-9_]+)*)"
)


class ConfigImportError(ValueError):
    """The text cannot become an experiment at all (the message says why)."""


@dataclass
class Imported:
    spec: ExperimentSpec
    report: ImportReport
    # field path (frontends.0.extra.2, target.addresses.1) -> the original line it came from
    origins: dict[str, int]

    def origin(self, path: str) -> int | None:
        return origin_of(self.origins, path)


def import_config(
    text: str,
    *,
    environment: dict[str, str] | None = None,
    target: TargetChoice = "managed",
    files: dict[str, str] | None = None,
    refused: dict[int, str] | None = None,
) -> Imported:
    """The spec and report for haproxy.cfg `text`.

    `environment` gives the variables the config reads; `target` says whether servers become the
    lab's managed servers or stay at their production addresses (an external target); `files`
    gives the content of pattern files (`acl ... -f <path>`) to inline; `refused` is lines to
    leave out and why (the backend's `haproxy -c` loop). Raises ConfigImportError when nothing of the
    text can be an experiment (no frontend or listen section).
    """
    read = read_config(text, environment or {})
    refused = dict(refused or {})
    for _ in range(_MAX_ROUNDS):
        built = build(read, refused, files or {}, target)
        spec_doc = _spec_document(built, target)
        unanswerable = {
            line: why
            for line, why in _checks_the_target_cannot_answer(built, spec_doc).items()
            if line not in refused
        }
        if unanswerable:
            refused.update(unanswerable)
            continue
        try:
            spec = ExperimentSpec.model_validate(spec_doc)
        except ValidationError as error:
            lines = {line: why for line, why in _lines_to_refuse(error, built).items() if line not in refused}
            if not lines:
                raise ConfigImportError(_first_message(error)) from None
            refused.update(lines)
            continue
        origins = dict(built.origins)
        for ref in built.servers:  # an external address the lab refuses: the servers naming it
            origins.setdefault(f"target.addresses.{ref.doc['target'] - 1}", ref.line)
        return Imported(spec, _report(read, built, spec, target), origins)
    raise ConfigImportError("the config could not be imported: too many lines were refused")


# ------------------------------------------------------------------ the spec around the config


def _spec_document(built: Built, choice: TargetChoice) -> dict[str, Any]:
    targets = _assign_targets(built, choice)
    entry = _entry(built.doc)
    defaults_mode = built.doc["defaults"].get("mode", "http")
    tcp_entry = entry is not None and (entry.get("mode") or defaults_mode) == "tcp"
    mysql = any(
        (s.get("health_check") or {}).get("kind") == "mysql"
        or any("mysql-check" in line for line in s.get("extra", []))
        for s in (*built.doc["backends"], *built.doc["listens"])
    )
    bind = (entry or {}).get("bind", {})
    tls = "ssl" in bind
    h2 = bind.get("proto") == "h2"
    load: dict[str, Any] = {"path": "/", "tls": tls}
    if h2:
        load.update({"http_version": "2", "driver": "h2load"})
    if choice == "external" and targets:
        target: dict[str, Any] = {"kind": "external", "addresses": targets}
    elif tcp_entry and mysql:
        target = {"kind": "mariadb"}
        load = {"driver": "mariadb-slap", "connections": 10, "sql": {}}
        for ref in built.servers:
            ref.doc["target"] = 1
            ref.doc.pop("ssl", None)
            ref.doc.pop("proto", None)
        for section in (*built.doc["backends"], *built.doc["listens"]):
            check = section.get("health_check") or {}
            if check.get("kind") == "mysql" and check.get("user") != "haproxy":
                built.notes.append(
                    f"{section['name']}: the check logs in as 'haproxy' (not {check['user']!r}): the user "
                    "the lab's MariaDB has for checks"
                )
                check["user"] = "haproxy"
    else:
        target = _managed_target(built, len(targets))
    for ref in built.servers:
        ref.doc.pop("_ca_path", None)
    if entry is not None and (hosts := _host_names(entry)):
        built.notes.append(
            f"{entry['name']} routes or filters by the Host header ({', '.join(hosts[:5])}): the load "
            "sends the proxy's address as Host unless load.headers gives one of these"
        )
    proxy = _clean(built.doc)
    timers = {"collect": not _log_lines_conflict(proxy)}
    if not timers["collect"]:
        built.notes.append(
            "timers.collect is off: the config sets its own request log (log-format, logasap ...), which "
            "haplab's per-request timers would replace; turn them on in the designer to measure them instead"
        )
    return {"proxy": proxy, "target": target, "load": load, "timers": timers}


# Health checks that speak another protocol than the lab's managed servers (HTTP), or look
# for a body they do not send: against them every check fails and every server is marked down.
_PROTOCOL_CHECKS = {
    "pgsql-check": "PostgreSQL",
    "redis-check": "Redis",
    "mysql-check": "MySQL",
    "ldap-check": "LDAP",
    "smtpchk": "SMTP",
    "spop-check": "SPOP",
    "ssl-hello-chk": "a TLS handshake",
}
_BODY_MATCHERS = frozenset({"string", "rstring", "binary", "rbinary", "!string", "!rstring"})


def _checks_the_target_cannot_answer(built: Built, spec_doc: dict[str, Any]) -> dict[int, str]:
    """Raw health-check lines the lab's managed HTTP servers would fail: refused with why."""
    target = spec_doc["target"]
    if target["kind"] != "managed":
        return {}
    found: dict[int, str] = {}
    for path, line in built.origins.items():
        parts = path.split(".")
        if len(parts) < 2 or parts[-2] != "extra" or not parts[-1].isdigit():
            continue
        section: Any = built.doc
        for part in parts[:-2]:
            section = section[int(part)] if part.isdigit() else section[part]
        words = split_words(section["extra"][int(parts[-1])])
        speaks = None
        if words[:1] == ["option"] and len(words) > 1 and words[1] in _PROTOCOL_CHECKS:
            if not (words[1] == "ssl-hello-chk" and target.get("tls")):
                speaks = _PROTOCOL_CHECKS[words[1]]
        elif (
            words[:1] == ["tcp-check"]
            and len(words) > 1
            and words[1] in ("send", "send-binary", "expect", "send-lf")
        ):
            speaks = "the protocol these tcp-check steps expect"
        elif words[:2] == ["http-check", "expect"] and any(w in _BODY_MATCHERS for w in words[2:4]):
            speaks = "a reply body the check looks for"
        if speaks is not None:
            found[line] = (
                f"the check expects {speaks}; the lab's managed servers answer HTTP, so every check would "
                "fail and mark the servers down (an external target keeps it)"
            )
    return found


_HOST_CRITERIA = re.compile(r"^(req\.)?hdr(_beg|_dom|_end|_reg|_sub)?\(host\)$", re.IGNORECASE)


def _host_names(section: dict[str, Any]) -> list[str]:
    """The Host names a section's ACLs compare with (`acl api hdr(host) -i api.example.com`)."""
    names: list[str] = []
    for line in section.get("extra", []):
        words = split_words(line)
        if words[:1] != ["acl"] or len(words) < 4 or not _HOST_CRITERIA.match(words[2]):
            continue
        names += [word for word in words[3:] if not word.startswith("-")]
    return list(dict.fromkeys(names))


def _clean(doc: dict[str, Any]) -> dict[str, Any]:
    """The document without the builder's bookkeeping keys (those starting with '_')."""
    if isinstance(doc, dict):
        return {k: _clean(v) for k, v in doc.items() if not k.startswith("_")}
    if isinstance(doc, list):
        return [_clean(v) for v in doc]
    return doc


def _entry(proxy: dict[str, Any]) -> dict[str, Any] | None:
    sections: list[dict[str, Any]] = [*proxy["frontends"], *proxy["listens"]]
    return sections[0] if sections else None


def _assign_targets(built: Built, choice: TargetChoice) -> list[str]:
    """Number each distinct production server address (first seen first); servers name theirs."""
    numbers: dict[str, int] = {}
    # In the spec's order (backends, then listens), which is the order they render in: the same
    # config read back from its rendering numbers them the same.
    built.servers.sort(key=lambda ref: _spec_order(ref.path))
    for ref in built.servers:
        # A server-template's servers are distinct instances behind one name: distinct managed
        # servers, but one external address.
        key = ref.address if choice == "managed" else _tcp_address(ref.address.split("#")[0])
        ref.address = key
        number = numbers.get(key)
        if number is None and len(numbers) < MAX_TARGETS:
            number = numbers[key] = len(numbers) + 1
        if number is None:  # the lab has no more upstreams: said on the line
            number = MAX_TARGETS
            crowded = built.fates.get(ref.line)
            note = f"the lab has at most {MAX_TARGETS} upstreams, so {ref.address} shares the last one"
            if crowded is not None and note not in crowded.detail:
                built.fates[ref.line] = crowded.model_copy(update={"detail": f"{crowded.detail}; {note}"})
        ref.doc["target"] = number
    for line in dict.fromkeys(ref.line for ref in built.servers):
        fate = built.fates.get(line)
        if fate is None or fate.fate != "mapped":
            continue
        which = sorted({ref.doc["target"] for ref in built.servers if ref.line == line})
        upstream = f"upstream {which[0]}" if len(which) == 1 else f"upstreams {which[0]}-{which[-1]}"
        built.fates[line] = fate.model_copy(
            update={
                "detail": fate.detail.replace(
                    "at one of the lab's target servers", f"at the target's {upstream}"
                )
            }
        )
    built.addresses = list(numbers)
    return [address.split("#")[0] for address in numbers]


def _tcp_address(address: str) -> str:
    for prefix in ("ipv4@", "ipv6@"):
        address = address.removeprefix(prefix)
    return address


def _spec_order(path: str) -> tuple[int, ...]:
    kind, index, _, number = path.split(".")
    return (0 if kind == "backends" else 1, int(index), int(number))


def _managed_target(built: Built, servers: int) -> dict[str, Any]:
    """The lab's own servers standing in for production's: as many as there were distinct
    addresses, answering the load's path and every health-check path, speaking TLS or h2c when
    the servers did (all alike: the managed servers speak one way)."""
    refs = built.servers
    tls = bool(refs) and sum("ssl" in r.doc for r in refs) * 2 > len(refs)
    h2c = bool(refs) and sum(r.doc.get("proto") == "h2" for r in refs) * 2 > len(refs)
    for ref in refs:
        if ("ssl" in ref.doc) != tls:
            if tls:
                ref.doc["ssl"] = {"verify": "none"}
            else:
                ref.doc.pop("ssl", None)
            _amend(built, ref.line, "ssl", added=tls)
        if (ref.doc.get("proto") == "h2") != h2c:
            if h2c:
                ref.doc["proto"] = "h2"
            else:
                ref.doc.pop("proto", None)
            _amend(built, ref.line, "proto h2", added=h2c)
    paths = list(dict.fromkeys(["/", *(e.path for e in DEFAULT_ENDPOINTS), *built.check_paths]))[:32]
    endpoints = [{"path": e.path} if e.path != "/slow" else e.model_dump() for e in DEFAULT_ENDPOINTS]
    endpoints = [
        {"path": "/"},
        *endpoints,
        *({"path": p} for p in paths if p not in ("/", "/fast", "/slow", "/health")),
    ]
    return {
        "kind": "managed",
        "servers": max(1, servers),
        "protocol": "h2c" if h2c else "h1",
        "tls": tls,
        "endpoints": endpoints[:32],
    }


def _amend(built: Built, line: int, setting: str, *, added: bool) -> None:
    """Say on a server line that `setting` was added or left out: the lab's managed servers all
    speak one way (TLS or not, h2c or not), the way most of the config's servers do."""
    fate = built.fates.get(line)
    why = "the lab's servers all speak one way, as most servers here do"
    if fate is None or f"{setting} (" in fate.detail:
        return
    if added:
        detail = f"{fate.detail}; {setting} added ({why})"
    else:
        joiner = "; " if "left out:" in fate.detail else "; left out: "
        detail = f"{fate.detail}{joiner}{setting} ({why})"
    built.fates[line] = fate.model_copy(update={"detail": detail})


def _log_lines_conflict(proxy: dict[str, Any]) -> bool:
    sections = [
        proxy["global"],
        proxy["defaults"],
        *proxy["frontends"],
        *proxy["backends"],
        *proxy["listens"],
    ]
    return any(request_log_problem(line) for section in sections for line in section.get("extra", []))


# ------------------------------------------------------------------ refusals from validation


def _lines_to_refuse(error: ValidationError, built: Built) -> dict[int, str]:
    """The lines whose fields the model refused, with the model's words."""
    lines: dict[int, str] = {}
    for item in error.errors():
        location = ".".join(str(part) for part in item["loc"])
        messages = [m.strip() for m in str(item["msg"]).removeprefix("Value error, ").split("; ")]
        for message in messages:
            path = location
            if match := _FIELD_AT_START.match(message):
                path = match.group(1)  # a whole config's check names the field from the top
            elif match := _RELATIVE_FIELD.match(message):
                path = f"{location}.{match.group(1)}"  # a section's check names it from there
            path = path.removeprefix("proxy.")
            option = re.search(r"option (\S+)", message)
            if path.endswith(".options") and option:
                path = f"{path}.{option.group(1)}"
            line = origin_of(built.origins, path)
            if line is not None and line not in lines:
                lines[line] = message
    return lines


def origin_of(origins: dict[str, int], path: str) -> int | None:
    """The line a field path came from: that of its longest recorded prefix."""
    parts = path.split(".")
    while parts:
        line = origins.get(".".join(parts))
        if line is not None:
            return line
        parts.pop()
    return None


def _first_message(error: ValidationError) -> str:
    item = error.errors()[0]
    location = ".".join(str(part) for part in item["loc"])
    message = str(item["msg"]).removeprefix("Value error, ")
    if "frontends: a config needs at least one frontend or listen section" in message:
        return "the config has no frontend or listen section the lab can send load to"
    return f"{location}: {message}" if location else message


# ------------------------------------------------------------------ the report


def _report(read: ReadConfig, built: Built, spec: ExperimentSpec, choice: TargetChoice) -> ImportReport:
    lines = [built.fates[number] for number in sorted(built.fates)]
    counts: dict[str, int] = {}
    for fate in lines:
        counts[fate.fate] = counts.get(fate.fate, 0) + 1
    environment = [
        EnvironmentReference(name=name, lines=numbers, default=default, given=False)
        for name, (default, numbers) in sorted(read.variables.items())
        if not name.startswith(".")
    ]
    mappings = [
        LabMapping(kind=kind, original=original, mapped_to=mapped_to, lines=sorted(set(numbers)))
        for (kind, original, mapped_to), numbers in built.mappings.items()
    ]
    kind = spec.target.kind
    for number, address in enumerate(built.addresses, start=1):
        shown = address.split("#")[0]
        if kind == "managed":
            mapped = f"the lab's target server {number}"
        elif kind == "mariadb":
            mapped = "the lab's MariaDB server"
        else:
            mapped = f"target.addresses.{number - 1} (external: {spec.target.addresses[number - 1]})"  # type: ignore[union-attr]
        server_lines = sorted({ref.line for ref in built.servers if ref.address == address})
        mappings.append(LabMapping(kind="server", original=shown, mapped_to=mapped, lines=server_lines))

    def detail(line: int) -> str:
        fate = built.fates.get(line)
        return f"{fate.text} {fate.detail}" if fate is not None else ""

    files = [
        FileReference(
            path=path,
            lines=sorted(set(numbers)),
            inlined=all("given with the import" in detail(n) for n in numbers),
            hint=(
                "pattern file: give its content with the import to inline its patterns into the acl line"
                if any(" -f " in detail(n) for n in numbers)
                else "the lab has no copy of this file; the lines that read it are refused"
            ),
        )
        for path, numbers in sorted(built.files.items())
    ]
    notes = list(dict.fromkeys(built.notes))
    if choice == "external" and built.addresses:
        notes.append(
            "servers stay at their production addresses (an external target): the lab's boundary must "
            "allow them"
        )
    return ImportReport(
        lines=lines,
        counts=counts,
        environment=environment,
        mappings=mappings,
        files=files,
        notes=notes,
    )


def mark_given(report: ImportReport, environment: dict[str, str]) -> ImportReport:
    """The report with each variable's `given` set from the values the import was given."""
    return report.model_copy(
        update={
            "environment": [e.model_copy(update={"given": e.name in environment}) for e in report.environment]
        }
    )
