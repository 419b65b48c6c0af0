from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.bind_tls_alpn_item import BindTlsAlpnItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="BindTls")


@_attrs_define
class BindTls:
    """TLS termination on a bind.

    Attributes:
        cert (str): Name of a lab-managed certificate (never a path).
        alpn (list[BindTlsAlpnItem] | Unset): Protocols offered in ALPN, most preferred first, e.g. ['h2', 'http/1.1'].
    """

    cert: str
    alpn: list[BindTlsAlpnItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cert = self.cert

        alpn: list[str] | Unset = UNSET
        if not isinstance(self.alpn, Unset):
            alpn = []
            for alpn_item_data in self.alpn:
                alpn_item = alpn_item_data.value
                alpn.append(alpn_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cert": cert,
            }
        )
        if alpn is not UNSET:
            field_dict["alpn"] = alpn

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cert = d.pop("cert")

        _alpn = d.pop("alpn", UNSET)
        alpn: list[BindTlsAlpnItem] | Unset = UNSET
        if _alpn is not UNSET:
            alpn = []
            for alpn_item_data in _alpn:
                alpn_item = BindTlsAlpnItem(alpn_item_data)

                alpn.append(alpn_item)

        bind_tls = cls(
            cert=cert,
            alpn=alpn,
        )

        return bind_tls
