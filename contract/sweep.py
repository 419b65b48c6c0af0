"""Sweep axes and the dotted paths they change in an experiment spec.

A path is a dotted path into the ExperimentSpec JSON (keys by alias, so `proxy.global.maxconn`),
with list indexes as numbers (`proxy.backends.0.http_reuse`) and `*` for every element of a
list (`proxy.backends.*.servers.*.maxconn`). Only `proxy`, `target` and `load` can be swept.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Annotated, Any, Self

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

JsonScalar = str | int | float | bool | None

SWEEPABLE_ROOTS = ("proxy", "target", "load")
MAX_AXES = 8
MAX_VALUES_PER_AXIS = 1000


class PathError(ValueError):
    """A sweep path that does not lead anywhere in the document."""


def _check_root(path: str) -> str:
    root = path.split(".")[0]
    if root not in SWEEPABLE_ROOTS:
        raise ValueError(f"must start with one of {', '.join(SWEEPABLE_ROOTS)}, not {root!r}")
    return path


SweepPath = Annotated[
    str,
    Field(
        min_length=1,
        max_length=300,
        pattern=r"^[A-Za-z_][A-Za-z0-9_-]*(\.([A-Za-z0-9_-]+|\*))*$",
        description="Dotted path into the experiment, e.g. proxy.global.maxconn or load.keep_alive.",
        examples=["proxy.global.maxconn", "proxy.backends.0.http_reuse", "load.keep_alive"],
    ),
    AfterValidator(_check_root),
]


class LinkedPath(BaseModel):
    """A second parameter that moves in step with its axis: value i goes with the axis' value i."""

    model_config = ConfigDict(extra="forbid")

    path: SweepPath
    values: list[JsonScalar] = Field(min_length=1, max_length=MAX_VALUES_PER_AXIS)


class SweepAxis(BaseModel):
    """One parameter to vary and the values it takes.

    `linked` paths change together with the axis (zipped, not multiplied): e.g. the target's
    protocol h1/h2c together with the servers' proto none/h2, which only work in pairs.
    """

    model_config = ConfigDict(extra="forbid")

    path: SweepPath
    values: list[JsonScalar] = Field(
        min_length=1, max_length=MAX_VALUES_PER_AXIS, description="Values the parameter takes, in order."
    )
    label: str | None = Field(default=None, max_length=80, description="Short name for charts and tables.")
    linked: list[LinkedPath] = Field(
        default_factory=list,
        max_length=4,
        description="Paths that take their i-th value together with this axis' i-th value.",
    )

    @model_validator(mode="after")
    def _distinct_values_and_linked_lengths(self) -> Self:
        for index, link in enumerate(self.linked):
            if len(link.values) != len(self.values):
                raise ValueError(
                    f"linked.{index}.values: {len(link.values)} values, but the axis has {len(self.values)}"
                )
        seen: list[JsonScalar] = []
        for value in self.values:
            # 1 and True compare equal in Python; compare with the type so both may appear.
            if any(type(value) is type(other) and value == other for other in seen):
                raise ValueError(f"values: {value!r} appears twice")
            seen.append(value)
        return self

    @property
    def display_name(self) -> str:
        return self.label or self.path

    @property
    def paths(self) -> list[str]:
        """The axis path and its linked paths."""
        return [self.path, *(link.path for link in self.linked)]

    def settings(self, value_index: int) -> dict[str, JsonScalar]:
        """{path: value} for the value_index-th value, linked paths included."""
        result = {self.path: self.values[value_index]}
        result.update({link.path: link.values[value_index] for link in self.linked})
        return result


class Sweep(BaseModel):
    """The parameters to vary; every combination of their values becomes a point."""

    model_config = ConfigDict(extra="forbid")

    axes: list[SweepAxis] = Field(default_factory=list, max_length=MAX_AXES)

    @model_validator(mode="after")
    def _distinct_paths(self) -> Self:
        seen: dict[str, int] = {}
        for index, axis in enumerate(self.axes):
            for path in axis.paths:
                if path in seen:
                    raise ValueError(f"axes.{index}.path: {path!r} is already swept by axis {seen[path]}")
                seen[path] = index
        return self

    def point_count(self) -> int:
        count = 1
        for axis in self.axes:
            count *= len(axis.values)
        return count


def _locations(node: Any, parts: list[str], walked: list[str]) -> Iterator[tuple[Any, str | int]]:
    """(container, key) for every place `parts` selects under `node`."""
    head, rest = parts[0], parts[1:]
    where = ".".join(walked) or "the document"
    if isinstance(node, list):
        if head == "*":
            if not node:
                raise PathError(f"'*' after {where} selects nothing: the list is empty")
            keys: list[str | int] = list(range(len(node)))
        elif head.isdigit() and int(head) < len(node):
            keys = [int(head)]
        else:
            raise PathError(f"{where} is a list of {len(node)}; {head!r} is not an index in it")
    elif isinstance(node, dict):
        if head not in node:
            raise PathError(f"{where} has no field {head!r}")
        keys = [head]
    else:
        kind = "empty (null)" if node is None else "a value"
        raise PathError(f"{where} is {kind}, so it has no {head!r}")
    for key in keys:
        if rest:
            yield from _locations(node[key], rest, [*walked, str(key)])
        else:
            yield node, key


def select(doc: dict[str, Any], path: str) -> list[tuple[Any, str | int]]:
    """Every (container, key) the path selects; PathError when it leads nowhere."""
    return list(_locations(doc, path.split("."), []))


def values_at(doc: dict[str, Any], path: str) -> list[Any]:
    """The values the path selects; empty when it leads nowhere."""
    try:
        return [container[key] for container, key in select(doc, path)]
    except PathError:
        return []


def short_path(path: str) -> str:
    """A path as a label: its last name, with the list index after it when it ends in one
    (`proxy.global.maxconn` -> maxconn, `proxy.global.cpu_map.0` -> cpu_map.0)."""
    parts = path.split(".")
    if len(parts) > 1 and parts[-1].isdigit():
        return ".".join(parts[-2:])
    return parts[-1]


def apply_path(doc: dict[str, Any], path: str, value: JsonScalar) -> dict[str, Any]:
    """A copy of `doc` with `value` set at every place `path` selects (`doc` is not changed)."""
    result = copy.deepcopy(doc)
    for container, key in select(result, path):
        container[key] = value
    return result
