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
    from ..models.bind_tls import BindTls


T = TypeVar("T", bound="Bind")


@_attrs_define
class Bind:
    """Where a frontend listens.

    Attributes:
        port (int): TCP port to listen on.
        address (str | Unset): Address to listen on; '*' means all. Default: '*'.
        ssl (BindTls | None | Unset): Terminate TLS on this bind.
        proto (Literal['h2'] | None | Unset): h2: expect HTTP/2 without TLS (h2c prior knowledge) on this bind.
    """

    port: int
    address: str | Unset = "*"
    ssl: BindTls | None | Unset = UNSET
    proto: Literal["h2"] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.bind_tls import BindTls

        port = self.port

        address = self.address

        ssl: dict[str, Any] | None | Unset
        if isinstance(self.ssl, Unset):
            ssl = UNSET
        elif isinstance(self.ssl, BindTls):
            ssl = self.ssl.to_dict()
        else:
            ssl = self.ssl

        proto: Literal["h2"] | None | Unset
        if isinstance(self.proto, Unset):
            proto = UNSET
        else:
            proto = self.proto

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "port": port,
            }
        )
        if address is not UNSET:
            field_dict["address"] = address
        if ssl is not UNSET:
            field_dict["ssl"] = ssl
        if proto is not UNSET:
            field_dict["proto"] = proto

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bind_tls import BindTls

        d = dict(src_dict)
        port = d.pop("port")

        address = d.pop("address", UNSET)

        def _parse_ssl(data: object) -> BindTls | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ssl_type_0 = BindTls.from_dict(data)

                return ssl_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BindTls | None | Unset, data)

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

        bind = cls(
            port=port,
            address=address,
            ssl=ssl,
            proto=proto,
        )

        return bind
