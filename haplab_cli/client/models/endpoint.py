from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Endpoint")


@_attrs_define
class Endpoint:
    """One path a synthetic server answers, and how.

    Attributes:
        path (str): Exact request path this endpoint answers.
        delay_ms (int | Unset): Milliseconds the server waits before replying. Default: 0.
        body_bytes (int | Unset): Size of the response body in bytes. Default: 0.
        status (int | Unset): HTTP status code of the response. Default: 200.
    """

    path: str
    delay_ms: int | Unset = 0
    body_bytes: int | Unset = 0
    status: int | Unset = 200

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        delay_ms = self.delay_ms

        body_bytes = self.body_bytes

        status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "path": path,
            }
        )
        if delay_ms is not UNSET:
            field_dict["delay_ms"] = delay_ms
        if body_bytes is not UNSET:
            field_dict["body_bytes"] = body_bytes
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        path = d.pop("path")

        delay_ms = d.pop("delay_ms", UNSET)

        body_bytes = d.pop("body_bytes", UNSET)

        status = d.pop("status", UNSET)

        endpoint = cls(
            path=path,
            delay_ms=delay_ms,
            body_bytes=body_bytes,
            status=status,
        )

        return endpoint
