from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LoadStopped")


@_attrs_define
class LoadStopped:
    """
    Attributes:
        was_running (bool):
        exit_code (int | None | Unset):
    """

    was_running: bool
    exit_code: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        was_running = self.was_running

        exit_code: int | None | Unset
        if isinstance(self.exit_code, Unset):
            exit_code = UNSET
        else:
            exit_code = self.exit_code

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "was_running": was_running,
            }
        )
        if exit_code is not UNSET:
            field_dict["exit_code"] = exit_code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        was_running = d.pop("was_running")

        def _parse_exit_code(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        exit_code = _parse_exit_code(d.pop("exit_code", UNSET))

        load_stopped = cls(
            was_running=was_running,
            exit_code=exit_code,
        )

        return load_stopped
