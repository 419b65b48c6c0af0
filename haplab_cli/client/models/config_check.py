from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ConfigCheck")


@_attrs_define
class ConfigCheck:
    """The sandboxed `haproxy -c` verdict on the imported config as it renders.

    Attributes:
        ok (bool):
        messages (list[str] | Unset):
    """

    ok: bool
    messages: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        messages: list[str] | Unset = UNSET
        if not isinstance(self.messages, Unset):
            messages = self.messages

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ok": ok,
            }
        )
        if messages is not UNSET:
            field_dict["messages"] = messages

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ok = d.pop("ok")

        messages = cast(list[str], d.pop("messages", UNSET))

        config_check = cls(
            ok=ok,
            messages=messages,
        )

        return config_check
