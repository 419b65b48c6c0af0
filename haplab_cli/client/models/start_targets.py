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
    from ..models.managed_target import ManagedTarget
    from ..models.tls_credentials import TlsCredentials


T = TypeVar("T", bound="StartTargets")


@_attrs_define
class StartTargets:
    """Target role: start the synthetic servers; the result's data lists their addresses.

    Attributes:
        run_id (int):
        target (ManagedTarget): Synthetic upstream servers started by the lab's target agent.
        type_ (Literal['start_targets'] | Unset):  Default: 'start_targets'.
        tls (None | TlsCredentials | Unset): The servers' certificate and key; given exactly when target.tls.
    """

    run_id: int
    target: ManagedTarget
    type_: Literal["start_targets"] | Unset = "start_targets"
    tls: None | TlsCredentials | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.tls_credentials import TlsCredentials

        run_id = self.run_id

        target = self.target.to_dict()

        type_ = self.type_

        tls: dict[str, Any] | None | Unset
        if isinstance(self.tls, Unset):
            tls = UNSET
        elif isinstance(self.tls, TlsCredentials):
            tls = self.tls.to_dict()
        else:
            tls = self.tls

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "target": target,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if tls is not UNSET:
            field_dict["tls"] = tls

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.managed_target import ManagedTarget
        from ..models.tls_credentials import TlsCredentials

        d = dict(src_dict)
        run_id = d.pop("run_id")

        target = ManagedTarget.from_dict(d.pop("target"))

        type_ = cast(Literal["start_targets"] | Unset, d.pop("type", UNSET))
        if type_ != "start_targets" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'start_targets', got '{type_}'")

        def _parse_tls(data: object) -> None | TlsCredentials | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tls_type_0 = TlsCredentials.from_dict(data)

                return tls_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TlsCredentials | Unset, data)

        tls = _parse_tls(d.pop("tls", UNSET))

        start_targets = cls(
            run_id=run_id,
            target=target,
            type_=type_,
            tls=tls,
        )

        return start_targets
