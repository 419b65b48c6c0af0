"""POST /experiments/import: a production haproxy.cfg made into a spec the designer accepts.

contract.cfg_import does the reading and mapping (pure). This adds what only the API host can:
the designer's own validation of the result (backend/experiments/validation.py): the lab's
boundary (addresses a raw line sends traffic to) and the sandboxed `haproxy -c`. A line either
refuses (a log target outside the boundary, an ACL naming a userlist that was not imported ...)
is refused with that reason and the config imported again without it, until the spec is valid
or no refusal can be put on a line of the original.
"""

from __future__ import annotations

import re

from backend.errors import invalid
from backend.experiments import config_check, validation
from backend.experiments.schemas import ImportAnswer, ImportRequest, ValidationReport
from backend.experiments.spec_errors import SPEC_FIELD
from contract.cfg_import import ConfigImportError, Imported, import_config, mark_given
from contract.cfg_import.report import ConfigCheck
from contract.haproxy.render import RenderError
from contract.lab_boundary import Boundary

# Each round refuses at least one line; HAProxy stops at its first fatal section, so a config
# with bad lines in several sections can need a few.
MAX_CHECK_ROUNDS = 12


def import_document(body: ImportRequest, lab_boundary: Boundary) -> ImportAnswer:
    if "\x00" in body.text:
        raise invalid("text", "holds a NUL byte; a haproxy.cfg is text")
    refused: dict[int, str] = {}
    imported = _imported(body, refused)
    report = validation.validate_spec(imported.spec, lab_boundary)
    for _ in range(MAX_CHECK_ROUNDS):
        if report.valid:
            break
        lines = {line: why for line, why in _refusals(imported, report).items() if line not in refused}
        if not lines:
            break
        refused.update(lines)
        imported = _imported(body, refused)
        report = validation.validate_spec(imported.spec, lab_boundary)
    messages = [f"{e.field.removeprefix(SPEC_FIELD + '.')}: {e.message}" for e in report.field_errors]
    if report.haproxy_check is not None:
        messages += [e.message for e in report.haproxy_check.errors if e.field is None]
    imported_report = mark_given(imported.report, body.environment).model_copy(
        update={
            "rendered": report.rendered_config or "",
            "check": ConfigCheck(ok=report.valid, messages=list(dict.fromkeys(messages))),
        }
    )
    entry = imported.spec.entry_point()[1].name
    return ImportAnswer(
        name=f"imported {entry}",
        description=(
            "Imported from a production haproxy.cfg; its import report says what became of each line."
        ),
        spec=imported.spec,
        report=imported_report,
    )


def _refusals(imported: Imported, report: ValidationReport) -> dict[int, str]:
    """The original lines the validation's problems are about, with its words."""
    lines: dict[int, str] = {}
    for problem in report.field_errors:
        source = imported.origin(problem.field.removeprefix(f"{SPEC_FIELD}.").removeprefix("proxy."))
        if source is not None:
            lines.setdefault(source, problem.message)
    check = report.haproxy_check
    if check is not None and not check.ok:
        try:
            rendered = config_check.rendered_for_check(imported.spec)
        except RenderError:
            return lines
        for error in check.errors:
            if error.field is not None:
                continue  # a field error above already
            named = _named_field(error.message, imported)
            if named is not None and (source := imported.origin(named)) is not None:
                lines.setdefault(source, f"HAProxy refuses this line: {error.message}")
                continue
            for number in _unplaced(error.message, rendered):
                field = rendered.raw_lines.get(number)
                source = imported.origins.get(field) if field is not None else None
                if source is not None:
                    lines.setdefault(source, f"HAProxy refuses this line: {error.message}")
    return lines


_SERVER_NAMED = re.compile(r"'server ([^/']+)/([^']+)'")
_BIND_NAMED = re.compile(r"^Proxy '([^']+)'.* for bind '[^']*:(\d+)'")


def _named_field(message: str, imported: Imported) -> str | None:
    """The field of a server or bind HAProxy names instead of giving a line: "'server be/s1' :
    unable to set SSL cipher list ...", "Proxy 'fe': ... for bind '*:443' at ..."."""
    proxy = imported.spec.proxy
    if (server := _SERVER_NAMED.search(message)) is not None:
        for path, pool in proxy.pools():
            if pool.name == server.group(1):
                for index, candidate in enumerate(pool.servers):
                    if candidate.name == server.group(2):
                        return f"{path}.servers.{index}"
    if (bind := _BIND_NAMED.match(message)) is not None:
        sections = [
            *((f"frontends.{i}", f) for i, f in enumerate(proxy.frontends)),
            *((f"listens.{i}", s) for i, s in enumerate(proxy.listens)),
        ]
        for path, section in sections:
            if section.name == bind.group(1):
                for where, listener in section.all_binds():
                    if listener.port == int(bind.group(2)):
                        return f"{path}.{where}"
    return None


_QUOTED = re.compile(r"'([^']+)'")
_PROXY = re.compile(r"^(?:Proxy|(?:frontend|backend|listen)) '([^']+)'")
_REFERENCED_BY = re.compile(r"referenced by ([A-Za-z][\w.-]*?)\.?(?:\s|$)")
_SECTION = re.compile(r"^(?:frontend|backend|listen) (\S+)$")


def _unplaced(message: str, rendered: config_check.RenderedConfig) -> list[int]:
    """The raw lines an error HAProxy gave no line number for is about: "Proxy 'fe': unable to
    find table 'stkt' referenced by track-sc0." names its section and quotes the words of the
    line; the raw lines of that section holding every quoted word."""
    proxy = _PROXY.match(message)
    if proxy is None:
        return []
    quoted = [word for word in _QUOTED.findall(message)[1:] if word != proxy.group(1)]
    quoted += _REFERENCED_BY.findall(message)  # "... referenced by track-sc0."
    if not quoted:
        return []
    section: str | None = None
    found: list[int] = []
    for number, text in enumerate(rendered.text.split("\n"), start=1):
        header = _SECTION.match(text)
        if header is not None:
            section = header.group(1)
        elif section == proxy.group(1) and number in rendered.raw_lines:
            words = text.split()
            if all(any(word in w for w in words) for word in quoted):
                found.append(number)
    return found


def _imported(body: ImportRequest, refused: dict[int, str]) -> Imported:
    try:
        return import_config(
            body.text, environment=body.environment, target=body.target, files=body.files, refused=refused
        )
    except ConfigImportError as error:
        raise invalid("text", str(error)) from None
