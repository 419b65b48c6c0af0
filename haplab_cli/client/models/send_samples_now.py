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

T = TypeVar("T", bound="SendSamplesNow")


@_attrs_define
class SendSamplesNow:
    """Any agent: send the run's waiting samples now, and every later one as it is taken; answer
    once those waiting were delivered (or after timeout_s). The worker sends it when the load
    ends, however it ends, before it reads the run's samples.

        Attributes:
            run_id (int):
            timeout_s (float):
            type_ (Literal['send_samples_now'] | Unset):  Default: 'send_samples_now'.
    """

    run_id: int
    timeout_s: float
    type_: Literal["send_samples_now"] | Unset = "send_samples_now"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        timeout_s = self.timeout_s

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "timeout_s": timeout_s,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        timeout_s = d.pop("timeout_s")

        type_ = cast(Literal["send_samples_now"] | Unset, d.pop("type", UNSET))
        if type_ != "send_samples_now" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'send_samples_now', got '{type_}'")

        send_samples_now = cls(
            run_id=run_id,
            timeout_s=timeout_s,
            type_=type_,
        )

        return send_samples_now
