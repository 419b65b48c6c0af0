from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LatencyPercentiles")


@_attrs_define
class LatencyPercentiles:
    """Latency of successful requests, in milliseconds.

    Attributes:
        p50 (float):
        p90 (float):
        p99 (float):
        p999 (float):
        max_ (float):
        mean (float):
        p95 (float | None | Unset): None in summaries recorded before p95 was kept.
    """

    p50: float
    p90: float
    p99: float
    p999: float
    max_: float
    mean: float
    p95: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        p50 = self.p50

        p90 = self.p90

        p99 = self.p99

        p999 = self.p999

        max_ = self.max_

        mean = self.mean

        p95: float | None | Unset
        if isinstance(self.p95, Unset):
            p95 = UNSET
        else:
            p95 = self.p95

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "p50": p50,
                "p90": p90,
                "p99": p99,
                "p999": p999,
                "max": max_,
                "mean": mean,
            }
        )
        if p95 is not UNSET:
            field_dict["p95"] = p95

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        p50 = d.pop("p50")

        p90 = d.pop("p90")

        p99 = d.pop("p99")

        p999 = d.pop("p999")

        max_ = d.pop("max")

        mean = d.pop("mean")

        def _parse_p95(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        p95 = _parse_p95(d.pop("p95", UNSET))

        latency_percentiles = cls(
            p50=p50,
            p90=p90,
            p99=p99,
            p999=p999,
            max_=max_,
            mean=mean,
            p95=p95,
        )

        return latency_percentiles
