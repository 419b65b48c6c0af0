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

T = TypeVar("T", bound="StopLoad")


@_attrs_define
class StopLoad:
    """Injector role: stop the load now.

    Attributes:
        run_id (int):
        type_ (Literal['stop_load'] | Unset):  Default: 'stop_load'.
    """

    run_id: int
    type_: Literal["stop_load"] | Unset = "stop_load"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        type_ = cast(Literal["stop_load"] | Unset, d.pop("type", UNSET))
        if type_ != "stop_load" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'stop_load', got '{type_}'")

        stop_load = cls(
            run_id=run_id,
            type_=type_,
        )

        return stop_load
