from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.agent_out import AgentOut
    from ..models.boundary_view import BoundaryView
    from ..models.lab_settings import LabSettings
    from ..models.shaping_offer import ShapingOffer


T = TypeVar("T", bound="LabDetail")


@_attrs_define
class LabDetail:
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
        settings (LabSettings): A lab's settings as the API shows them: `link_shaping` typed; any other key is the
            team's
            own (a note, a label), kept as the JSON it was given.
        agents (list[AgentOut]): the live agents, by name
        revoked_agents (list[AgentOut]): agents revoked (or replaced by a new enrollment of their name), the latest
            first: kept because runs name them; they count for nothing
        link_shaping (ShapingOffer):
        boundary (BoundaryView): Where this lab's runs may send traffic (contract/lab_boundary.py has the rules).
    """

    id: int
    name: str
    description: str
    created_at: datetime.datetime
    active_run_id: int | None
    busy: bool
    agent_count: int
    online_agent_count: int
    settings: LabSettings
    agents: list[AgentOut]
    revoked_agents: list[AgentOut]
    link_shaping: ShapingOffer
    boundary: BoundaryView
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

        settings = self.settings.to_dict()

        agents = []
        for agents_item_data in self.agents:
            agents_item = agents_item_data.to_dict()
            agents.append(agents_item)

        revoked_agents = []
        for revoked_agents_item_data in self.revoked_agents:
            revoked_agents_item = revoked_agents_item_data.to_dict()
            revoked_agents.append(revoked_agents_item)

        link_shaping = self.link_shaping.to_dict()

        boundary = self.boundary.to_dict()

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
                "settings": settings,
                "agents": agents,
                "revoked_agents": revoked_agents,
                "link_shaping": link_shaping,
                "boundary": boundary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_out import AgentOut
        from ..models.boundary_view import BoundaryView
        from ..models.lab_settings import LabSettings
        from ..models.shaping_offer import ShapingOffer

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

        settings = LabSettings.from_dict(d.pop("settings"))

        agents = []
        _agents = d.pop("agents")
        for agents_item_data in _agents:
            agents_item = AgentOut.from_dict(agents_item_data)

            agents.append(agents_item)

        revoked_agents = []
        _revoked_agents = d.pop("revoked_agents")
        for revoked_agents_item_data in _revoked_agents:
            revoked_agents_item = AgentOut.from_dict(revoked_agents_item_data)

            revoked_agents.append(revoked_agents_item)

        link_shaping = ShapingOffer.from_dict(d.pop("link_shaping"))

        boundary = BoundaryView.from_dict(d.pop("boundary"))

        lab_detail = cls(
            id=id,
            name=name,
            description=description,
            created_at=created_at,
            active_run_id=active_run_id,
            busy=busy,
            agent_count=agent_count,
            online_agent_count=online_agent_count,
            settings=settings,
            agents=agents,
            revoked_agents=revoked_agents,
            link_shaping=link_shaping,
            boundary=boundary,
        )

        lab_detail.additional_properties = d
        return lab_detail

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
