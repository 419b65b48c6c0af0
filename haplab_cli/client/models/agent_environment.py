from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.capabilities import Capabilities
    from ..models.clock_measurement import ClockMeasurement


T = TypeVar("T", bound="AgentEnvironment")


@_attrs_define
class AgentEnvironment:
    """
    Attributes:
        roles (list[str]): The roles the agent played (proxy, injector, target).
        capabilities (Capabilities):
        clock (ClockMeasurement | None | Unset): Its clock against the API's, measured at the run's warm-up
            (contract.clock); None: not measured (an older agent, or the exchange failed).
    """

    roles: list[str]
    capabilities: Capabilities
    clock: ClockMeasurement | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_measurement import ClockMeasurement

        roles = self.roles

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
                "roles": roles,
                "capabilities": capabilities,
            }
        )
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capabilities import Capabilities
        from ..models.clock_measurement import ClockMeasurement

        d = dict(src_dict)
        roles = cast(list[str], d.pop("roles"))

        capabilities = Capabilities.from_dict(d.pop("capabilities"))

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

        agent_environment = cls(
            roles=roles,
            capabilities=capabilities,
            clock=clock,
        )

        return agent_environment
