from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExternalTarget")


@_attrs_define
class ExternalTarget:
    """Existing upstreams, given by address; the lab starts nothing.

    Attributes:
        addresses (list[str]): Upstream addresses as host:port, one server line each.
        kind (Literal['external'] | Unset):  Default: 'external'.
    """

    addresses: list[str]
    kind: Literal["external"] | Unset = "external"

    def to_dict(self) -> dict[str, Any]:
        addresses = self.addresses

        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "addresses": addresses,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        addresses = cast(list[str], d.pop("addresses"))

        kind = cast(Literal["external"] | Unset, d.pop("kind", UNSET))
        if kind != "external" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'external', got '{kind}'")

        external_target = cls(
            addresses=addresses,
            kind=kind,
        )

        return external_target
