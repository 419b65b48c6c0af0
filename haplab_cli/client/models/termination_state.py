from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.termination_state_group import TerminationStateGroup

T = TypeVar("T", bound="TerminationState")


@_attrs_define
class TerminationState:
    """A termination state the run's log holds, in words (contract.request_timers.describe_state).

    Attributes:
        state (str): HAProxy's two letters (%ts), e.g. sQ, CD, --.
        group (TerminationStateGroup): Who ended it: normal, client, server or proxy.
        words (str):
        count (int): Requests logged with it over the seconds served (the scope's).
    """

    state: str
    group: TerminationStateGroup
    words: str
    count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        state = self.state

        group = self.group.value

        words = self.words

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "state": state,
                "group": group,
                "words": words,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        state = d.pop("state")

        group = TerminationStateGroup(d.pop("group"))

        words = d.pop("words")

        count = d.pop("count")

        termination_state = cls(
            state=state,
            group=group,
            words=words,
            count=count,
        )

        termination_state.additional_properties = d
        return termination_state

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
