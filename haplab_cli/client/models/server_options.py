from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.server_check import ServerCheck
    from ..models.server_tls import ServerTls


T = TypeVar("T", bound="ServerOptions")


@_attrs_define
class ServerOptions:
    """Settings of a server line (everything but its name and address).

    Attributes:
        maxconn (int | None | Unset): Most requests sent to this server at once; the rest wait in HAProxy's queue.
        minconn (int | None | Unset): Limit at low load; it grows from minconn to maxconn as the backend nears fullconn.
        maxqueue (int | None | Unset): Most requests queued for this server; beyond, they go elsewhere or fail (0 = no
            limit).
        weight (int | None | Unset): Share of the load relative to other servers (default 1).
        check (None | ServerCheck | Unset): Health-check this server (the backend's health_check says how).
        ssl (None | ServerTls | Unset): Connect to this server with TLS.
        proto (Literal['h2'] | None | Unset): h2: speak HTTP/2 to this server (h2c without ssl).
        pool_max_conn (int | None | Unset): Most idle connections kept for reuse (-1 = no limit, 0 = none).
        pool_low_conn (int | None | Unset): Idle connections per thread below which a thread opens new ones rather than
            steal.
        pool_purge_delay_ms (int | None | Unset): How often half of the unused idle connections are closed (ms; default
            5000).
        send_proxy (bool | Unset): Send a PROXY protocol v1 header so the server learns the client address. Default:
            False.
        backup (bool | Unset): Use this server only when all normal servers are down. Default: False.
        extra (list[str] | Unset): More settings of the server line, one keyword (and its value) each, e.g. 'cookie s1'
            or 'slowstart 10s': the default-server allowlist, without what has a field here.
    """

    maxconn: int | None | Unset = UNSET
    minconn: int | None | Unset = UNSET
    maxqueue: int | None | Unset = UNSET
    weight: int | None | Unset = UNSET
    check: None | ServerCheck | Unset = UNSET
    ssl: None | ServerTls | Unset = UNSET
    proto: Literal["h2"] | None | Unset = UNSET
    pool_max_conn: int | None | Unset = UNSET
    pool_low_conn: int | None | Unset = UNSET
    pool_purge_delay_ms: int | None | Unset = UNSET
    send_proxy: bool | Unset = False
    backup: bool | Unset = False
    extra: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.server_check import ServerCheck
        from ..models.server_tls import ServerTls

        maxconn: int | None | Unset
        if isinstance(self.maxconn, Unset):
            maxconn = UNSET
        else:
            maxconn = self.maxconn

        minconn: int | None | Unset
        if isinstance(self.minconn, Unset):
            minconn = UNSET
        else:
            minconn = self.minconn

        maxqueue: int | None | Unset
        if isinstance(self.maxqueue, Unset):
            maxqueue = UNSET
        else:
            maxqueue = self.maxqueue

        weight: int | None | Unset
        if isinstance(self.weight, Unset):
            weight = UNSET
        else:
            weight = self.weight

        check: dict[str, Any] | None | Unset
        if isinstance(self.check, Unset):
            check = UNSET
        elif isinstance(self.check, ServerCheck):
            check = self.check.to_dict()
        else:
            check = self.check

        ssl: dict[str, Any] | None | Unset
        if isinstance(self.ssl, Unset):
            ssl = UNSET
        elif isinstance(self.ssl, ServerTls):
            ssl = self.ssl.to_dict()
        else:
            ssl = self.ssl

        proto: Literal["h2"] | None | Unset
        if isinstance(self.proto, Unset):
            proto = UNSET
        else:
            proto = self.proto

        pool_max_conn: int | None | Unset
        if isinstance(self.pool_max_conn, Unset):
            pool_max_conn = UNSET
        else:
            pool_max_conn = self.pool_max_conn

        pool_low_conn: int | None | Unset
        if isinstance(self.pool_low_conn, Unset):
            pool_low_conn = UNSET
        else:
            pool_low_conn = self.pool_low_conn

        pool_purge_delay_ms: int | None | Unset
        if isinstance(self.pool_purge_delay_ms, Unset):
            pool_purge_delay_ms = UNSET
        else:
            pool_purge_delay_ms = self.pool_purge_delay_ms

        send_proxy = self.send_proxy

        backup = self.backup

        extra: list[str] | Unset = UNSET
        if not isinstance(self.extra, Unset):
            extra = self.extra

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if maxconn is not UNSET:
            field_dict["maxconn"] = maxconn
        if minconn is not UNSET:
            field_dict["minconn"] = minconn
        if maxqueue is not UNSET:
            field_dict["maxqueue"] = maxqueue
        if weight is not UNSET:
            field_dict["weight"] = weight
        if check is not UNSET:
            field_dict["check"] = check
        if ssl is not UNSET:
            field_dict["ssl"] = ssl
        if proto is not UNSET:
            field_dict["proto"] = proto
        if pool_max_conn is not UNSET:
            field_dict["pool_max_conn"] = pool_max_conn
        if pool_low_conn is not UNSET:
            field_dict["pool_low_conn"] = pool_low_conn
        if pool_purge_delay_ms is not UNSET:
            field_dict["pool_purge_delay_ms"] = pool_purge_delay_ms
        if send_proxy is not UNSET:
            field_dict["send_proxy"] = send_proxy
        if backup is not UNSET:
            field_dict["backup"] = backup
        if extra is not UNSET:
            field_dict["extra"] = extra

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.server_check import ServerCheck
        from ..models.server_tls import ServerTls

        d = dict(src_dict)

        def _parse_maxconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maxconn = _parse_maxconn(d.pop("maxconn", UNSET))

        def _parse_minconn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        minconn = _parse_minconn(d.pop("minconn", UNSET))

        def _parse_maxqueue(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        maxqueue = _parse_maxqueue(d.pop("maxqueue", UNSET))

        def _parse_weight(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        weight = _parse_weight(d.pop("weight", UNSET))

        def _parse_check(data: object) -> None | ServerCheck | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                check_type_0 = ServerCheck.from_dict(data)

                return check_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ServerCheck | Unset, data)

        check = _parse_check(d.pop("check", UNSET))

        def _parse_ssl(data: object) -> None | ServerTls | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ssl_type_0 = ServerTls.from_dict(data)

                return ssl_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ServerTls | Unset, data)

        ssl = _parse_ssl(d.pop("ssl", UNSET))

        def _parse_proto(data: object) -> Literal["h2"] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            proto_type_0 = cast(Literal["h2"], data)
            if proto_type_0 != "h2":
                raise ValueError(
                    f"proto_type_0 must match const 'h2', got '{proto_type_0}'"
                )
            return proto_type_0
            return cast(Literal["h2"] | None | Unset, data)

        proto = _parse_proto(d.pop("proto", UNSET))

        def _parse_pool_max_conn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pool_max_conn = _parse_pool_max_conn(d.pop("pool_max_conn", UNSET))

        def _parse_pool_low_conn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pool_low_conn = _parse_pool_low_conn(d.pop("pool_low_conn", UNSET))

        def _parse_pool_purge_delay_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pool_purge_delay_ms = _parse_pool_purge_delay_ms(
            d.pop("pool_purge_delay_ms", UNSET)
        )

        send_proxy = d.pop("send_proxy", UNSET)

        backup = d.pop("backup", UNSET)

        extra = cast(list[str], d.pop("extra", UNSET))

        server_options = cls(
            maxconn=maxconn,
            minconn=minconn,
            maxqueue=maxqueue,
            weight=weight,
            check=check,
            ssl=ssl,
            proto=proto,
            pool_max_conn=pool_max_conn,
            pool_low_conn=pool_low_conn,
            pool_purge_delay_ms=pool_purge_delay_ms,
            send_proxy=send_proxy,
            backup=backup,
            extra=extra,
        )

        return server_options
