from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RunLaunched")


@_attrs_define
class RunLaunched:
    """What creating runs returns (a launch or a re-run): they are queued, in this order.

    Attributes:
        launch_id (int):
        run_ids (list[int]):
        total_runs (int):
    """

    launch_id: int
    run_ids: list[int]
    total_runs: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        launch_id = self.launch_id

        run_ids = self.run_ids

        total_runs = self.total_runs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "launch_id": launch_id,
                "run_ids": run_ids,
                "total_runs": total_runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        launch_id = d.pop("launch_id")

        run_ids = cast(list[int], d.pop("run_ids"))

        total_runs = d.pop("total_runs")

        run_launched = cls(
            launch_id=launch_id,
            run_ids=run_ids,
            total_runs=total_runs,
        )

        run_launched.additional_properties = d
        return run_launched

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
