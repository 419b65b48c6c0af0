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
    from ..models.live_end import LiveEnd


T = TypeVar("T", bound="EndEvent")


@_attrs_define
class EndEvent:
    """The run is terminal; the stream closes. id "end".

    Attributes:
        data (LiveEnd): How the run ended (the `end` SSE event's data).
        event (Literal['end'] | Unset):  Default: 'end'.
        id (Literal['end'] | Unset):  Default: 'end'.
    """

    data: LiveEnd
    event: Literal["end"] | Unset = "end"
    id: Literal["end"] | Unset = "end"
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = self.data.to_dict()

        event = self.event

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
            }
        )
        if event is not UNSET:
            field_dict["event"] = event
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.live_end import LiveEnd

        d = dict(src_dict)
        data = LiveEnd.from_dict(d.pop("data"))

        event = cast(Literal["end"] | Unset, d.pop("event", UNSET))
        if event != "end" and not isinstance(event, Unset):
            raise ValueError(f"event must match const 'end', got '{event}'")

        id = cast(Literal["end"] | Unset, d.pop("id", UNSET))
        if id != "end" and not isinstance(id, Unset):
            raise ValueError(f"id must match const 'end', got '{id}'")

        end_event = cls(
            data=data,
            event=event,
            id=id,
        )

        end_event.additional_properties = d
        return end_event

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
