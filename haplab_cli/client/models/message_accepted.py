from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MessageAccepted")


@_attrs_define
class MessageAccepted:
    """
    Attributes:
        accepted (bool | Unset):  Default: True.
        inserted (int | Unset): Samples newly stored (0 for a resent batch). Default: 0.
    """

    accepted: bool | Unset = True
    inserted: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        accepted = self.accepted

        inserted = self.inserted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if accepted is not UNSET:
            field_dict["accepted"] = accepted
        if inserted is not UNSET:
            field_dict["inserted"] = inserted

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        accepted = d.pop("accepted", UNSET)

        inserted = d.pop("inserted", UNSET)

        message_accepted = cls(
            accepted=accepted,
            inserted=inserted,
        )

        message_accepted.additional_properties = d
        return message_accepted

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
