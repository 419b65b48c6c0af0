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

T = TypeVar("T", bound="ResolveHosts")


@_attrs_define
class ResolveHosts:
    """Proxy role: resolve these host names as HAProxy on this host would (the API never
    resolves a user's host name). The result's data: {"addresses": {name: [address, ...]}}; the
    worker checks them against the lab's boundary and renders the config with them.

        Attributes:
            run_id (int):
            names (list[str]):
            type_ (Literal['resolve_hosts'] | Unset):  Default: 'resolve_hosts'.
    """

    run_id: int
    names: list[str]
    type_: Literal["resolve_hosts"] | Unset = "resolve_hosts"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        names = self.names

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "names": names,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        names = cast(list[str], d.pop("names"))

        type_ = cast(Literal["resolve_hosts"] | Unset, d.pop("type", UNSET))
        if type_ != "resolve_hosts" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'resolve_hosts', got '{type_}'")

        resolve_hosts = cls(
            run_id=run_id,
            names=names,
            type_=type_,
        )

        return resolve_hosts
