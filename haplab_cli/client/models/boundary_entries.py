from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.boundary_entry import BoundaryEntry


T = TypeVar("T", bound="BoundaryEntries")


@_attrs_define
class BoundaryEntries:
    """A lab admin's entries (PUT body of /labs/{id}/boundary).

    Attributes:
        entries (list[BoundaryEntry] | Unset):
    """

    entries: list[BoundaryEntry] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        entries: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.entries, Unset):
            entries = []
            for entries_item_data in self.entries:
                entries_item = entries_item_data.to_dict()
                entries.append(entries_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if entries is not UNSET:
            field_dict["entries"] = entries

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.boundary_entry import BoundaryEntry

        d = dict(src_dict)
        _entries = d.pop("entries", UNSET)
        entries: list[BoundaryEntry] | Unset = UNSET
        if _entries is not UNSET:
            entries = []
            for entries_item_data in _entries:
                entries_item = BoundaryEntry.from_dict(entries_item_data)

                entries.append(entries_item)

        boundary_entries = cls(
            entries=entries,
        )

        return boundary_entries
