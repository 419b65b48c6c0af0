from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HostIdentity")


@_attrs_define
class HostIdentity:
    """Which machine an agent runs on, as far as its host can tell: agents whose boot ids are equal
    run on one kernel, so on the same CPUs (network namespaces and containers share them). Ids are
    hashed by the agent (systemd asks that machine-id never leave the host as it is).

        Attributes:
            boot_id (None | str | Unset): A hash of /proc/sys/kernel/random/boot_id (this boot).
            machine_id (None | str | Unset): A hash of /etc/machine-id.
            hostname (None | str | Unset):
    """

    boot_id: None | str | Unset = UNSET
    machine_id: None | str | Unset = UNSET
    hostname: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        boot_id: None | str | Unset
        if isinstance(self.boot_id, Unset):
            boot_id = UNSET
        else:
            boot_id = self.boot_id

        machine_id: None | str | Unset
        if isinstance(self.machine_id, Unset):
            machine_id = UNSET
        else:
            machine_id = self.machine_id

        hostname: None | str | Unset
        if isinstance(self.hostname, Unset):
            hostname = UNSET
        else:
            hostname = self.hostname

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if boot_id is not UNSET:
            field_dict["boot_id"] = boot_id
        if machine_id is not UNSET:
            field_dict["machine_id"] = machine_id
        if hostname is not UNSET:
            field_dict["hostname"] = hostname

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_boot_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        boot_id = _parse_boot_id(d.pop("boot_id", UNSET))

        def _parse_machine_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        machine_id = _parse_machine_id(d.pop("machine_id", UNSET))

        def _parse_hostname(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        hostname = _parse_hostname(d.pop("hostname", UNSET))

        host_identity = cls(
            boot_id=boot_id,
            machine_id=machine_id,
            hostname=hostname,
        )

        host_identity.additional_properties = d
        return host_identity

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
