from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.server_tls_alpn_item import ServerTlsAlpnItem
from ..models.server_tls_verify import ServerTlsVerify
from ..types import UNSET, Unset

T = TypeVar("T", bound="ServerTls")


@_attrs_define
class ServerTls:
    """TLS from HAProxy to a server.

    Attributes:
        verify (ServerTlsVerify | Unset): none accepts any certificate; required checks it against the lab CA. Default:
            ServerTlsVerify.NONE.
        ca (None | str | Unset): Name of the lab CA used when verify is required (never a path).
        alpn (list[ServerTlsAlpnItem] | Unset): Protocols offered to the server in ALPN, e.g. ['h2'].
    """

    verify: ServerTlsVerify | Unset = ServerTlsVerify.NONE
    ca: None | str | Unset = UNSET
    alpn: list[ServerTlsAlpnItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        verify: str | Unset = UNSET
        if not isinstance(self.verify, Unset):
            verify = self.verify.value

        ca: None | str | Unset
        if isinstance(self.ca, Unset):
            ca = UNSET
        else:
            ca = self.ca

        alpn: list[str] | Unset = UNSET
        if not isinstance(self.alpn, Unset):
            alpn = []
            for alpn_item_data in self.alpn:
                alpn_item = alpn_item_data.value
                alpn.append(alpn_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if verify is not UNSET:
            field_dict["verify"] = verify
        if ca is not UNSET:
            field_dict["ca"] = ca
        if alpn is not UNSET:
            field_dict["alpn"] = alpn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _verify = d.pop("verify", UNSET)
        verify: ServerTlsVerify | Unset
        if isinstance(_verify, Unset):
            verify = UNSET
        else:
            verify = ServerTlsVerify(_verify)

        def _parse_ca(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ca = _parse_ca(d.pop("ca", UNSET))

        _alpn = d.pop("alpn", UNSET)
        alpn: list[ServerTlsAlpnItem] | Unset = UNSET
        if _alpn is not UNSET:
            alpn = []
            for alpn_item_data in _alpn:
                alpn_item = ServerTlsAlpnItem(alpn_item_data)

                alpn.append(alpn_item)

        server_tls = cls(
            verify=verify,
            ca=ca,
            alpn=alpn,
        )

        return server_tls
