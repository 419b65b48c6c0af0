from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EnvironmentReference")


@_attrs_define
class EnvironmentReference:
    """An environment variable the config reads ("${NAME}" inside double quotes).

    Attributes:
        name (str):
        lines (list[int]): Lines that read it.
        given (bool): A value was given with the import (else the default, or the line is refused).
        default (None | str | Unset): The ${NAME-default} the config gives, if any.
    """

    name: str
    lines: list[int]
    given: bool
    default: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        lines = self.lines

        given = self.given

        default: None | str | Unset
        if isinstance(self.default, Unset):
            default = UNSET
        else:
            default = self.default

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "lines": lines,
                "given": given,
            }
        )
        if default is not UNSET:
            field_dict["default"] = default

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        lines = cast(list[int], d.pop("lines"))

        given = d.pop("given")

        def _parse_default(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        default = _parse_default(d.pop("default", UNSET))

        environment_reference = cls(
            name=name,
            lines=lines,
            given=given,
            default=default,
        )

        return environment_reference
