from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SqlAccess")


@_attrs_define
class SqlAccess:
    """The throwaway MariaDB account of one run, made by the worker: the target creates it, the
    injector's mariadb-slap logs in with it (from a 0600 options file, never on a command line).

        Attributes:
            user (str):
            password (str):
            schema_name (str):
    """

    user: str
    password: str
    schema_name: str

    def to_dict(self) -> dict[str, Any]:
        user = self.user

        password = self.password

        schema_name = self.schema_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "user": user,
                "password": password,
                "schema_name": schema_name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user = d.pop("user")

        password = d.pop("password")

        schema_name = d.pop("schema_name")

        sql_access = cls(
            user=user,
            password=password,
            schema_name=schema_name,
        )

        return sql_access
