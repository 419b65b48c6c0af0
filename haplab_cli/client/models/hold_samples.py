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

T = TypeVar("T", bound="HoldSamples")


@_attrs_define
class HoldSamples:
    """Any agent: while nobody watches the run live, its samples may wait up to hold_s seconds
    and go out together, instead of one batch a second.

    Each batch costs the API a request while the load it measures runs; most runs are watched
    by nobody until they end. The reply to every batch says how many live viewers the run has
    (LIVE_VIEWERS_HEADER): with one or more, samples go out as they are taken again. Sent after
    StartSampling, only to agents whose capabilities say `paced_samples`; never for a run the
    worker judges second by second (a threshold with abort_on_fail).

        Attributes:
            run_id (int):
            hold_s (float):
            type_ (Literal['hold_samples'] | Unset):  Default: 'hold_samples'.
    """

    run_id: int
    hold_s: float
    type_: Literal["hold_samples"] | Unset = "hold_samples"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        hold_s = self.hold_s

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "hold_s": hold_s,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        hold_s = d.pop("hold_s")

        type_ = cast(Literal["hold_samples"] | Unset, d.pop("type", UNSET))
        if type_ != "hold_samples" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'hold_samples', got '{type_}'")

        hold_samples = cls(
            run_id=run_id,
            hold_s=hold_s,
            type_=type_,
        )

        return hold_samples
