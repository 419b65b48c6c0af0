from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SharedMachine")


@_attrs_define
class SharedMachine:
    """Roles of the run that ran on one machine: their CPU figures are read from the same cores.

    Attributes:
        agents (list[str]): The agents on that machine (one agent may play several roles).
        roles (list[str]): The roles they played there, sorted.
        how (str): How it is known: one agent, or the same boot id.
    """

    agents: list[str]
    roles: list[str]
    how: str

    def to_dict(self) -> dict[str, Any]:
        agents = self.agents

        roles = self.roles

        how = self.how

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agents": agents,
                "roles": roles,
                "how": how,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agents = cast(list[str], d.pop("agents"))

        roles = cast(list[str], d.pop("roles"))

        how = d.pop("how")

        shared_machine = cls(
            agents=agents,
            roles=roles,
            how=how,
        )

        return shared_machine
