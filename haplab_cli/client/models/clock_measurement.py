from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClockMeasurement")


@_attrs_define
class ClockMeasurement:
    """One agent's clock against the API's: the best of several exchanges.

    Attributes:
        offset_ms (float): How far the API's clock is ahead of the agent's (negative: the agent's is ahead), in
            milliseconds; true to within half the round trip.
        round_trip_ms (float): The kept exchange's network round trip, in milliseconds.
        measured_at (datetime.datetime): When it was measured, on the API's clock.
        exchanges (int | Unset): Exchanges made; the one with the smallest round trip is kept. Default: 1.
    """

    offset_ms: float
    round_trip_ms: float
    measured_at: datetime.datetime
    exchanges: int | Unset = 1

    def to_dict(self) -> dict[str, Any]:
        offset_ms = self.offset_ms

        round_trip_ms = self.round_trip_ms

        measured_at = self.measured_at.isoformat()

        exchanges = self.exchanges

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "offset_ms": offset_ms,
                "round_trip_ms": round_trip_ms,
                "measured_at": measured_at,
            }
        )
        if exchanges is not UNSET:
            field_dict["exchanges"] = exchanges

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        offset_ms = d.pop("offset_ms")

        round_trip_ms = d.pop("round_trip_ms")

        measured_at = datetime.datetime.fromisoformat(d.pop("measured_at"))

        exchanges = d.pop("exchanges", UNSET)

        clock_measurement = cls(
            offset_ms=offset_ms,
            round_trip_ms=round_trip_ms,
            measured_at=measured_at,
            exchanges=exchanges,
        )

        return clock_measurement
