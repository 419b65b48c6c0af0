from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LinkedPath")


@_attrs_define
class LinkedPath:
    """A second parameter that moves in step with its axis: value i goes with the axis' value i.

    Attributes:
        path (str): Dotted path into the experiment, e.g. proxy.global.maxconn or load.keep_alive.
        values (list[bool | float | int | None | str]):
    """

    path: str
    values: list[bool | float | int | None | str]

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        values = []
        for values_item_data in self.values:
            values_item: bool | float | int | None | str
            values_item = values_item_data
            values.append(values_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "values": values,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        values = []
        _values = d.pop("values")
        for values_item_data in _values:

            def _parse_values_item(data: object) -> bool | float | int | None | str:
                if data is None:
                    return data
                return cast(bool | float | int | None | str, data)

            values_item = _parse_values_item(values_item_data)

            values.append(values_item)

        linked_path = cls(
            path=path,
            values=values,
        )

        return linked_path
