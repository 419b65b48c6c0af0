from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="FileReference")


@_attrs_define
class FileReference:
    """A file the config reads by path (map, ACL pattern list, error page ...).

    Attributes:
        path (str):
        lines (list[int]):
        inlined (bool): Its content was given and pasted into the lines as values.
        hint (str): What the user can do about it.
    """

    path: str
    lines: list[int]
    inlined: bool
    hint: str

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        lines = self.lines

        inlined = self.inlined

        hint = self.hint

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "lines": lines,
                "inlined": inlined,
                "hint": hint,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        lines = cast(list[int], d.pop("lines"))

        inlined = d.pop("inlined")

        hint = d.pop("hint")

        file_reference = cls(
            path=path,
            lines=lines,
            inlined=inlined,
            hint=hint,
        )

        return file_reference
