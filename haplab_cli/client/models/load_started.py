from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LoadStarted")


@_attrs_define
class LoadStarted:
    """
    Attributes:
        command_line (list[str]): The exact argv started.
        driver (str):
        driver_version (str):
        pid (int | None | Unset):
        started_at (None | str | Unset):
        lease_until (None | str | Unset):
    """

    command_line: list[str]
    driver: str
    driver_version: str
    pid: int | None | Unset = UNSET
    started_at: None | str | Unset = UNSET
    lease_until: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        command_line = self.command_line

        driver = self.driver

        driver_version = self.driver_version

        pid: int | None | Unset
        if isinstance(self.pid, Unset):
            pid = UNSET
        else:
            pid = self.pid

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        else:
            started_at = self.started_at

        lease_until: None | str | Unset
        if isinstance(self.lease_until, Unset):
            lease_until = UNSET
        else:
            lease_until = self.lease_until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "command_line": command_line,
                "driver": driver,
                "driver_version": driver_version,
            }
        )
        if pid is not UNSET:
            field_dict["pid"] = pid
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if lease_until is not UNSET:
            field_dict["lease_until"] = lease_until

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        command_line = cast(list[str], d.pop("command_line"))

        driver = d.pop("driver")

        driver_version = d.pop("driver_version")

        def _parse_pid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pid = _parse_pid(d.pop("pid", UNSET))

        def _parse_started_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_lease_until(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lease_until = _parse_lease_until(d.pop("lease_until", UNSET))

        load_started = cls(
            command_line=command_line,
            driver=driver,
            driver_version=driver_version,
            pid=pid,
            started_at=started_at,
            lease_until=lease_until,
        )

        return load_started
