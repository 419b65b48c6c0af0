from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.stage_result_kind import StageResultKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_counts import ErrorCounts
    from ..models.latency_percentiles import LatencyPercentiles


T = TypeVar("T", bound="StageResult")


@_attrs_define
class StageResult:
    """One load stage's figures (LoadProfile.stages) over its measured window: the stage's seconds
    after its ramp and a settling second. As the run's totals: the rate is what completed inside
    the window over its seconds, errors by the requests' slots, latency from a histogram (several
    injectors' merge exactly).

        Attributes:
            index (int): The stage's place in load.stages (0-based).
            kind (StageResultKind): rate: an open-loop stage; connections: closed.
            target (float): The stage's rate (req/s) or connections (the lab's, or this injector's share).
            start_s (float): Run time t (seconds after t0) where the stage's measured window starts.
            end_s (float): Run time t where it ends (the stage's end; a stopped run's last send).
            requests (int): Requests completed or failed in the window (successes + errors).
            successes (int): 2xx replies that arrived inside the window.
            rps (float): successes / the window's seconds.
            errors (ErrorCounts | Unset): Failed requests by kind; never hidden, never merged into one number.
            latency (LatencyPercentiles | None | Unset): Latency of the window's successes (ms).
            histogram (None | str | Unset): base64 HdrHistogram V2 of that latency (us).
            sent (int | None | Unset): Open loop: requests sent inside the window.
            late_sends (int | None | Unset): Open loop: sends of the window's slots that were late.
            dropped_sends (int | None | Unset): Open loop: slots of the window never sent.
            error_pct (float | Unset): errors.total as a percentage of requests. Default: 0.0.
    """

    index: int
    kind: StageResultKind
    target: float
    start_s: float
    end_s: float
    requests: int
    successes: int
    rps: float
    errors: ErrorCounts | Unset = UNSET
    latency: LatencyPercentiles | None | Unset = UNSET
    histogram: None | str | Unset = UNSET
    sent: int | None | Unset = UNSET
    late_sends: int | None | Unset = UNSET
    dropped_sends: int | None | Unset = UNSET
    error_pct: float | Unset = 0.0

    def to_dict(self) -> dict[str, Any]:
        from ..models.latency_percentiles import LatencyPercentiles

        index = self.index

        kind = self.kind.value

        target = self.target

        start_s = self.start_s

        end_s = self.end_s

        requests = self.requests

        successes = self.successes

        rps = self.rps

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

        sent: int | None | Unset
        if isinstance(self.sent, Unset):
            sent = UNSET
        else:
            sent = self.sent

        late_sends: int | None | Unset
        if isinstance(self.late_sends, Unset):
            late_sends = UNSET
        else:
            late_sends = self.late_sends

        dropped_sends: int | None | Unset
        if isinstance(self.dropped_sends, Unset):
            dropped_sends = UNSET
        else:
            dropped_sends = self.dropped_sends

        error_pct = self.error_pct

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "kind": kind,
                "target": target,
                "start_s": start_s,
                "end_s": end_s,
                "requests": requests,
                "successes": successes,
                "rps": rps,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if latency is not UNSET:
            field_dict["latency"] = latency
        if histogram is not UNSET:
            field_dict["histogram"] = histogram
        if sent is not UNSET:
            field_dict["sent"] = sent
        if late_sends is not UNSET:
            field_dict["late_sends"] = late_sends
        if dropped_sends is not UNSET:
            field_dict["dropped_sends"] = dropped_sends
        if error_pct is not UNSET:
            field_dict["error_pct"] = error_pct

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_counts import ErrorCounts
        from ..models.latency_percentiles import LatencyPercentiles

        d = dict(src_dict)
        index = d.pop("index")

        kind = StageResultKind(d.pop("kind"))

        target = d.pop("target")

        start_s = d.pop("start_s")

        end_s = d.pop("end_s")

        requests = d.pop("requests")

        successes = d.pop("successes")

        rps = d.pop("rps")

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

        def _parse_sent(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        sent = _parse_sent(d.pop("sent", UNSET))

        def _parse_late_sends(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        late_sends = _parse_late_sends(d.pop("late_sends", UNSET))

        def _parse_dropped_sends(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dropped_sends = _parse_dropped_sends(d.pop("dropped_sends", UNSET))

        error_pct = d.pop("error_pct", UNSET)

        stage_result = cls(
            index=index,
            kind=kind,
            target=target,
            start_s=start_s,
            end_s=end_s,
            requests=requests,
            successes=successes,
            rps=rps,
            errors=errors,
            latency=latency,
            histogram=histogram,
            sent=sent,
            late_sends=late_sends,
            dropped_sends=dropped_sends,
            error_pct=error_pct,
        )

        return stage_result
