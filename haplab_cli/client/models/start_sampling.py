from __future__ import annotations

import datetime
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

T = TypeVar("T", bound="StartSampling")


@_attrs_define
class StartSampling:
    """Any role: sample every second from now until Teardown, with t counted from t0.

    t0 is the instant the measured load starts (after warm-up), the same for every agent of the
    run, so proxy, injector and host samples line up: warm-up seconds have negative t.

        Attributes:
            run_id (int):
            t0 (datetime.datetime):
            type_ (Literal['start_sampling'] | Unset):  Default: 'start_sampling'.
    """

    run_id: int
    t0: datetime.datetime
    type_: Literal["start_sampling"] | Unset = "start_sampling"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        t0 = self.t0.isoformat()

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "t0": t0,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        t0 = datetime.datetime.fromisoformat(d.pop("t0"))

        type_ = cast(Literal["start_sampling"] | Unset, d.pop("type", UNSET))
        if type_ != "start_sampling" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'start_sampling', got '{type_}'")

        start_sampling = cls(
            run_id=run_id,
            t0=t0,
            type_=type_,
        )

        return start_sampling
