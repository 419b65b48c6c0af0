from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.launch_request_overrides import LaunchRequestOverrides


T = TypeVar("T", bound="LaunchRequest")


@_attrs_define
class LaunchRequest:
    """
    Attributes:
        lab_id (int):
        version (int | None | Unset): Experiment version; the latest when empty.
        overrides (LaunchRequestOverrides | Unset): Values for this launch only, by dotted path: {"load.duration_s": 5}.
    """

    lab_id: int
    version: int | None | Unset = UNSET
    overrides: LaunchRequestOverrides | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        lab_id = self.lab_id

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lab_id": lab_id,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version
        if overrides is not UNSET:
            field_dict["overrides"] = overrides

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.launch_request_overrides import LaunchRequestOverrides

        d = dict(src_dict)
        lab_id = d.pop("lab_id")

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        _overrides = d.pop("overrides", UNSET)
        overrides: LaunchRequestOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = LaunchRequestOverrides.from_dict(_overrides)

        launch_request = cls(
            lab_id=lab_id,
            version=version,
            overrides=overrides,
        )

        return launch_request
