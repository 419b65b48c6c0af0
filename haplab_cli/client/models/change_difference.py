from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ChangeDifference")


@_attrs_define
class ChangeDifference:
    """
    Attributes:
        what (str): What differs: "spec version", "spec load.connections", "config line added", ...
        before (Any): Its value in the last run before the change (None: absent).
        after (Any): Its value in the first run after it.
    """

    what: str
    before: Any
    after: Any
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        what = self.what

        before = self.before

        after = self.after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "what": what,
                "before": before,
                "after": after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        what = d.pop("what")

        before = d.pop("before")

        after = d.pop("after")

        change_difference = cls(
            what=what,
            before=before,
            after=after,
        )

        change_difference.additional_properties = d
        return change_difference

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
