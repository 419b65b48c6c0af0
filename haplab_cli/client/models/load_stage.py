from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LoadStage")


@_attrs_define
class LoadStage:
    """One step of a staged load: hold `rate` (open loop) or `connections` (closed loop) for
    `duration_s` seconds, the first `ramp_s` of them a linear ramp from the previous stage's rate.

        Attributes:
            duration_s (int): Seconds the stage lasts, ramp included; its figures cover the seconds after its ramp and a
                1-second settling.
            rate (float | None | Unset): Requests/s the stage holds (open loop; all stages rates).
            connections (int | None | Unset): Concurrent connections the stage keeps busy (closed loop; all stages
                connections).
            ramp_s (int | Unset): Seconds at the start of the stage that rise (or fall) linearly from the previous stage's
                rate to this one's; 0 steps at once. Rate stages only, not the first stage. Default: 0.
    """

    duration_s: int
    rate: float | None | Unset = UNSET
    connections: int | None | Unset = UNSET
    ramp_s: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        duration_s = self.duration_s

        rate: float | None | Unset
        if isinstance(self.rate, Unset):
            rate = UNSET
        else:
            rate = self.rate

        connections: int | None | Unset
        if isinstance(self.connections, Unset):
            connections = UNSET
        else:
            connections = self.connections

        ramp_s = self.ramp_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "duration_s": duration_s,
            }
        )
        if rate is not UNSET:
            field_dict["rate"] = rate
        if connections is not UNSET:
            field_dict["connections"] = connections
        if ramp_s is not UNSET:
            field_dict["ramp_s"] = ramp_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        duration_s = d.pop("duration_s")

        def _parse_rate(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rate = _parse_rate(d.pop("rate", UNSET))

        def _parse_connections(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        connections = _parse_connections(d.pop("connections", UNSET))

        ramp_s = d.pop("ramp_s", UNSET)

        load_stage = cls(
            duration_s=duration_s,
            rate=rate,
            connections=connections,
            ramp_s=ramp_s,
        )

        return load_stage
