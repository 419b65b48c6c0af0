from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.baseline_out_pinned_from import BaselineOutPinnedFrom
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.baseline_out_params import BaselineOutParams


T = TypeVar("T", bound="BaselineOut")


@_attrs_define
class BaselineOut:
    """One sweep point's baseline.

    Attributes:
        id (int):
        experiment_id (int):
        params (BaselineOutParams): The sweep point's values ({} without a sweep).
        run_ids (list[int]): Its runs: succeeded ones, at pin time.
        pinned_from (BaselineOutPinnedFrom):
        launch_id (int | None):
        created_by_id (int | None):
        created_at (datetime.datetime):
        created_by_email (None | str | Unset):
    """

    id: int
    experiment_id: int
    params: BaselineOutParams
    run_ids: list[int]
    pinned_from: BaselineOutPinnedFrom
    launch_id: int | None
    created_by_id: int | None
    created_at: datetime.datetime
    created_by_email: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        experiment_id = self.experiment_id

        params = self.params.to_dict()

        run_ids = self.run_ids

        pinned_from = self.pinned_from.value

        launch_id: int | None
        launch_id = self.launch_id

        created_by_id: int | None
        created_by_id = self.created_by_id

        created_at = self.created_at.isoformat()

        created_by_email: None | str | Unset
        if isinstance(self.created_by_email, Unset):
            created_by_email = UNSET
        else:
            created_by_email = self.created_by_email

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "experiment_id": experiment_id,
                "params": params,
                "run_ids": run_ids,
                "pinned_from": pinned_from,
                "launch_id": launch_id,
                "created_by_id": created_by_id,
                "created_at": created_at,
            }
        )
        if created_by_email is not UNSET:
            field_dict["created_by_email"] = created_by_email

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.baseline_out_params import BaselineOutParams

        d = dict(src_dict)
        id = d.pop("id")

        experiment_id = d.pop("experiment_id")

        params = BaselineOutParams.from_dict(d.pop("params"))

        run_ids = cast(list[int], d.pop("run_ids"))

        pinned_from = BaselineOutPinnedFrom(d.pop("pinned_from"))

        def _parse_launch_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        launch_id = _parse_launch_id(d.pop("launch_id"))

        def _parse_created_by_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        created_by_id = _parse_created_by_id(d.pop("created_by_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_created_by_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_by_email = _parse_created_by_email(d.pop("created_by_email", UNSET))

        baseline_out = cls(
            id=id,
            experiment_id=experiment_id,
            params=params,
            run_ids=run_ids,
            pinned_from=pinned_from,
            launch_id=launch_id,
            created_by_id=created_by_id,
            created_at=created_at,
            created_by_email=created_by_email,
        )

        baseline_out.additional_properties = d
        return baseline_out

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
