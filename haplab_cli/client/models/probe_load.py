from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProbeLoad")


@_attrs_define
class ProbeLoad:
    """How long each probe loads the proxy (it replaces the load profile's duration and warm-up).

    Attributes:
        duration_s (int | Unset): Measured seconds of each probe. Default: 10.
        warmup_s (int | Unset): Seconds of load before a probe's measuring starts. Default: 2.
    """

    duration_s: int | Unset = 10
    warmup_s: int | Unset = 2

    def to_dict(self) -> dict[str, Any]:
        duration_s = self.duration_s

        warmup_s = self.warmup_s

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if duration_s is not UNSET:
            field_dict["duration_s"] = duration_s
        if warmup_s is not UNSET:
            field_dict["warmup_s"] = warmup_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        duration_s = d.pop("duration_s", UNSET)

        warmup_s = d.pop("warmup_s", UNSET)

        probe_load = cls(
            duration_s=duration_s,
            warmup_s=warmup_s,
        )

        return probe_load
