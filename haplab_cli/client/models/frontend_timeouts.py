from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FrontendTimeouts")


@_attrs_define
class FrontendTimeouts:
    """Timeouts that act on the client side.

    Attributes:
        client (int | None | Unset): Max inactivity on the client side: waiting for data from or to the client (ms).
        http_request (int | None | Unset): Max time to receive a complete HTTP request's headers (ms).
        http_keep_alive (int | None | Unset): Max idle time waiting for the next request on a kept-alive connection
            (ms).
    """

    client: int | None | Unset = UNSET
    http_request: int | None | Unset = UNSET
    http_keep_alive: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        client: int | None | Unset
        if isinstance(self.client, Unset):
            client = UNSET
        else:
            client = self.client

        http_request: int | None | Unset
        if isinstance(self.http_request, Unset):
            http_request = UNSET
        else:
            http_request = self.http_request

        http_keep_alive: int | None | Unset
        if isinstance(self.http_keep_alive, Unset):
            http_keep_alive = UNSET
        else:
            http_keep_alive = self.http_keep_alive

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if client is not UNSET:
            field_dict["client"] = client
        if http_request is not UNSET:
            field_dict["http_request"] = http_request
        if http_keep_alive is not UNSET:
            field_dict["http_keep_alive"] = http_keep_alive

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_client(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        client = _parse_client(d.pop("client", UNSET))

        def _parse_http_request(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        http_request = _parse_http_request(d.pop("http_request", UNSET))

        def _parse_http_keep_alive(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        http_keep_alive = _parse_http_keep_alive(d.pop("http_keep_alive", UNSET))

        frontend_timeouts = cls(
            client=client,
            http_request=http_request,
            http_keep_alive=http_keep_alive,
        )

        return frontend_timeouts
