from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.applied_qdisc import AppliedQdisc


T = TypeVar("T", bound="LinksShaped")


@_attrs_define
class LinksShaped:
    """
    Attributes:
        applied (list[AppliedQdisc] | Unset):
    """

    applied: list[AppliedQdisc] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        applied: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.applied, Unset):
            applied = []
            for applied_item_data in self.applied:
                applied_item = applied_item_data.to_dict()
                applied.append(applied_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if applied is not UNSET:
            field_dict["applied"] = applied

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.applied_qdisc import AppliedQdisc

        d = dict(src_dict)
        _applied = d.pop("applied", UNSET)
        applied: list[AppliedQdisc] | Unset = UNSET
        if _applied is not UNSET:
            applied = []
            for applied_item_data in _applied:
                applied_item = AppliedQdisc.from_dict(applied_item_data)

                applied.append(applied_item)

        links_shaped = cls(
            applied=applied,
        )

        return links_shaped
