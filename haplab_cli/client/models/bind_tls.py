from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

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
        ciphers (None | str | Unset): OpenSSL cipher list for TLS <= 1.2 on this bind (else the global default).
        ciphersuites (None | str | Unset): TLS 1.3 cipher suites on this bind (else the global default).
        options (list[str] | Unset): TLS options of this bind, e.g. 'ssl-min-ver TLSv1.2' (added to the global
            defaults).
    """

    cert: str
    alpn: list[BindTlsAlpnItem] | Unset = UNSET
    ciphers: None | str | Unset = UNSET
    ciphersuites: None | str | Unset = UNSET
    options: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cert = self.cert

        alpn: list[str] | Unset = UNSET
        if not isinstance(self.alpn, Unset):
            alpn = []
            for alpn_item_data in self.alpn:
                alpn_item = alpn_item_data.value
                alpn.append(alpn_item)

        ciphers: None | str | Unset
        if isinstance(self.ciphers, Unset):
            ciphers = UNSET
        else:
            ciphers = self.ciphers

        ciphersuites: None | str | Unset
        if isinstance(self.ciphersuites, Unset):
            ciphersuites = UNSET
        else:
            ciphersuites = self.ciphersuites

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cert": cert,
            }
        )
        if alpn is not UNSET:
            field_dict["alpn"] = alpn
        if ciphers is not UNSET:
            field_dict["ciphers"] = ciphers
        if ciphersuites is not UNSET:
            field_dict["ciphersuites"] = ciphersuites
        if options is not UNSET:
            field_dict["options"] = options

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

        def _parse_ciphers(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ciphers = _parse_ciphers(d.pop("ciphers", UNSET))

        def _parse_ciphersuites(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ciphersuites = _parse_ciphersuites(d.pop("ciphersuites", UNSET))

        options = cast(list[str], d.pop("options", UNSET))

        bind_tls = cls(
            cert=cert,
            alpn=alpn,
            ciphers=ciphers,
            ciphersuites=ciphersuites,
            options=options,
        )

        return bind_tls
