from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="TlsCredentials")


@_attrs_define
class TlsCredentials:
    """A server certificate (then its chain) and its private key, PEM, issued by the lab's CA.

    Attributes:
        certificate_pem (str):
        private_key_pem (str):
    """

    certificate_pem: str
    private_key_pem: str

    def to_dict(self) -> dict[str, Any]:
        certificate_pem = self.certificate_pem

        private_key_pem = self.private_key_pem

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "certificate_pem": certificate_pem,
                "private_key_pem": private_key_pem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        certificate_pem = d.pop("certificate_pem")

        private_key_pem = d.pop("private_key_pem")

        tls_credentials = cls(
            certificate_pem=certificate_pem,
            private_key_pem=private_key_pem,
        )

        return tls_credentials
