from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.link_cap import LinkCap


T = TypeVar("T", bound="LinkShaping")


@_attrs_define
class LinkShaping:
    """Bandwidth caps on the proxy host's links, applied for every run of the lab.

    Attributes:
        links (list[LinkCap]): One cap per proxy interface.
    """

    links: list[LinkCap]

    def to_dict(self) -> dict[str, Any]:
        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "links": links,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.link_cap import LinkCap

        d = dict(src_dict)
        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = LinkCap.from_dict(links_item_data)

            links.append(links_item)

        link_shaping = cls(
            links=links,
        )

        return link_shaping
