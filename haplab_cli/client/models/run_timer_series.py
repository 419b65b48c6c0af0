from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RunTimerSeries")


@_attrs_define
class RunTimerSeries:
    """
    Attributes:
        run_id (int):
        t (list[int]):
        values (list[list[float | None]]):
        collected (bool): False: the run has no request log (or none for this scope).
        one_in (int): HAProxy logged one request in this many (the run's largest).
    """

    run_id: int
    t: list[int]
    values: list[list[float | None]]
    collected: bool
    one_in: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        t = self.t

        values = []
        for values_item_data in self.values:
            values_item = []
            for values_item_item_data in values_item_data:
                values_item_item: float | None
                values_item_item = values_item_item_data
                values_item.append(values_item_item)

            values.append(values_item)

        collected = self.collected

        one_in = self.one_in

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "t": t,
                "values": values,
                "collected": collected,
                "one_in": one_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        t = cast(list[int], d.pop("t"))

        values = []
        _values = d.pop("values")
        for values_item_data in _values:
            values_item = []
            _values_item = values_item_data
            for values_item_item_data in _values_item:

                def _parse_values_item_item(data: object) -> float | None:
                    if data is None:
                        return data
                    return cast(float | None, data)

                values_item_item = _parse_values_item_item(values_item_item_data)

                values_item.append(values_item_item)

            values.append(values_item)

        collected = d.pop("collected")

        one_in = d.pop("one_in")

        run_timer_series = cls(
            run_id=run_id,
            t=t,
            values=values,
            collected=collected,
            one_in=one_in,
        )

        run_timer_series.additional_properties = d
        return run_timer_series

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
