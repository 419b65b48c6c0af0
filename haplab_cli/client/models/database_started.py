from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DatabaseStarted")


@_attrs_define
class DatabaseStarted:
    """
    Attributes:
        command_line (list[str]): The exact argv started.
        addresses (list[str]): host:port of the MariaDB.
        pid (int | None | Unset):
        mariadb_version (None | str | Unset):
    """

    command_line: list[str]
    addresses: list[str]
    pid: int | None | Unset = UNSET
    mariadb_version: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        command_line = self.command_line

        addresses = self.addresses

        pid: int | None | Unset
        if isinstance(self.pid, Unset):
            pid = UNSET
        else:
            pid = self.pid

        mariadb_version: None | str | Unset
        if isinstance(self.mariadb_version, Unset):
            mariadb_version = UNSET
        else:
            mariadb_version = self.mariadb_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "command_line": command_line,
                "addresses": addresses,
            }
        )
        if pid is not UNSET:
            field_dict["pid"] = pid
        if mariadb_version is not UNSET:
            field_dict["mariadb_version"] = mariadb_version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        command_line = cast(list[str], d.pop("command_line"))

        addresses = cast(list[str], d.pop("addresses"))

        def _parse_pid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pid = _parse_pid(d.pop("pid", UNSET))

        def _parse_mariadb_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        mariadb_version = _parse_mariadb_version(d.pop("mariadb_version", UNSET))

        database_started = cls(
            command_line=command_line,
            addresses=addresses,
            pid=pid,
            mariadb_version=mariadb_version,
        )

        return database_started
