from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.drain import Drain
    from ..models.error_counts import ErrorCounts
    from ..models.latency_percentiles import LatencyPercentiles
    from ..models.open_loop_stats import OpenLoopStats


T = TypeVar("T", bound="LoadTotals")


@_attrs_define
class LoadTotals:
    """What the clients saw over the measured duration.

    Attributes:
        requests (int): Requests completed or failed.
        successes (int): Requests with a 2xx reply.
        duration_s (float): Measured duration in seconds.
        rps (float): Successful requests per second.
        bytes_per_s (float): Bytes received per second.
        errors (ErrorCounts | Unset): Failed requests by kind; never hidden, never merged into one number.
        latency (LatencyPercentiles | None | Unset): None when nothing succeeded.
        histogram (None | str | Unset): base64 HdrHistogram V2 of the latency, microseconds, 3 significant digits.
        open_loop (None | OpenLoopStats | Unset): Open-loop drivers only: the schedule asked for vs what was sent.
        drain (Drain | None | Unset): Answers that arrived after the window (vegeta times each request); not in rps.
    """

    requests: int
    successes: int
    duration_s: float
    rps: float
    bytes_per_s: float
    errors: ErrorCounts | Unset = UNSET
    latency: LatencyPercentiles | None | Unset = UNSET
    histogram: None | str | Unset = UNSET
    open_loop: None | OpenLoopStats | Unset = UNSET
    drain: Drain | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.drain import Drain
        from ..models.latency_percentiles import LatencyPercentiles
        from ..models.open_loop_stats import OpenLoopStats

        requests = self.requests

        successes = self.successes

        duration_s = self.duration_s

        rps = self.rps

        bytes_per_s = self.bytes_per_s

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        latency: dict[str, Any] | None | Unset
        if isinstance(self.latency, Unset):
            latency = UNSET
        elif isinstance(self.latency, LatencyPercentiles):
            latency = self.latency.to_dict()
        else:
            latency = self.latency

        histogram: None | str | Unset
        if isinstance(self.histogram, Unset):
            histogram = UNSET
        else:
            histogram = self.histogram

        open_loop: dict[str, Any] | None | Unset
        if isinstance(self.open_loop, Unset):
            open_loop = UNSET
        elif isinstance(self.open_loop, OpenLoopStats):
            open_loop = self.open_loop.to_dict()
        else:
            open_loop = self.open_loop

        drain: dict[str, Any] | None | Unset
        if isinstance(self.drain, Unset):
            drain = UNSET
        elif isinstance(self.drain, Drain):
            drain = self.drain.to_dict()
        else:
            drain = self.drain

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "requests": requests,
                "successes": successes,
                "duration_s": duration_s,
                "rps": rps,
                "bytes_per_s": bytes_per_s,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if latency is not UNSET:
            field_dict["latency"] = latency
        if histogram is not UNSET:
            field_dict["histogram"] = histogram
        if open_loop is not UNSET:
            field_dict["open_loop"] = open_loop
        if drain is not UNSET:
            field_dict["drain"] = drain

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.drain import Drain
        from ..models.error_counts import ErrorCounts
        from ..models.latency_percentiles import LatencyPercentiles
        from ..models.open_loop_stats import OpenLoopStats

        d = dict(src_dict)
        requests = d.pop("requests")

        successes = d.pop("successes")

        duration_s = d.pop("duration_s")

        rps = d.pop("rps")

        bytes_per_s = d.pop("bytes_per_s")

        _errors = d.pop("errors", UNSET)
        errors: ErrorCounts | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ErrorCounts.from_dict(_errors)

        def _parse_latency(data: object) -> LatencyPercentiles | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                latency_type_0 = LatencyPercentiles.from_dict(data)

                return latency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatencyPercentiles | None | Unset, data)

        latency = _parse_latency(d.pop("latency", UNSET))

        def _parse_histogram(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        histogram = _parse_histogram(d.pop("histogram", UNSET))

        def _parse_open_loop(data: object) -> None | OpenLoopStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                open_loop_type_0 = OpenLoopStats.from_dict(data)

                return open_loop_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpenLoopStats | Unset, data)

        open_loop = _parse_open_loop(d.pop("open_loop", UNSET))

        def _parse_drain(data: object) -> Drain | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                drain_type_0 = Drain.from_dict(data)

                return drain_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Drain | None | Unset, data)

        drain = _parse_drain(d.pop("drain", UNSET))

        load_totals = cls(
            requests=requests,
            successes=successes,
            duration_s=duration_s,
            rps=rps,
            bytes_per_s=bytes_per_s,
            errors=errors,
            latency=latency,
            histogram=histogram,
            open_loop=open_loop,
            drain=drain,
        )

        return load_totals
