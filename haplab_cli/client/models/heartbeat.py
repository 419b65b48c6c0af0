from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Heartbeat")


@_attrs_define
class Heartbeat:
    """Sent every HEARTBEAT_INTERVAL_S (5 s); an agent silent for three beats is offline.

    Attributes:
        type_ (Literal['heartbeat'] | Unset):  Default: 'heartbeat'.
        busy_run_id (int | None | Unset): The run the agent is working for, if any.
    """

    type_: Literal["heartbeat"] | Unset = "heartbeat"
    busy_run_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        busy_run_id: int | None | Unset
        if isinstance(self.busy_run_id, Unset):
            busy_run_id = UNSET
        else:
            busy_run_id = self.busy_run_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_
        if busy_run_id is not UNSET:
            field_dict["busy_run_id"] = busy_run_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["heartbeat"] | Unset, d.pop("type", UNSET))
        if type_ != "heartbeat" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'heartbeat', got '{type_}'")

        def _parse_busy_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        busy_run_id = _parse_busy_run_id(d.pop("busy_run_id", UNSET))

        heartbeat = cls(
            type_=type_,
            busy_run_id=busy_run_id,
        )

        return heartbeat
