from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.enrollment_token_create_roles_item import EnrollmentTokenCreateRolesItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="EnrollmentTokenCreate")


@_attrs_define
class EnrollmentTokenCreate:
    """
    Attributes:
        roles (list[EnrollmentTokenCreateRolesItem] | Unset): roles the enrolling agent may take; empty means any
        expires_in_minutes (int | Unset):  Default: 60.
    """

    roles: list[EnrollmentTokenCreateRolesItem] | Unset = UNSET
    expires_in_minutes: int | Unset = 60
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roles: list[str] | Unset = UNSET
        if not isinstance(self.roles, Unset):
            roles = []
            for roles_item_data in self.roles:
                roles_item = roles_item_data.value
                roles.append(roles_item)

        expires_in_minutes = self.expires_in_minutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if roles is not UNSET:
            field_dict["roles"] = roles
        if expires_in_minutes is not UNSET:
            field_dict["expires_in_minutes"] = expires_in_minutes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _roles = d.pop("roles", UNSET)
        roles: list[EnrollmentTokenCreateRolesItem] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = EnrollmentTokenCreateRolesItem(roles_item_data)

                roles.append(roles_item)

        expires_in_minutes = d.pop("expires_in_minutes", UNSET)

        enrollment_token_create = cls(
            roles=roles,
            expires_in_minutes=expires_in_minutes,
        )

        enrollment_token_create.additional_properties = d
        return enrollment_token_create

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
