from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Timeouts")


@_attrs_define
class Timeouts:
    """Every timeout; used by defaults and listen sections, which have both sides.

    Attributes:
        connect (int | None | Unset): Max time to wait for a TCP connection to a server to succeed (ms).
        client (int | None | Unset): Max inactivity on the client side: waiting for data from or to the client (ms).
        server (int | None | Unset): Max inactivity on the server side, e.g. waiting for the server's reply (ms).
        queue (int | None | Unset): Max time a request waits in the queue for a free server slot before a 503 (ms).
        http_request (int | None | Unset): Max time to receive a complete HTTP request's headers (ms).
        http_keep_alive (int | None | Unset): Max idle time waiting for the next request on a kept-alive connection
            (ms).
        tunnel (int | None | Unset): Max inactivity of a tunnel (WebSocket, CONNECT); replaces client/server (ms).
        check (int | None | Unset): Extra read timeout of a health check once connected; default is `inter` (ms).
    """

    connect: int | None | Unset = UNSET
    client: int | None | Unset = UNSET
    server: int | None | Unset = UNSET
    queue: int | None | Unset = UNSET
    http_request: int | None | Unset = UNSET
    http_keep_alive: int | None | Unset = UNSET
    tunnel: int | None | Unset = UNSET
    check: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        connect: int | None | Unset
        if isinstance(self.connect, Unset):
            connect = UNSET
        else:
            connect = self.connect

        client: int | None | Unset
        if isinstance(self.client, Unset):
            client = UNSET
        else:
            client = self.client

        server: int | None | Unset
        if isinstance(self.server, Unset):
            server = UNSET
        else:
            server = self.server

        queue: int | None | Unset
        if isinstance(self.queue, Unset):
            queue = UNSET
        else:
            queue = self.queue

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

        tunnel: int | None | Unset
        if isinstance(self.tunnel, Unset):
            tunnel = UNSET
        else:
            tunnel = self.tunnel

        check: int | None | Unset
        if isinstance(self.check, Unset):
            check = UNSET
        else:
            check = self.check

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if connect is not UNSET:
            field_dict["connect"] = connect
        if client is not UNSET:
            field_dict["client"] = client
        if server is not UNSET:
            field_dict["server"] = server
        if queue is not UNSET:
            field_dict["queue"] = queue
        if http_request is not UNSET:
            field_dict["http_request"] = http_request
        if http_keep_alive is not UNSET:
            field_dict["http_keep_alive"] = http_keep_alive
        if tunnel is not UNSET:
            field_dict["tunnel"] = tunnel
        if check is not UNSET:
            field_dict["check"] = check

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_connect(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        connect = _parse_connect(d.pop("connect", UNSET))

        def _parse_client(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        client = _parse_client(d.pop("client", UNSET))

        def _parse_server(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        server = _parse_server(d.pop("server", UNSET))

        def _parse_queue(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        queue = _parse_queue(d.pop("queue", UNSET))

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

        def _parse_tunnel(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        tunnel = _parse_tunnel(d.pop("tunnel", UNSET))

        def _parse_check(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        check = _parse_check(d.pop("check", UNSET))

        timeouts = cls(
            connect=connect,
            client=client,
            server=server,
            queue=queue,
            http_request=http_request,
            http_keep_alive=http_keep_alive,
            tunnel=tunnel,
            check=check,
        )

        return timeouts
