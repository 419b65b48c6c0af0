from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LabSummary")


@_attrs_define
class LabSummary:
    """
    Attributes:
        id (int):
        name (str):
        description (str):
        created_at (datetime.datetime):
        active_run_id (int | None):
        busy (bool): a run holds the lab
        agent_count (int): live agents (revoked ones are not counted)
        online_agent_count (int): agents heard from in the last 15 s
    """

    id: int
    name: str
    description: str
    created_at: datetime.datetime
    active_run_id: int | None
    busy: bool
    agent_count: int
    online_agent_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        description = self.description

        created_at = self.created_at.isoformat()

        active_run_id: int | None
        active_run_id = self.active_run_id

        busy = self.busy

        agent_count = self.agent_count

        online_agent_count = self.online_agent_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "created_at": created_at,
                "active_run_id": active_run_id,
                "busy": busy,
                "agent_count": agent_count,
                "online_agent_count": online_agent_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        description = d.pop("description")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_active_run_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        active_run_id = _parse_active_run_id(d.pop("active_run_id"))

        busy = d.pop("busy")

        agent_count = d.pop("agent_count")

        online_agent_count = d.pop("online_agent_count")

        lab_summary = cls(
            id=id,
            name=name,
            description=description,
            created_at=created_at,
            active_run_id=active_run_id,
            busy=busy,
            agent_count=agent_count,
            online_agent_count=online_agent_count,
        )

        lab_summary.additional_properties = d
        return lab_summary

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
