from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AskedLoad")


@_attrs_define
class AskedLoad:
    """What a run asked of its load tool (its spec's load profile), to draw next to what it got.

    Attributes:
        connections (int): Concurrent client connections.
        rate (float | None): Requests/s held (open loop); None = as fast as replies come.
        warmup_s (int): Seconds of load before t = 0.
        duration_s (int): Measured seconds from t = 0.
    """

    connections: int
    rate: float | None
    warmup_s: int
    duration_s: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        connections = self.connections

        rate: float | None
        rate = self.rate

        warmup_s = self.warmup_s

        duration_s = self.duration_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "connections": connections,
                "rate": rate,
                "warmup_s": warmup_s,
                "duration_s": duration_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        connections = d.pop("connections")

        def _parse_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rate = _parse_rate(d.pop("rate"))

        warmup_s = d.pop("warmup_s")

        duration_s = d.pop("duration_s")

        asked_load = cls(
            connections=connections,
            rate=rate,
            warmup_s=warmup_s,
            duration_s=duration_s,
        )

        asked_load.additional_properties = d
        return asked_load

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
