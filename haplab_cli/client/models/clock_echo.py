from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClockEcho")


@_attrs_define
class ClockEcho:
    """The answer to a ClockProbe: t1 back, with the API's clock on receipt (t2) and reply (t3).

    Attributes:
        agent_sent_at (datetime.datetime): t1, as the agent sent it.
        api_received_at (datetime.datetime): t2: the API's clock when the request reached it.
        api_sent_at (datetime.datetime): t3: the API's clock as it answered.
    """

    agent_sent_at: datetime.datetime
    api_received_at: datetime.datetime
    api_sent_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        agent_sent_at = self.agent_sent_at.isoformat()

        api_received_at = self.api_received_at.isoformat()

        api_sent_at = self.api_sent_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "agent_sent_at": agent_sent_at,
                "api_received_at": api_received_at,
                "api_sent_at": api_sent_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_sent_at = datetime.datetime.fromisoformat(d.pop("agent_sent_at"))

        api_received_at = datetime.datetime.fromisoformat(d.pop("api_received_at"))

        api_sent_at = datetime.datetime.fromisoformat(d.pop("api_sent_at"))

        clock_echo = cls(
            agent_sent_at=agent_sent_at,
            api_received_at=api_received_at,
            api_sent_at=api_sent_at,
        )

        clock_echo.additional_properties = d
        return clock_echo

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
