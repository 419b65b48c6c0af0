from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.latency_percentiles import LatencyPercentiles


T = TypeVar("T", bound="Drain")


@_attrs_define
class Drain:
    """Answers to requests of the measured window that arrived after the window ended.

    They are not in the rate (which counts what arrived within the window, over its seconds):
    an overloaded server keeps answering after the load stops, and folding those answers in
    would report more than it delivered while measured.

        Attributes:
            responses (int): 2xx answers that arrived after the window's end.
            last_after_s (float): Seconds after the window's end the last one arrived (from HAProxy's counters: the end of
                the last second that had one).
            latency (LatencyPercentiles | None | Unset): Their latency (from the slot).
            histogram (None | str | Unset): base64 HdrHistogram V2 of their latency (us).
    """

    responses: int
    last_after_s: float
    latency: LatencyPercentiles | None | Unset = UNSET
    histogram: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.latency_percentiles import LatencyPercentiles

        responses = self.responses

        last_after_s = self.last_after_s

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "responses": responses,
                "last_after_s": last_after_s,
            }
        )
        if latency is not UNSET:
            field_dict["latency"] = latency
        if histogram is not UNSET:
            field_dict["histogram"] = histogram

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.latency_percentiles import LatencyPercentiles

        d = dict(src_dict)
        responses = d.pop("responses")

        last_after_s = d.pop("last_after_s")

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

        drain = cls(
            responses=responses,
            last_after_s=last_after_s,
            latency=latency,
            histogram=histogram,
        )

        return drain
