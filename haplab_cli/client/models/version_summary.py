from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VersionSummary")


@_attrs_define
class VersionSummary:
    """
    Attributes:
        version (int):
        spec_version (int):
        note (str):
        created_at (datetime.datetime):
        created_by_id (int | None):
    """

    version: int
    spec_version: int
    note: str
    created_at: datetime.datetime
    created_by_id: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        spec_version = self.spec_version

        note = self.note

        created_at = self.created_at.isoformat()

        created_by_id: int | None
        created_by_id = self.created_by_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "version": version,
                "spec_version": spec_version,
                "note": note,
                "created_at": created_at,
                "created_by_id": created_by_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        spec_version = d.pop("spec_version")

        note = d.pop("note")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_created_by_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        created_by_id = _parse_created_by_id(d.pop("created_by_id"))

        version_summary = cls(
            version=version,
            spec_version=spec_version,
            note=note,
            created_at=created_at,
            created_by_id=created_by_id,
        )

        version_summary.additional_properties = d
        return version_summary

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
