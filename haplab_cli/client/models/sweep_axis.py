from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.linked_path import LinkedPath


T = TypeVar("T", bound="SweepAxis")


@_attrs_define
class SweepAxis:
    """One parameter to vary and the values it takes.

    `linked` paths change together with the axis (zipped, not multiplied): e.g. the target's
    protocol h1/h2c together with the servers' proto none/h2, which only work in pairs.

        Attributes:
            path (str): Dotted path into the experiment, e.g. proxy.global.maxconn or load.keep_alive.
            values (list[bool | float | int | None | str]): Values the parameter takes, in order.
            label (None | str | Unset): Short name for charts and tables.
            linked (list[LinkedPath] | Unset): Paths that take their i-th value together with this axis' i-th value.
    """

    path: str
    values: list[bool | float | int | None | str]
    label: None | str | Unset = UNSET
    linked: list[LinkedPath] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        values = []
        for values_item_data in self.values:
            values_item: bool | float | int | None | str
            values_item = values_item_data
            values.append(values_item)

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        linked: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.linked, Unset):
            linked = []
            for linked_item_data in self.linked:
                linked_item = linked_item_data.to_dict()
                linked.append(linked_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
                "values": values,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if linked is not UNSET:
            field_dict["linked"] = linked

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.linked_path import LinkedPath

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

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        _linked = d.pop("linked", UNSET)
        linked: list[LinkedPath] | Unset = UNSET
        if _linked is not UNSET:
            linked = []
            for linked_item_data in _linked:
                linked_item = LinkedPath.from_dict(linked_item_data)

                linked.append(linked_item)

        sweep_axis = cls(
            path=path,
            values=values,
            label=label,
            linked=linked,
        )

        return sweep_axis
