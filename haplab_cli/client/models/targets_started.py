from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TargetsStarted")


@_attrs_define
class TargetsStarted:
    """
    Attributes:
        command_line (list[str]): The exact argv started.
        addresses (list[str]): host:port of every target server started.
        pid (int | None | Unset):
        nginx_version (None | str | Unset):
        config_path (None | str | Unset):
        reused_from_run (int | None | Unset): The servers kept warm after this run were adopted (not restarted); None:
            started fresh.
    """

    command_line: list[str]
    addresses: list[str]
    pid: int | None | Unset = UNSET
    nginx_version: None | str | Unset = UNSET
    config_path: None | str | Unset = UNSET
    reused_from_run: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        command_line = self.command_line

        addresses = self.addresses

        pid: int | None | Unset
        if isinstance(self.pid, Unset):
            pid = UNSET
        else:
            pid = self.pid

        nginx_version: None | str | Unset
        if isinstance(self.nginx_version, Unset):
            nginx_version = UNSET
        else:
            nginx_version = self.nginx_version

        config_path: None | str | Unset
        if isinstance(self.config_path, Unset):
            config_path = UNSET
        else:
            config_path = self.config_path

        reused_from_run: int | None | Unset
        if isinstance(self.reused_from_run, Unset):
            reused_from_run = UNSET
        else:
            reused_from_run = self.reused_from_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "command_line": command_line,
                "addresses": addresses,
            }
        )
        if pid is not UNSET:
            field_dict["pid"] = pid
        if nginx_version is not UNSET:
            field_dict["nginx_version"] = nginx_version
        if config_path is not UNSET:
            field_dict["config_path"] = config_path
        if reused_from_run is not UNSET:
            field_dict["reused_from_run"] = reused_from_run

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

        def _parse_nginx_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nginx_version = _parse_nginx_version(d.pop("nginx_version", UNSET))

        def _parse_config_path(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        config_path = _parse_config_path(d.pop("config_path", UNSET))

        def _parse_reused_from_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reused_from_run = _parse_reused_from_run(d.pop("reused_from_run", UNSET))

        targets_started = cls(
            command_line=command_line,
            addresses=addresses,
            pid=pid,
            nginx_version=nginx_version,
            config_path=config_path,
            reused_from_run=reused_from_run,
        )

        return targets_started
