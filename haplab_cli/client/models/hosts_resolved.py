from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hosts_resolved_addresses import HostsResolvedAddresses


T = TypeVar("T", bound="HostsResolved")


@_attrs_define
class HostsResolved:
    """
    Attributes:
        addresses (HostsResolvedAddresses): Each name asked, and the addresses it resolves to.
    """

    addresses: HostsResolvedAddresses

    def to_dict(self) -> dict[str, Any]:
        addresses = self.addresses.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "addresses": addresses,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hosts_resolved_addresses import HostsResolvedAddresses

        d = dict(src_dict)
        addresses = HostsResolvedAddresses.from_dict(d.pop("addresses"))

        hosts_resolved = cls(
            addresses=addresses,
        )

        return hosts_resolved
