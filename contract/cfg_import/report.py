"""What an import says about every line of the imported haproxy.cfg, and what it asks of the user.

The report is the answer to "what happened to my config": each line of the original text has a
fate (modelled as a spec field, kept as a raw line, mapped onto the lab, refused with a reason,
not imported with a reason, skipped), every environment variable the config reads is listed with
whether a value was given, and every path or address that was replaced by a lab equivalent is
named with what replaced it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from contract.strict import StrictModel

MAX_IMPORT_BYTES = 512 * 1024

Fate = Literal["modelled", "kept", "mapped", "refused", "not_imported", "skipped"]
FATE_HELP: dict[str, str] = {
    "modelled": "became a structured field of the spec",
    "kept": "kept as a raw line of its section, checked by the allowlist and haproxy -c",
    "mapped": "replaced by its lab equivalent (addresses, certificates, log destination ...)",
    "refused": "left out: the allowlist, the model or haproxy -c refused it (the reason says which)",
    "not_imported": "left out: a section or setting the spec cannot hold",
    "skipped": "comments, .if blocks and lines inside a false .if: HAProxy does not apply them either",
}
MappingKind = Literal["server", "bind", "certificate", "ca", "log", "file", "defaults"]


class LineFate(StrictModel):
    """What became of one line of the original config."""

    line: int = Field(ge=1, description="Line number in the original text (1-based).")
    text: str = Field(description="The line as written.")
    section: str = Field(description="The section it belongs to, e.g. 'backend app' ('' before any).")
    fate: Fate = Field(
        description="What became of it: " + "; ".join(f"{k}: {v}" for k, v in FATE_HELP.items())
    )
    field: str | None = Field(
        default=None, description="The spec field it became or went into, e.g. proxy.global.maxconn."
    )
    detail: str = Field(description="One sentence: what became of it and why.")


class EnvironmentReference(StrictModel):
    """An environment variable the config reads ("${NAME}" inside double quotes)."""

    name: str
    lines: list[int] = Field(description="Lines that read it.")
    default: str | None = Field(default=None, description="The ${NAME-default} the config gives, if any.")
    given: bool = Field(
        description="A value was given with the import (else the default, or the line is refused)."
    )


class LabMapping(StrictModel):
    """Something of the production config replaced by its lab equivalent."""

    kind: MappingKind
    original: str = Field(description="What the config named: an address, a path, a log destination.")
    mapped_to: str = Field(description="What the lab uses instead.")
    lines: list[int]


class FileReference(StrictModel):
    """A file the config reads by path (map, ACL pattern list, error page ...)."""

    path: str
    lines: list[int]
    inlined: bool = Field(description="Its content was given and pasted into the lines as values.")
    hint: str = Field(description="What the user can do about it.")


class ConfigCheck(StrictModel):
    """The sandboxed `haproxy -c` verdict on the imported config as it renders."""

    ok: bool
    messages: list[str] = Field(default_factory=list)


class ImportReport(StrictModel):
    """Every line's fate, what was mapped, what the config reads from outside, and the result."""

    lines: list[LineFate]
    counts: dict[str, int] = Field(description="How many lines met each fate.")
    environment: list[EnvironmentReference] = Field(default_factory=list)
    mappings: list[LabMapping] = Field(default_factory=list)
    files: list[FileReference] = Field(default_factory=list)
    notes: list[str] = Field(
        default_factory=list, description="What applies to the whole import (choices made, caveats)."
    )
    rendered: str = Field(default="", description="The haproxy.cfg the imported spec renders to.")
    check: ConfigCheck | None = Field(default=None, description="haproxy -c on the rendered config.")
