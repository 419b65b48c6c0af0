from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.capabilities import Capabilities


T = TypeVar("T", bound="AgentEnvironment")


@_attrs_define
class AgentEnvironment:
    """
    Attributes:
        roles (list[str]): The roles the agent played (proxy, injector, target).
        capabilities (Capabilities):
    """

    roles: list[str]
    capabilities: Capabilities

    def to_dict(self) -> dict[str, Any]:
        roles = self.roles

        capabilities = self.capabilities.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "roles": roles,
                "capabilities": capabilities,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capabilities import Capabilities

        d = dict(src_dict)
        roles = cast(list[str], d.pop("roles"))

        capabilities = Capabilities.from_dict(d.pop("capabilities"))

        agent_environment = cls(
            roles=roles,
            capabilities=capabilities,
        )

        return agent_environment
