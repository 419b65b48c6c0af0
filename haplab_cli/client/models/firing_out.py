from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.firing_out_outcome import FiringOutOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="FiringOut")


@_attrs_define
class FiringOut:
    """
    Attributes:
        id (int):
        fired_at (datetime.datetime):
        outcome (FiringOutOutcome):
        detail (str):
        launch_id (int | None):
        first_run_id (int | None | Unset):
    """

    id: int
    fired_at: datetime.datetime
    outcome: FiringOutOutcome
    detail: str
    launch_id: int | None
    first_run_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        fired_at = self.fired_at.isoformat()

        outcome = self.outcome.value

        detail = self.detail

        launch_id: int | None
        launch_id = self.launch_id

        first_run_id: int | None | Unset
        if isinstance(self.first_run_id, Unset):
            first_run_id = UNSET
        else:
            first_run_id = self.first_run_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "fired_at": fired_at,
                "outcome": outcome,
                "detail": detail,
                "launch_id": launch_id,
            }
        )
        if first_run_id is not UNSET:
            field_dict["first_run_id"] = first_run_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        fired_at = datetime.datetime.fromisoformat(d.pop("fired_at"))

        outcome = FiringOutOutcome(d.pop("outcome"))

        detail = d.pop("detail")

        def _parse_launch_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        launch_id = _parse_launch_id(d.pop("launch_id"))

        def _parse_first_run_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        first_run_id = _parse_first_run_id(d.pop("first_run_id", UNSET))

        firing_out = cls(
            id=id,
            fired_at=fired_at,
            outcome=outcome,
            detail=detail,
            launch_id=launch_id,
            first_run_id=first_run_id,
        )

        firing_out.additional_properties = d
        return firing_out

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
