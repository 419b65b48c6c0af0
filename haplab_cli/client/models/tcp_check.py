from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TcpCheck")


@_attrs_define
class TcpCheck:
    """Plain TCP connect check (HAProxy's default for servers with `check`).

    Attributes:
        kind (Literal['tcp'] | Unset):  Default: 'tcp'.
    """

    kind: Literal["tcp"] | Unset = "tcp"

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["tcp"] | Unset, d.pop("kind", UNSET))
        if kind != "tcp" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'tcp', got '{kind}'")

        tcp_check = cls(
            kind=kind,
        )

        return tcp_check
