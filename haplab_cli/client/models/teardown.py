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

T = TypeVar("T", bound="Teardown")


@_attrs_define
class Teardown:
    """Any role: stop everything started for the run and remove its files.

    With `keep_warm_s`, the proxy and target roles keep HAProxy and the target servers running,
    unbound to any run, for at most that long: the next run that asks for exactly the same adopts
    them (contract.kept_processes); they stop by themselves when nobody does.

        Attributes:
            run_id (int):
            type_ (Literal['teardown'] | Unset):  Default: 'teardown'.
            keep_warm_s (float | None | Unset): Keep HAProxy and the target servers this long for the next run; None: stop
                them.
    """

    run_id: int
    type_: Literal["teardown"] | Unset = "teardown"
    keep_warm_s: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        type_ = self.type_

        keep_warm_s: float | None | Unset
        if isinstance(self.keep_warm_s, Unset):
            keep_warm_s = UNSET
        else:
            keep_warm_s = self.keep_warm_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if keep_warm_s is not UNSET:
            field_dict["keep_warm_s"] = keep_warm_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        type_ = cast(Literal["teardown"] | Unset, d.pop("type", UNSET))
        if type_ != "teardown" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'teardown', got '{type_}'")

        def _parse_keep_warm_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        keep_warm_s = _parse_keep_warm_s(d.pop("keep_warm_s", UNSET))

        teardown = cls(
            run_id=run_id,
            type_=type_,
            keep_warm_s=keep_warm_s,
        )

        return teardown
