from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.enroll_request_roles_item import EnrollRequestRolesItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="EnrollRequest")


@_attrs_define
class EnrollRequest:
    """
    Attributes:
        token (str): The one-time enrollment token (hle_...).
        name (str): The agent's name in its lab.
        roles (list[EnrollRequestRolesItem] | Unset): Roles the agent takes; empty takes the token's roles.
    """

    token: str
    name: str
    roles: list[EnrollRequestRolesItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        name = self.name

        roles: list[str] | Unset = UNSET
        if not isinstance(self.roles, Unset):
            roles = []
            for roles_item_data in self.roles:
                roles_item = roles_item_data.value
                roles.append(roles_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "token": token,
                "name": name,
            }
        )
        if roles is not UNSET:
            field_dict["roles"] = roles

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        token = d.pop("token")

        name = d.pop("name")

        _roles = d.pop("roles", UNSET)
        roles: list[EnrollRequestRolesItem] | Unset = UNSET
        if _roles is not UNSET:
            roles = []
            for roles_item_data in _roles:
                roles_item = EnrollRequestRolesItem(roles_item_data)

                roles.append(roles_item)

        enroll_request = cls(
            token=token,
            name=name,
            roles=roles,
        )

        enroll_request.additional_properties = d
        return enroll_request

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
