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
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.live_state import LiveState


T = TypeVar("T", bound="StateEvent")


@_attrs_define
class StateEvent:
    """First event of every connection, then each state change; id "state:<state>".

    Attributes:
        id (str):
        data (LiveState): A run's state as live viewers get it (the `state` SSE event's data).
        event (Literal['state'] | Unset):  Default: 'state'.
    """

    id: str
    data: LiveState
    event: Literal["state"] | Unset = "state"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        data = self.data.to_dict()

        event = self.event

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "data": data,
            }
        )
        if event is not UNSET:
            field_dict["event"] = event

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.live_state import LiveState

        d = dict(src_dict)
        id = d.pop("id")

        data = LiveState.from_dict(d.pop("data"))

        event = cast(Literal["state"] | Unset, d.pop("event", UNSET))
        if event != "state" and not isinstance(event, Unset):
            raise ValueError(f"event must match const 'state', got '{event}'")

        state_event = cls(
            id=id,
            data=data,
            event=event,
        )

        state_event.additional_properties = d
        return state_event

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
