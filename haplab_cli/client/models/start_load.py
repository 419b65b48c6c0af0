from __future__ import annotations

import datetime
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
    from ..models.load_profile import LoadProfile
    from ..models.sql_access import SqlAccess


T = TypeVar("T", bound="StartLoad")


@_attrs_define
class StartLoad:
    """Injector role: run the load tool at start_at; it stops by itself when the lease ends.

    Attributes:
        run_id (int):
        profile (LoadProfile): The traffic a run sends: the total across the lab's injectors (per_injector).
        target_url (str): Scheme and address of the proxy entry point, without path (the path is in the profile).
        start_at (datetime.datetime): When to start, so several injectors start together (UTC).
        lease_s (int): Seconds the load may run without a RenewLease.
        type_ (Literal['start_load'] | Unset):  Default: 'start_load'.
        sql_access (None | SqlAccess | Unset): The run's MariaDB account, for SQL load against a managed MariaDB.
        direct_host (None | str | Unset): For a direct run only (profile.via direct): the lab's target host, as its
            agent reported it. The injector then sends load there and nowhere else, for this run only.
    """

    run_id: int
    profile: LoadProfile
    target_url: str
    start_at: datetime.datetime
    lease_s: int
    type_: Literal["start_load"] | Unset = "start_load"
    sql_access: None | SqlAccess | Unset = UNSET
    direct_host: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.sql_access import SqlAccess

        run_id = self.run_id

        profile = self.profile.to_dict()

        target_url = self.target_url

        start_at = self.start_at.isoformat()

        lease_s = self.lease_s

        type_ = self.type_

        sql_access: dict[str, Any] | None | Unset
        if isinstance(self.sql_access, Unset):
            sql_access = UNSET
        elif isinstance(self.sql_access, SqlAccess):
            sql_access = self.sql_access.to_dict()
        else:
            sql_access = self.sql_access

        direct_host: None | str | Unset
        if isinstance(self.direct_host, Unset):
            direct_host = UNSET
        else:
            direct_host = self.direct_host

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "profile": profile,
                "target_url": target_url,
                "start_at": start_at,
                "lease_s": lease_s,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if sql_access is not UNSET:
            field_dict["sql_access"] = sql_access
        if direct_host is not UNSET:
            field_dict["direct_host"] = direct_host

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.load_profile import LoadProfile
        from ..models.sql_access import SqlAccess

        d = dict(src_dict)
        run_id = d.pop("run_id")

        profile = LoadProfile.from_dict(d.pop("profile"))

        target_url = d.pop("target_url")

        start_at = datetime.datetime.fromisoformat(d.pop("start_at"))

        lease_s = d.pop("lease_s")

        type_ = cast(Literal["start_load"] | Unset, d.pop("type", UNSET))
        if type_ != "start_load" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'start_load', got '{type_}'")

        def _parse_sql_access(data: object) -> None | SqlAccess | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sql_access_type_0 = SqlAccess.from_dict(data)

                return sql_access_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SqlAccess | Unset, data)

        sql_access = _parse_sql_access(d.pop("sql_access", UNSET))

        def _parse_direct_host(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        direct_host = _parse_direct_host(d.pop("direct_host", UNSET))

        start_load = cls(
            run_id=run_id,
            profile=profile,
            target_url=target_url,
            start_at=start_at,
            lease_s=lease_s,
            type_=type_,
            sql_access=sql_access,
            direct_host=direct_host,
        )

        return start_load
