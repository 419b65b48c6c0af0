from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.timer_meaning_key import TimerMeaningKey

T = TypeVar("T", bound="TimerMeaning")


@_attrs_define
class TimerMeaning:
    """A timer as HAProxy names it and what it measures (contract.request_timers.TIMERS).

    Attributes:
        key (TimerMeaningKey):
        haproxy_name (str): HAProxy's own name: Th, Ti, TR, Tw, Tc, Tr, Td, Ta, Tt.
        meaning (str):
    """

    key: TimerMeaningKey
    haproxy_name: str
    meaning: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key.value

        haproxy_name = self.haproxy_name

        meaning = self.meaning

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "haproxy_name": haproxy_name,
                "meaning": meaning,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = TimerMeaningKey(d.pop("key"))

        haproxy_name = d.pop("haproxy_name")

        meaning = d.pop("meaning")

        timer_meaning = cls(
            key=key,
            haproxy_name=haproxy_name,
            meaning=meaning,
        )

        timer_meaning.additional_properties = d
        return timer_meaning

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
