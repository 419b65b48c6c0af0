from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BaselinePin")


@_attrs_define
class BaselinePin:
    """What to pin: one run; or a launch's runs at one sweep point (`launch_id` + `point_index`);
    or a whole launch (`launch_id`: a baseline for each of its points).

        Attributes:
            run_id (int | None | Unset):
            launch_id (int | None | Unset):
            point_index (int | None | Unset):
    """

    run_id: int | None | Unset = UNSET
    launch_id: int | None | Unset = UNSET
    point_index: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        run_id: int | None | Unset
        if isinstance(self.run_id, Unset):
            run_id = UNSET
        else:
            run_id = self.run_id

        launch_id: int | None | Unset
        if isinstance(self.launch_id, Unset):
            launch_id = UNSET
        else:
            launch_id = self.launch_id

        point_index: int | None | Unset
        if isinstance(self.point_index, Unset):
            point_index = UNSET
        else:
            point_index = self.point_index

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if run_id is not UNSET:
            field_dict["run_id"] = run_id
        if launch_id is not UNSET:
            field_dict["launch_id"] = launch_id
        if point_index is not UNSET:
            field_dict["point_index"] = point_index

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        run_id = _parse_run_id(d.pop("run_id", UNSET))

        def _parse_launch_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        launch_id = _parse_launch_id(d.pop("launch_id", UNSET))

        def _parse_point_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        point_index = _parse_point_index(d.pop("point_index", UNSET))

        baseline_pin = cls(
            run_id=run_id,
            launch_id=launch_id,
            point_index=point_index,
        )

        return baseline_pin
