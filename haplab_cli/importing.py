"""`haplab import haproxy.cfg -o experiment.yaml`: a production config as an experiment file.

The API does the import (POST /experiments/import: nothing is created); this prints its report
the way a compiler prints diagnostics, `haproxy.cfg:12: refused: ...`, so an editor or a CI log
jumps to the line, and writes the experiment file `haplab validate` / `haplab run` take.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from contract.experiment_file import SCHEMA_PATH

# What is worth a line of its own in the terminal; modelled and kept lines are only counted.
_SHOWN_FATES = ("refused", "not_imported", "mapped")
FATE_ORDER = ("modelled", "kept", "mapped", "refused", "not_imported", "skipped")


def parse_assignments(values: list[str] | None, option: str) -> dict[str, str]:
    """NAME=VALUE options as a dict; ValueError naming the option when one has no '='."""
    assigned: dict[str, str] = {}
    for value in values or []:
        name, sep, rest = value.partition("=")
        if not sep or not name:
            raise ValueError(f"{option} {value!r}: expected NAME=VALUE")
        assigned[name] = rest
    return assigned


def report_lines(source: str, answer: dict[str, Any], verbose: bool) -> list[str]:
    """The report as diagnostics: a summary, then each line worth a look, by line number."""
    report = answer["report"]
    counts = report["counts"]
    total = sum(counts.values())
    summary = ", ".join(f"{counts[fate]} {fate.replace('_', ' ')}" for fate in FATE_ORDER if counts.get(fate))
    check = report.get("check") or {}
    verdict = "haproxy -c accepts it" if check.get("ok") else "haproxy -c refuses it"
    lines = [f"{source}: {total} lines: {summary}; {verdict}"]
    for message in check.get("messages", []):
        lines.append(f"{source}: haproxy -c: {message}")
    for fate in report["lines"]:
        if verbose or fate["fate"] in _SHOWN_FATES:
            said, detail = fate["fate"].replace("_", " "), fate["detail"]
            # Most details start with their fate ("refused: ..."); say it once.
            shown = detail if detail.startswith(said) else f"{said}: {detail}"
            lines.append(f"{source}:{fate['line']}: {shown}")
    for variable in report.get("environment", []):
        if not variable["given"]:
            where = ",".join(str(n) for n in variable["lines"])
            default = (
                f" (its default {variable['default']!r} was used)"
                if variable.get("default") is not None
                else ""
            )
            name = variable["name"]
            lines.append(f"{source}:{where}: ${{{name}}} has no value{default}: --env {name}=...")
    for file in report.get("files", []):
        where = ",".join(str(n) for n in file["lines"])
        lines.append(f"{source}:{where}: reads {file['path']}: {file['hint']}")
    lines += [f"{source}: note: {note}" for note in report.get("notes", [])]
    return lines


def experiment_file_text(answer: dict[str, Any], source: str) -> str:
    """The experiment file of an import answer: what the designer would save, with a header."""
    body = {
        "name": answer["name"],
        "description": answer["description"],
        "tags": ["imported"],
        "spec": answer["spec"],
    }
    header = [
        f"# yaml-language-server: $schema={SCHEMA_PATH}",
        f"# Imported from {source} by `haplab import`; the import's report says what became of each line.",
    ]
    return "\n".join(header) + "\n" + yaml.safe_dump(body, sort_keys=False, allow_unicode=True, width=1000)


def write_report(path: Path, answer: dict[str, Any]) -> None:
    path.write_text(json.dumps(answer["report"], indent=2) + "\n")
