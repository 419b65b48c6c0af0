from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BoundaryEntry")


@_attrs_define
class BoundaryEntry:
    """One place a lab's runs may send traffic to.

    Attributes:
        address (str): A CIDR (10.0.0.0/24), an IP address (10.0.0.5) or a host name (db.lab.example).
        port (int | None | Unset): Only this port; empty: every port.
        note (str | Unset): Why this entry is here. Default: ''.
    """

    address: str
    port: int | None | Unset = UNSET
    note: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        address = self.address

        port: int | None | Unset
        if isinstance(self.port, Unset):
            port = UNSET
        else:
            port = self.port

        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "address": address,
            }
        )
        if port is not UNSET:
            field_dict["port"] = port
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        address = d.pop("address")

        def _parse_port(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        port = _parse_port(d.pop("port", UNSET))

        note = d.pop("note", UNSET)

        boundary_entry = cls(
            address=address,
            port=port,
            note=note,
        )

        return boundary_entry
