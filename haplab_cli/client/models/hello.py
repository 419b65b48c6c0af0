from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..models.hello_roles_item import HelloRolesItem
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.capabilities import Capabilities


T = TypeVar("T", bound="Hello")


@_attrs_define
class Hello:
    """First message of a connection: who the agent is and what it can do.

    Attributes:
        agent (str): The agent's name in its lab.
        version (str): haplab-agent version.
        roles (list[HelloRolesItem]): Roles this agent plays.
        type_ (Literal['hello'] | Unset):  Default: 'hello'.
        capabilities (Capabilities | Unset):
    """

    agent: str
    version: str
    roles: list[HelloRolesItem]
    type_: Literal["hello"] | Unset = "hello"
    capabilities: Capabilities | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        agent = self.agent

        version = self.version

        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.value
            roles.append(roles_item)

        type_ = self.type_

        capabilities: dict[str, Any] | Unset = UNSET
        if not isinstance(self.capabilities, Unset):
            capabilities = self.capabilities.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent": agent,
                "version": version,
                "roles": roles,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if capabilities is not UNSET:
            field_dict["capabilities"] = capabilities

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capabilities import Capabilities

        d = dict(src_dict)
        agent = d.pop("agent")

        version = d.pop("version")

        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = HelloRolesItem(roles_item_data)

            roles.append(roles_item)

        type_ = cast(Literal["hello"] | Unset, d.pop("type", UNSET))
        if type_ != "hello" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'hello', got '{type_}'")

        _capabilities = d.pop("capabilities", UNSET)
        capabilities: Capabilities | Unset
        if isinstance(_capabilities, Unset):
            capabilities = UNSET
        else:
            capabilities = Capabilities.from_dict(_capabilities)

        hello = cls(
            agent=agent,
            version=version,
            roles=roles,
            type_=type_,
            capabilities=capabilities,
        )

        return hello
