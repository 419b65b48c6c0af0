from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ServerCheck")


@_attrs_define
class ServerCheck:
    """Health checking of a server.

    Attributes:
        inter_ms (int | Unset): Interval between checks (ms). Default: 2000.
        rise (int | Unset): Consecutive successes to mark the server up. Default: 2.
        fall (int | Unset): Consecutive failures to mark the server down. Default: 3.
    """

    inter_ms: int | Unset = 2000
    rise: int | Unset = 2
    fall: int | Unset = 3

    def to_dict(self) -> dict[str, Any]:
        inter_ms = self.inter_ms

        rise = self.rise

        fall = self.fall

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if inter_ms is not UNSET:
            field_dict["inter_ms"] = inter_ms
        if rise is not UNSET:
            field_dict["rise"] = rise
        if fall is not UNSET:
            field_dict["fall"] = fall

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        inter_ms = d.pop("inter_ms", UNSET)

        rise = d.pop("rise", UNSET)

        fall = d.pop("fall", UNSET)

        server_check = cls(
            inter_ms=inter_ms,
            rise=rise,
            fall=fall,
        )

        return server_check
