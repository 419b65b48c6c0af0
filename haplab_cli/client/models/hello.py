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
    from ..models.clock_measurement import ClockMeasurement


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
        clock (ClockMeasurement | None | Unset): Its clock against the API's, measured just before this hello (None: it
            could not).
    """

    agent: str
    version: str
    roles: list[HelloRolesItem]
    type_: Literal["hello"] | Unset = "hello"
    capabilities: Capabilities | Unset = UNSET
    clock: ClockMeasurement | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_measurement import ClockMeasurement

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

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockMeasurement):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

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
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capabilities import Capabilities
        from ..models.clock_measurement import ClockMeasurement

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

        def _parse_clock(data: object) -> ClockMeasurement | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockMeasurement.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockMeasurement | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        hello = cls(
            agent=agent,
            version=version,
            roles=roles,
            type_=type_,
            capabilities=capabilities,
            clock=clock,
        )

        return hello
