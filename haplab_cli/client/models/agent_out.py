from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.agent_out_status import AgentOutStatus

if TYPE_CHECKING:
    from ..models.capabilities import Capabilities
    from ..models.clock_measurement import ClockMeasurement


T = TypeVar("T", bound="AgentOut")


@_attrs_define
class AgentOut:
    """
    Attributes:
        id (int):
        name (str):
        roles (list[str]):
        version (str):
        capabilities (Capabilities):
        clock (ClockMeasurement | None): its clock against the API's, measured at its last hello (null: never measured)
        last_seen_at (datetime.datetime | None):
        status (AgentOutStatus): offline after 15 s without a heartbeat; busy while its lab runs; revoked: its token is
            refused for good
        revoked_at (datetime.datetime | None): when a lab admin revoked it, or its name was enrolled again (null: it is
            live)
    """

    id: int
    name: str
    roles: list[str]
    version: str
    capabilities: Capabilities
    clock: ClockMeasurement | None
    last_seen_at: datetime.datetime | None
    status: AgentOutStatus
    revoked_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_measurement import ClockMeasurement

        id = self.id

        name = self.name

        roles = self.roles

        version = self.version

        capabilities = self.capabilities.to_dict()

        clock: dict[str, Any] | None
        if isinstance(self.clock, ClockMeasurement):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        last_seen_at: None | str
        if isinstance(self.last_seen_at, datetime.datetime):
            last_seen_at = self.last_seen_at.isoformat()
        else:
            last_seen_at = self.last_seen_at

        status = self.status.value

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "roles": roles,
                "version": version,
                "capabilities": capabilities,
                "clock": clock,
                "last_seen_at": last_seen_at,
                "status": status,
                "revoked_at": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capabilities import Capabilities
        from ..models.clock_measurement import ClockMeasurement

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        roles = cast(list[str], d.pop("roles"))

        version = d.pop("version")

        capabilities = Capabilities.from_dict(d.pop("capabilities"))

        def _parse_clock(data: object) -> ClockMeasurement | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockMeasurement.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockMeasurement | None, data)

        clock = _parse_clock(d.pop("clock"))

        def _parse_last_seen_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_seen_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_seen_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_seen_at = _parse_last_seen_at(d.pop("last_seen_at"))

        status = AgentOutStatus(d.pop("status"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        agent_out = cls(
            id=id,
            name=name,
            roles=roles,
            version=version,
            capabilities=capabilities,
            clock=clock,
            last_seen_at=last_seen_at,
            status=status,
            revoked_at=revoked_at,
        )

        agent_out.additional_properties = d
        return agent_out

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
