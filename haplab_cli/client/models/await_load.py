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

T = TypeVar("T", bound="AwaitLoad")


@_attrs_define
class AwaitLoad:
    """Injector role: answer when the load tool has exited (or after timeout_s), with its summary.

    The result's data holds an InjectorSummary (`summary`), the exact argv (`command_line`) and
    the tail of the tool's output (`output_tail`).

        Attributes:
            run_id (int):
            timeout_s (float):
            type_ (Literal['await_load'] | Unset):  Default: 'await_load'.
    """

    run_id: int
    timeout_s: float
    type_: Literal["await_load"] | Unset = "await_load"

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

        type_ = cast(Literal["await_load"] | Unset, d.pop("type", UNSET))
        if type_ != "await_load" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'await_load', got '{type_}'")

        await_load = cls(
            run_id=run_id,
            timeout_s=timeout_s,
            type_=type_,
        )

        return await_load
