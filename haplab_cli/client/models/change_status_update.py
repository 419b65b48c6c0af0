from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.change_status_update_status import ChangeStatusUpdateStatus

T = TypeVar("T", bound="ChangeStatusUpdate")


@_attrs_define
class ChangeStatusUpdate:
    """
    Attributes:
        status (ChangeStatusUpdateStatus): accepted: expected (a known upgrade, a deliberate change).
    """

    status: ChangeStatusUpdateStatus

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = ChangeStatusUpdateStatus(d.pop("status"))

        change_status_update = cls(
            status=status,
        )

        return change_status_update
