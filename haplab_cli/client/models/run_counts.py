from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RunCounts")


@_attrs_define
class RunCounts:
    """
    Attributes:
        total (int | Unset):  Default: 0.
        queued (int | Unset):  Default: 0.
        active (int | Unset):  Default: 0.
        succeeded (int | Unset):  Default: 0.
        partial (int | Unset):  Default: 0.
        failed (int | Unset):  Default: 0.
        cancelled (int | Unset):  Default: 0.
    """

    total: int | Unset = 0
    queued: int | Unset = 0
    active: int | Unset = 0
    succeeded: int | Unset = 0
    partial: int | Unset = 0
    failed: int | Unset = 0
    cancelled: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        queued = self.queued

        active = self.active

        succeeded = self.succeeded

        partial = self.partial

        failed = self.failed

        cancelled = self.cancelled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if total is not UNSET:
            field_dict["total"] = total
        if queued is not UNSET:
            field_dict["queued"] = queued
        if active is not UNSET:
            field_dict["active"] = active
        if succeeded is not UNSET:
            field_dict["succeeded"] = succeeded
        if partial is not UNSET:
            field_dict["partial"] = partial
        if failed is not UNSET:
            field_dict["failed"] = failed
        if cancelled is not UNSET:
            field_dict["cancelled"] = cancelled

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        total = d.pop("total", UNSET)

        queued = d.pop("queued", UNSET)

        active = d.pop("active", UNSET)

        succeeded = d.pop("succeeded", UNSET)

        partial = d.pop("partial", UNSET)

        failed = d.pop("failed", UNSET)

        cancelled = d.pop("cancelled", UNSET)

        run_counts = cls(
            total=total,
            queued=queued,
            active=active,
            succeeded=succeeded,
            partial=partial,
            failed=failed,
            cancelled=cancelled,
        )

        run_counts.additional_properties = d
        return run_counts

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
