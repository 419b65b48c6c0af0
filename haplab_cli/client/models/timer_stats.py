from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TimerStats")


@_attrs_define
class TimerStats:
    """One timer over the measured window.

    Attributes:
        count (int): Requests where the timer was set (estimated when sampled).
        unset (int): Requests where HAProxy logged -1 (estimated when sampled).
        p50 (float | None | Unset):
        p90 (float | None | Unset):
        p99 (float | None | Unset):
        p999 (float | None | Unset):
        mean (float | None | Unset):
        max_ (float | None | Unset):
    """

    count: int
    unset: int
    p50: float | None | Unset = UNSET
    p90: float | None | Unset = UNSET
    p99: float | None | Unset = UNSET
    p999: float | None | Unset = UNSET
    mean: float | None | Unset = UNSET
    max_: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        unset = self.unset

        p50: float | None | Unset
        if isinstance(self.p50, Unset):
            p50 = UNSET
        else:
            p50 = self.p50

        p90: float | None | Unset
        if isinstance(self.p90, Unset):
            p90 = UNSET
        else:
            p90 = self.p90

        p99: float | None | Unset
        if isinstance(self.p99, Unset):
            p99 = UNSET
        else:
            p99 = self.p99

        p999: float | None | Unset
        if isinstance(self.p999, Unset):
            p999 = UNSET
        else:
            p999 = self.p999

        mean: float | None | Unset
        if isinstance(self.mean, Unset):
            mean = UNSET
        else:
            mean = self.mean

        max_: float | None | Unset
        if isinstance(self.max_, Unset):
            max_ = UNSET
        else:
            max_ = self.max_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "count": count,
                "unset": unset,
            }
        )
        if p50 is not UNSET:
            field_dict["p50"] = p50
        if p90 is not UNSET:
            field_dict["p90"] = p90
        if p99 is not UNSET:
            field_dict["p99"] = p99
        if p999 is not UNSET:
            field_dict["p999"] = p999
        if mean is not UNSET:
            field_dict["mean"] = mean
        if max_ is not UNSET:
            field_dict["max"] = max_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        count = d.pop("count")

        unset = d.pop("unset")

        def _parse_p50(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p50 = _parse_p50(d.pop("p50", UNSET))

        def _parse_p90(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p90 = _parse_p90(d.pop("p90", UNSET))

        def _parse_p99(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p99 = _parse_p99(d.pop("p99", UNSET))

        def _parse_p999(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p999 = _parse_p999(d.pop("p999", UNSET))

        def _parse_mean(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean = _parse_mean(d.pop("mean", UNSET))

        def _parse_max_(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        max_ = _parse_max_(d.pop("max", UNSET))

        timer_stats = cls(
            count=count,
            unset=unset,
            p50=p50,
            p90=p90,
            p99=p99,
            p999=p999,
            mean=mean,
            max_=max_,
        )

        return timer_stats
