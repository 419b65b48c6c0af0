"""POST /experiments/import: a production haproxy.cfg made into a spec, checked by `haproxy -c`.

contract.cfg_import does the reading and mapping (pure). This adds what only the API host can:
the sandboxed `haproxy -c` of backend/experiments/config_check.py on the imported config as it
renders. A raw line HAProxy refuses (an ACL naming a userlist that was not imported, a
use_backend naming a backend that was left out ...) is refused with HAProxy's message and the
config imported again without it, until HAProxy accepts it or names no more lines of ours.
"""

from __future__ import annotations

import re

from backend.errors import invalid
from backend.experiments import config_check
from backend.experiments.schemas import ImportAnswer, ImportRequest
from contract.cfg_import import ConfigImportError, Imported, import_config, mark_given
from contract.cfg_import.report import ConfigCheck
from contract.haproxy.render import RenderError

# Each round refuses at least one line; HAProxy stops at its first fatal section, so a config
# with several bad lines in several sections can need a few.
MAX_CHECK_ROUNDS = 12


def import_document(body: ImportRequest) -> ImportAnswer:
    if "\x00" in body.text:
        raise invalid("text", "holds a NUL byte; a haproxy.cfg is text")
    refused: dict[int, str] = {}
    imported = _imported(body, refused)
    check = ConfigCheck(ok=False, messages=["not checked"])
    rendered_text = ""
    for _ in range(MAX_CHECK_ROUNDS):
        try:
            rendered = config_check.rendered_for_check(imported.spec)
        except RenderError as refusal:
            check = ConfigCheck(ok=False, messages=[str(refusal)])
            break
        rendered_text = rendered.text
        result = config_check.check(rendered)
        check = ConfigCheck(ok=result.ok, messages=[e.message for e in result.errors])
        if result.ok:
            break
        lines: dict[int, str] = {}
        for problem in result.errors:
            numbers = [problem.line] if problem.line is not None else _unplaced(problem.message, rendered)
            for number in numbers:
                field = rendered.raw_lines.get(number)
                source = imported.origins.get(field) if field is not None else None
                if source is not None and source not in refused:
                    lines.setdefault(source, f"haproxy -c: {problem.message}")
        if not lines:
            break
        refused.update(lines)
        imported = _imported(body, refused)
    report = mark_given(imported.report, body.environment).model_copy(
        update={"rendered": rendered_text, "check": check}
    )
    entry = imported.spec.entry_point()[1].name
    return ImportAnswer(
        name=f"imported {entry}",
        description="Imported from a haplab import of a production haproxy.cfg.",
        spec=imported.spec,
        report=report,
    )


_QUOTED = re.compile(r"'([^']+)'")
_PROXY = re.compile(r"^(?:Proxy|(?:frontend|backend|listen)) '([^']+)'")
_SECTION = re.compile(r"^(?:frontend|backend|listen) (\S+)$")


def _unplaced(message: str, rendered: config_check.RenderedConfig) -> list[int]:
    """The raw lines an error HAProxy gave no line number for is about: "Proxy 'fe': unable to
    find table 'stkt' referenced by track-sc0." names its section and quotes the words of the
    line; the raw lines of that section holding every quoted word."""
    proxy = _PROXY.match(message)
    if proxy is None:
        return []
    quoted = [word for word in _QUOTED.findall(message)[1:] if word != proxy.group(1)]
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
