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

T = TypeVar("T", bound="MysqlCheck")


@_attrs_define
class MysqlCheck:
    """MySQL/MariaDB handshake check logging in as a user without password.

    Attributes:
        kind (Literal['mysql'] | Unset):  Default: 'mysql'.
        user (str | Unset): Database user HAProxy logs in as (created without password). Default: 'haproxy'.
    """

    kind: Literal["mysql"] | Unset = "mysql"
    user: str | Unset = "haproxy"

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        user = self.user

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if user is not UNSET:
            field_dict["user"] = user

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["mysql"] | Unset, d.pop("kind", UNSET))
        if kind != "mysql" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'mysql', got '{kind}'")

        user = d.pop("user", UNSET)

        mysql_check = cls(
            kind=kind,
            user=user,
        )

        return mysql_check
