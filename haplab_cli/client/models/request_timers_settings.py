from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RequestTimersSettings")


@_attrs_define
class RequestTimersSettings:
    """Whether and how the run collects HAProxy's per-request timers (ExperimentSpec.timers).

    Attributes:
        collect (bool | Unset): Have HAProxy log every request's timers to the proxy agent (no disk): where time went,
            by phase. Off: HAProxy logs nothing of haplab's, and the run has no timer figures. Default: True.
        one_in (int | None | Unset): Log one request in this many. Empty: chosen by the rule (every request up to 1,000
            expected a second, then the fewest that keeps under it).
    """

    collect: bool | Unset = True
    one_in: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        collect = self.collect

        one_in: int | None | Unset
        if isinstance(self.one_in, Unset):
            one_in = UNSET
        else:
            one_in = self.one_in

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if collect is not UNSET:
            field_dict["collect"] = collect
        if one_in is not UNSET:
            field_dict["one_in"] = one_in

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        collect = d.pop("collect", UNSET)

        def _parse_one_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        one_in = _parse_one_in(d.pop("one_in", UNSET))

        request_timers_settings = cls(
            collect=collect,
            one_in=one_in,
        )

        return request_timers_settings
