from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.run_slim import RunSlim


T = TypeVar("T", bound="RunPage")


@_attrs_define
class RunPage:
    """
    Attributes:
        items (list[RunSlim]):
        total (int): Runs matching the filters: exact when total_exact, else a lower bound (more exist).
        limit (int):
        offset (int):
        total_exact (bool | Unset): False when more runs match than the list counts (10,000): then there are more than
            `total`, and pages are walked with next_cursor (or offset) rather than counted. Default: True.
        next_cursor (None | str | Unset): Pass as `cursor` (same filters, sort and direction, no offset) for the page
            after this one, at the cost of the first page however deep; None on the last page.
    """

    items: list[RunSlim]
    total: int
    limit: int
    offset: int
    total_exact: bool | Unset = True
    next_cursor: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        total = self.total

        limit = self.limit

        offset = self.offset

        total_exact = self.total_exact

        next_cursor: None | str | Unset
        if isinstance(self.next_cursor, Unset):
            next_cursor = UNSET
        else:
            next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "items": items,
                "total": total,
                "limit": limit,
                "offset": offset,
            }
        )
        if total_exact is not UNSET:
            field_dict["total_exact"] = total_exact
        if next_cursor is not UNSET:
            field_dict["next_cursor"] = next_cursor

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_slim import RunSlim

        d = dict(src_dict)
        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = RunSlim.from_dict(items_item_data)

            items.append(items_item)

        total = d.pop("total")

        limit = d.pop("limit")

        offset = d.pop("offset")

        total_exact = d.pop("total_exact", UNSET)

        def _parse_next_cursor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor", UNSET))

        run_page = cls(
            items=items,
            total=total,
            limit=limit,
            offset=offset,
            total_exact=total_exact,
            next_cursor=next_cursor,
        )

        run_page.additional_properties = d
        return run_page

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
