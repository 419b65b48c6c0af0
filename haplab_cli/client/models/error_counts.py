from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ErrorCounts")


@_attrs_define
class ErrorCounts:
    """Failed requests by kind; never hidden, never merged into one number.

    Attributes:
        total (int):
        connect (int | Unset): Connections refused or reset before a request was sent. Default: 0.
        timeout (int | Unset): Requests without a reply within the request timeout. Default: 0.
        non_2xx (int | Unset): Replies with a status outside 2xx. Default: 0.
        other (int | Unset): Any other failure (read errors, protocol errors ...). Default: 0.
    """

    total: int
    connect: int | Unset = 0
    timeout: int | Unset = 0
    non_2xx: int | Unset = 0
    other: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        connect = self.connect

        timeout = self.timeout

        non_2xx = self.non_2xx

        other = self.other

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "total": total,
            }
        )
        if connect is not UNSET:
            field_dict["connect"] = connect
        if timeout is not UNSET:
            field_dict["timeout"] = timeout
        if non_2xx is not UNSET:
            field_dict["non_2xx"] = non_2xx
        if other is not UNSET:
            field_dict["other"] = other

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        total = d.pop("total")

        connect = d.pop("connect", UNSET)

        timeout = d.pop("timeout", UNSET)

        non_2xx = d.pop("non_2xx", UNSET)

        other = d.pop("other", UNSET)

        error_counts = cls(
            total=total,
            connect=connect,
            timeout=timeout,
            non_2xx=non_2xx,
            other=other,
        )

        return error_counts
