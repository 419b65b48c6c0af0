from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sample_point_data import SamplePointData
    from ..models.timer_second import TimerSecond


T = TypeVar("T", bound="SamplePoint")


@_attrs_define
class SamplePoint:
    """One second of one source.

    Attributes:
        source (str): Who measured: proxy (HAProxy) or host:<agent> (a host).
        t (int): Seconds since the load started (negative: sampled before it started).
        ts (datetime.datetime): When the sample was taken (UTC).
        data (SamplePointData): Counter deltas for this second and gauge levels (see is_gauge).
        histogram (None | str | Unset): Latency of this second: base64 HdrHistogram V2, microseconds, 3 significant
            digits.
        timers (None | TimerSecond | Unset): HAProxy's request log of this second (source timers): per-timer histograms,
            states.
    """

    source: str
    t: int
    ts: datetime.datetime
    data: SamplePointData
    histogram: None | str | Unset = UNSET
    timers: None | TimerSecond | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.timer_second import TimerSecond

        source = self.source

        t = self.t

        ts = self.ts.isoformat()

        data = self.data.to_dict()

        histogram: None | str | Unset
        if isinstance(self.histogram, Unset):
            histogram = UNSET
        else:
            histogram = self.histogram

        timers: dict[str, Any] | None | Unset
        if isinstance(self.timers, Unset):
            timers = UNSET
        elif isinstance(self.timers, TimerSecond):
            timers = self.timers.to_dict()
        else:
            timers = self.timers

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
                "t": t,
                "ts": ts,
                "data": data,
            }
        )
        if histogram is not UNSET:
            field_dict["histogram"] = histogram
        if timers is not UNSET:
            field_dict["timers"] = timers

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sample_point_data import SamplePointData
        from ..models.timer_second import TimerSecond

        d = dict(src_dict)
        source = d.pop("source")

        t = d.pop("t")

        ts = datetime.datetime.fromisoformat(d.pop("ts"))

        data = SamplePointData.from_dict(d.pop("data"))

        def _parse_histogram(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        histogram = _parse_histogram(d.pop("histogram", UNSET))

        def _parse_timers(data: object) -> None | TimerSecond | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                timers_type_0 = TimerSecond.from_dict(data)

                return timers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimerSecond | Unset, data)

        timers = _parse_timers(d.pop("timers", UNSET))

        sample_point = cls(
            source=source,
            t=t,
            ts=ts,
            data=data,
            histogram=histogram,
            timers=timers,
        )

        return sample_point
