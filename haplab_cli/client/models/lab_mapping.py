from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.lab_mapping_kind import LabMappingKind

T = TypeVar("T", bound="LabMapping")


@_attrs_define
class LabMapping:
    """Something of the production config replaced by its lab equivalent.

    Attributes:
        kind (LabMappingKind):
        original (str): What the config named: an address, a path, a log destination.
        mapped_to (str): What the lab uses instead.
        lines (list[int]):
    """

    kind: LabMappingKind
    original: str
    mapped_to: str
    lines: list[int]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        original = self.original

        mapped_to = self.mapped_to

        lines = self.lines

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "original": original,
                "mapped_to": mapped_to,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = LabMappingKind(d.pop("kind"))

        original = d.pop("original")

        mapped_to = d.pop("mapped_to")

        lines = cast(list[int], d.pop("lines"))

        lab_mapping = cls(
            kind=kind,
            original=original,
            mapped_to=mapped_to,
            lines=lines,
        )

        return lab_mapping
