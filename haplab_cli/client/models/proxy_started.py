from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ProxyStarted")


@_attrs_define
class ProxyStarted:
    """
    Attributes:
        command_line (list[str]): The exact argv started.
        pid (int | None | Unset):
        haproxy_version (None | str | Unset):
        check_output (str | Unset): haproxy -c's ALERTs and WARNINGs, one per line. Default: ''.
        worker_pid (int | None | Unset):
        reused_from_run (int | None | Unset): The HAProxy kept warm after this run was adopted (not restarted); None:
            started fresh.
    """

    command_line: list[str]
    pid: int | None | Unset = UNSET
    haproxy_version: None | str | Unset = UNSET
    check_output: str | Unset = ""
    worker_pid: int | None | Unset = UNSET
    reused_from_run: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        command_line = self.command_line

        pid: int | None | Unset
        if isinstance(self.pid, Unset):
            pid = UNSET
        else:
            pid = self.pid

        haproxy_version: None | str | Unset
        if isinstance(self.haproxy_version, Unset):
            haproxy_version = UNSET
        else:
            haproxy_version = self.haproxy_version

        check_output = self.check_output

        worker_pid: int | None | Unset
        if isinstance(self.worker_pid, Unset):
            worker_pid = UNSET
        else:
            worker_pid = self.worker_pid

        reused_from_run: int | None | Unset
        if isinstance(self.reused_from_run, Unset):
            reused_from_run = UNSET
        else:
            reused_from_run = self.reused_from_run

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "command_line": command_line,
            }
        )
        if pid is not UNSET:
            field_dict["pid"] = pid
        if haproxy_version is not UNSET:
            field_dict["haproxy_version"] = haproxy_version
        if check_output is not UNSET:
            field_dict["check_output"] = check_output
        if worker_pid is not UNSET:
            field_dict["worker_pid"] = worker_pid
        if reused_from_run is not UNSET:
            field_dict["reused_from_run"] = reused_from_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        command_line = cast(list[str], d.pop("command_line"))

        def _parse_pid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        pid = _parse_pid(d.pop("pid", UNSET))

        def _parse_haproxy_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        haproxy_version = _parse_haproxy_version(d.pop("haproxy_version", UNSET))

        check_output = d.pop("check_output", UNSET)

        def _parse_worker_pid(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        worker_pid = _parse_worker_pid(d.pop("worker_pid", UNSET))

        def _parse_reused_from_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reused_from_run = _parse_reused_from_run(d.pop("reused_from_run", UNSET))

        proxy_started = cls(
            command_line=command_line,
            pid=pid,
            haproxy_version=haproxy_version,
            check_output=check_output,
            worker_pid=worker_pid,
            reused_from_run=reused_from_run,
        )

        return proxy_started
