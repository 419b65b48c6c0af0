from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.managed_database import ManagedDatabase
    from ..models.sql_access import SqlAccess


T = TypeVar("T", bound="StartDatabase")


@_attrs_define
class StartDatabase:
    """Target role: start a throwaway MariaDB server with this account, its schema and table; the
    result's data has its address (`addresses`, one) and the exact command line.

        Attributes:
            run_id (int):
            database (ManagedDatabase): A throwaway MariaDB server the lab's target agent starts (seed 001): its own data
                dir,
                a load user with a password made for the run, a `haproxy` user for `option mysql-check`,
                and one table in the load's schema (`load.sql.schema_name`) for the queries to read.
            access (SqlAccess): The throwaway MariaDB account of one run, made by the worker: the target creates it, the
                injector's mariadb-slap logs in with it (from a 0600 options file, never on a command line).
            type_ (Literal['start_database'] | Unset):  Default: 'start_database'.
            check_users (list[str] | Unset): Users without password and without privileges, for HAProxy's `option mysql-
                check`.
    """

    run_id: int
    database: ManagedDatabase
    access: SqlAccess
    type_: Literal["start_database"] | Unset = "start_database"
    check_users: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        database = self.database.to_dict()

        access = self.access.to_dict()

        type_ = self.type_

        check_users: list[str] | Unset = UNSET
        if not isinstance(self.check_users, Unset):
            check_users = self.check_users

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "database": database,
                "access": access,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if check_users is not UNSET:
            field_dict["check_users"] = check_users

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.managed_database import ManagedDatabase
        from ..models.sql_access import SqlAccess

        d = dict(src_dict)
        run_id = d.pop("run_id")

        database = ManagedDatabase.from_dict(d.pop("database"))

        access = SqlAccess.from_dict(d.pop("access"))

        type_ = cast(Literal["start_database"] | Unset, d.pop("type", UNSET))
        if type_ != "start_database" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'start_database', got '{type_}'")

        check_users = cast(list[str], d.pop("check_users", UNSET))

        start_database = cls(
            run_id=run_id,
            database=database,
            access=access,
            type_=type_,
            check_users=check_users,
        )

        return start_database
