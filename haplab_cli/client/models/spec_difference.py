from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SpecDifference")


@_attrs_define
class SpecDifference:
    """A setting whose value is not the same in every compared run.

    Attributes:
        path (str): Dotted path into the spec, as sweep paths: load.connections.
        values (list[Any]): Each run's value, in the order of `runs`; None where a run's spec has no such setting.
        swept (bool): A swept parameter of these runs: it differs by design.
    """

    path: str
    values: list[Any]
    swept: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        values = self.values

        swept = self.swept

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "path": path,
                "values": values,
                "swept": swept,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        values = cast(list[Any], d.pop("values"))

        swept = d.pop("swept")

        spec_difference = cls(
            path=path,
            values=values,
            swept=swept,
        )

        spec_difference.additional_properties = d
        return spec_difference

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
