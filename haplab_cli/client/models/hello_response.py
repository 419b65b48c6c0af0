from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HelloResponse")


@_attrs_define
class HelloResponse:
    """
    Attributes:
        agent_id (int):
        lab_id (int):
        name (str):
        protocol_version (int):
        heartbeat_interval_s (float): Send a Heartbeat this often (seconds).
    """

    agent_id: int
    lab_id: int
    name: str
    protocol_version: int
    heartbeat_interval_s: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        lab_id = self.lab_id

        name = self.name

        protocol_version = self.protocol_version

        heartbeat_interval_s = self.heartbeat_interval_s

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent_id": agent_id,
                "lab_id": lab_id,
                "name": name,
                "protocol_version": protocol_version,
                "heartbeat_interval_s": heartbeat_interval_s,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_id = d.pop("agent_id")

        lab_id = d.pop("lab_id")

        name = d.pop("name")

        protocol_version = d.pop("protocol_version")

        heartbeat_interval_s = d.pop("heartbeat_interval_s")

        hello_response = cls(
            agent_id=agent_id,
            lab_id=lab_id,
            name=name,
            protocol_version=protocol_version,
            heartbeat_interval_s=heartbeat_interval_s,
        )

        hello_response.additional_properties = d
        return hello_response

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
