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

T = TypeVar("T", bound="RenewLease")


@_attrs_define
class RenewLease:
    """Injector role: keep the load running until lease_until. Sent every few seconds while a
    load runs and never waited for: the agent answers it only when it fails (see
    ANSWERED_ONLY_ON_FAILURE). An injector whose capabilities say `load_lease_in_replies` gets
    no such command: the reply to each of its sample batches carries the lease instead
    (LOAD_LEASE_HEADER), which costs the backend no request of its own.

        Attributes:
            run_id (int):
            lease_until (datetime.datetime):
            type_ (Literal['renew_lease'] | Unset):  Default: 'renew_lease'.
    """

    run_id: int
    lease_until: datetime.datetime
    type_: Literal["renew_lease"] | Unset = "renew_lease"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        lease_until = self.lease_until.isoformat()

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "lease_until": lease_until,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        lease_until = datetime.datetime.fromisoformat(d.pop("lease_until"))

        type_ = cast(Literal["renew_lease"] | Unset, d.pop("type", UNSET))
        if type_ != "renew_lease" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'renew_lease', got '{type_}'")

        renew_lease = cls(
            run_id=run_id,
            lease_until=lease_until,
            type_=type_,
        )

        return renew_lease
