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

T = TypeVar("T", bound="ManagedDatabase")


@_attrs_define
class ManagedDatabase:
    """A throwaway MariaDB server the lab's target agent starts (seed 001): its own data dir,
    a load user with a password made for the run, a `haproxy` user for `option mysql-check`,
    and one table in the load's schema (`load.sql.schema_name`) for the queries to read.

        Attributes:
            kind (Literal['mariadb'] | Unset):  Default: 'mariadb'.
            port (int | None | Unset): TCP port to listen on; empty: the agent picks one.
            max_connections (int | Unset): The server's max_connections (at most 10000: lab hosts allow 20000 open files).
                Default: 1000.
            table (str | Unset): Name of the table created in the load's schema. Default: 'a'.
            rows (int | Unset): Rows in that table (id, payload). Default: 100.
    """

    kind: Literal["mariadb"] | Unset = "mariadb"
    port: int | None | Unset = UNSET
    max_connections: int | Unset = 1000
    table: str | Unset = "a"
    rows: int | Unset = 100

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        port: int | None | Unset
        if isinstance(self.port, Unset):
            port = UNSET
        else:
            port = self.port

        max_connections = self.max_connections

        table = self.table

        rows = self.rows

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if port is not UNSET:
            field_dict["port"] = port
        if max_connections is not UNSET:
            field_dict["max_connections"] = max_connections
        if table is not UNSET:
            field_dict["table"] = table
        if rows is not UNSET:
            field_dict["rows"] = rows

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["mariadb"] | Unset, d.pop("kind", UNSET))
        if kind != "mariadb" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'mariadb', got '{kind}'")

        def _parse_port(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        port = _parse_port(d.pop("port", UNSET))

        max_connections = d.pop("max_connections", UNSET)

        table = d.pop("table", UNSET)

        rows = d.pop("rows", UNSET)

        managed_database = cls(
            kind=kind,
            port=port,
            max_connections=max_connections,
            table=table,
            rows=rows,
        )

        return managed_database
