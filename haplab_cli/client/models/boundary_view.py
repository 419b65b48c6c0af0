from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.agent_address import AgentAddress
    from ..models.boundary_entry import BoundaryEntry


T = TypeVar("T", bound="BoundaryView")


@_attrs_define
class BoundaryView:
    """Where this lab's runs may send traffic (contract/lab_boundary.py has the rules).

    Attributes:
        agents (list[AgentAddress]): allowed by default: the lab's own agents, any port
        entries (list[BoundaryEntry]): added by lab admins
        control_plane_ports (list[int]): haplab's own ports: reachable only through an entry that names the port
        refused_by_default (list[str]): ranges no run reaches unless an entry covers them (loopback, link-local ...)
    """

    agents: list[AgentAddress]
    entries: list[BoundaryEntry]
    control_plane_ports: list[int]
    refused_by_default: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agents = []
        for agents_item_data in self.agents:
            agents_item = agents_item_data.to_dict()
            agents.append(agents_item)

        entries = []
        for entries_item_data in self.entries:
            entries_item = entries_item_data.to_dict()
            entries.append(entries_item)

        control_plane_ports = self.control_plane_ports

        refused_by_default = self.refused_by_default

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agents": agents,
                "entries": entries,
                "control_plane_ports": control_plane_ports,
                "refused_by_default": refused_by_default,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_address import AgentAddress
        from ..models.boundary_entry import BoundaryEntry

        d = dict(src_dict)
        agents = []
        _agents = d.pop("agents")
        for agents_item_data in _agents:
            agents_item = AgentAddress.from_dict(agents_item_data)

            agents.append(agents_item)

        entries = []
        _entries = d.pop("entries")
        for entries_item_data in _entries:
            entries_item = BoundaryEntry.from_dict(entries_item_data)

            entries.append(entries_item)

        control_plane_ports = cast(list[int], d.pop("control_plane_ports"))

        refused_by_default = cast(list[str], d.pop("refused_by_default"))

        boundary_view = cls(
            agents=agents,
            entries=entries,
            control_plane_ports=control_plane_ports,
            refused_by_default=refused_by_default,
        )

        boundary_view.additional_properties = d
        return boundary_view

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
