from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="EnrollResponse")


@_attrs_define
class EnrollResponse:
    """
    Attributes:
        agent_id (int):
        agent_token (str): The agent's own secret (hla_...), shown once: keep it.
        lab_id (int):
        name (str):
        roles (list[str]): The roles the agent was enrolled with (the token's, if it sent none).
    """

    agent_id: int
    agent_token: str
    lab_id: int
    name: str
    roles: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        agent_token = self.agent_token

        lab_id = self.lab_id

        name = self.name

        roles = self.roles

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent_id": agent_id,
                "agent_token": agent_token,
                "lab_id": lab_id,
                "name": name,
                "roles": roles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        agent_token = d.pop("agent_token")

        lab_id = d.pop("lab_id")

        name = d.pop("name")

        roles = cast(list[str], d.pop("roles"))

        enroll_response = cls(
            agent_id=agent_id,
            agent_token=agent_token,
            lab_id=lab_id,
            name=name,
            roles=roles,
        )

        enroll_response.additional_properties = d
        return enroll_response

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
