from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClockProbe")


@_attrs_define
class ClockProbe:
    """The body of POST /agent/clock: the agent's clock as it sent the request (t1).

    Attributes:
        agent_sent_at (datetime.datetime): t1: the agent's clock when it sent this request.
    """

    agent_sent_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent_sent_at = self.agent_sent_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent_sent_at": agent_sent_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_sent_at = datetime.datetime.fromisoformat(d.pop("agent_sent_at"))

        clock_probe = cls(
            agent_sent_at=agent_sent_at,
        )

        clock_probe.additional_properties = d
        return clock_probe

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
