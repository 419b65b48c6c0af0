from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LeaseRenewed")


@_attrs_define
class LeaseRenewed:
    """
    Attributes:
        running (bool):
        lease_until (None | str | Unset):
    """

    running: bool
    lease_until: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        running = self.running

        lease_until: None | str | Unset
        if isinstance(self.lease_until, Unset):
            lease_until = UNSET
        else:
            lease_until = self.lease_until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "running": running,
            }
        )
        if lease_until is not UNSET:
            field_dict["lease_until"] = lease_until

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        running = d.pop("running")

        def _parse_lease_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lease_until = _parse_lease_until(d.pop("lease_until", UNSET))

        lease_renewed = cls(
            running=running,
            lease_until=lease_until,
        )

        return lease_renewed
