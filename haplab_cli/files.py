"""Experiment files (contract/experiment_file.py) as the CLI reads them: YAML or JSON, every value's
line kept, so a problem the API names by field (`spec.load.duration_s`) is shown at its line."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

Key = tuple[str, ...]


class ExperimentFileError(Exception):
    """The file cannot be read as an experiment; `line` is 1-based when known."""

    def __init__(self, path: str, message: str, line: int | None = None) -> None:
        super().__init__(f"{path}{f':{line}' if line else ''}: {message}")
        self.line = line


@dataclass
class ExperimentFileDoc:
    path: str
    doc: dict[str, Any]
    lines: dict[Key, int] = field(default_factory=dict)  # dotted key path -> line of its value

    def line_of(self, dotted: str) -> int | None:
        """The line of a field the API names (`spec.proxy.frontends.0.name`), or of its nearest
        parent the file has (a missing field is reported where its section is)."""
        parts = tuple(dotted.split("."))
        while parts not in self.lines:
            if not parts:
                return None
            parts = parts[:-1]
        return self.lines[parts]

    def where(self, dotted: str) -> str:
        line = self.line_of(dotted)
        return f"{self.path}:{line}" if line else self.path

    def body(self) -> dict[str, Any]:
        """The POST /experiments body: the file without `$schema`."""
        return {k: v for k, v in self.doc.items() if k != "$schema"}


def _walk(node: yaml.Node, key: Key, lines: dict[Key, int], path: str, line: int | None = None) -> None:
    # A mapping entry is at its key's line (`load:`), a list item where it starts.
    lines[key] = line if line is not None else node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for k, v in node.value:
            name = str(k.value)
            if name in seen:
                raise ExperimentFileError(
                    path, f"key {name!r} appears twice (first on line {seen[name]})", k.start_mark.line + 1
                )
            seen[name] = k.start_mark.line + 1
            _walk(v, (*key, name), lines, path, k.start_mark.line + 1)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*key, str(index)), lines, path)


def read_experiment_file(path: Path) -> ExperimentFileDoc:
    """The file's document and its lines; ExperimentFileError (with the line) when it is not YAML/JSON or
    not shaped like an experiment (name, spec ...). The API judges the spec itself."""
    name = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ExperimentFileError(name, f"cannot read it: {exc}") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        doc = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise ExperimentFileError(
            name, f"not valid YAML: {exc.problem or exc}", mark.line + 1 if mark else None
        ) from None
    except yaml.YAMLError as exc:
        raise ExperimentFileError(name, f"not valid YAML: {exc}") from None
    if root is None or not isinstance(doc, dict):
        raise ExperimentFileError(name, "must hold an experiment: name, description, tags and spec", 1)
    lines: dict[Key, int] = {}
    _walk(root, (), lines, name)
    parsed = ExperimentFileDoc(name, doc, lines)
    unknown = sorted(set(doc) - {"$schema", "name", "description", "tags", "spec"})
    if unknown:
        raise ExperimentFileError(
            name,
            f"unknown field {unknown[0]!r} (expected name, description, tags, spec)",
            parsed.line_of(unknown[0]),
        )
    if not isinstance(doc.get("name"), str) or not doc["name"].strip():
        raise ExperimentFileError(
            name, "name: the experiment's name (text) is required", parsed.line_of("name")
        )
    if not isinstance(doc.get("spec"), dict):
        raise ExperimentFileError(
            name, "spec: the experiment's spec (proxy, target, load ...) is required", parsed.line_of("spec")
        )
    return parsed


def with_settings(file: ExperimentFileDoc, settings: list[str]) -> ExperimentFileDoc:
    """The file with `--set path=value` applied: a dotted path into the file (`spec.load.rate`,
    list items by index), the value read as YAML (`5` is a number, `"5"` a text, `null` removes)."""
    doc = copy.deepcopy(file.doc)
    for setting in settings:
        dotted, sep, raw = setting.partition("=")
        if not sep or not dotted.strip():
            raise ExperimentFileError("--set", f"{setting!r}: write path=value, e.g. spec.load.duration_s=10")
        try:
            value = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError as exc:
            raise ExperimentFileError("--set", f"{setting!r}: the value is not YAML: {exc}") from None
        parts = dotted.strip().split(".")
        node: Any = doc
        for part in parts[:-1]:
            node = _child(node, part, setting)
        _assign(node, parts[-1], value, setting)
    return ExperimentFileDoc(file.path, doc, file.lines)


def _child(node: Any, part: str, setting: str) -> Any:
    if isinstance(node, dict):
        return node.setdefault(part, {})
    if isinstance(node, list) and part.isdigit() and int(part) < len(node):
        return node[int(part)]
    raise ExperimentFileError("--set", f"{setting!r}: {part!r} is not in the file")


def _assign(node: Any, part: str, value: Any, setting: str) -> None:
    if isinstance(node, dict):
        if value is None:
            node.pop(part, None)
        else:
            node[part] = value
    elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
        node[int(part)] = value
    else:
        raise ExperimentFileError("--set", f"{setting!r}: {part!r} is not in the file")
