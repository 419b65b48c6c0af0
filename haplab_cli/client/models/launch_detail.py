from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.launch_detail_outcome import LaunchDetailOutcome
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.launch_capacity import LaunchCapacity
    from ..models.launch_detail_overrides import LaunchDetailOverrides
    from ..models.launch_detail_run_states import LaunchDetailRunStates
    from ..models.point_threshold_result import PointThresholdResult


T = TypeVar("T", bound="LaunchDetail")


@_attrs_define
class LaunchDetail:
    """One launch (a sweep's runs on a lab) and its verdict for people and CI gates.

    Attributes:
        id (int):
        experiment_id (int):
        experiment_name (str):
        experiment_version (int):
        lab_id (int | None):
        created_at (datetime.datetime):
        overrides (LaunchDetailOverrides): Values set for this launch only.
        total_runs (int):
        run_states (LaunchDetailRunStates): How many of its runs are in each state.
        outcome (LaunchDetailOutcome): running: a run has not ended; runs_failed: a run failed, was cancelled or ended
            partial (other than stopped by a rule); thresholds_failed: a run's or a sweep point's rule failed; passed: every
            run succeeded and every rule passed.
        runs_judged (int): Runs with a threshold report (their spec has run rules).
        runs_failing_thresholds (int): Runs whose report failed.
        point_thresholds (list[PointThresholdResult]): Rules judged per sweep point, on each point they judge; empty
            until every run ended.
        capacity (LaunchCapacity | None | Unset): With a search in its spec: each sweep point's capacity and its probes.
    """

    id: int
    experiment_id: int
    experiment_name: str
    experiment_version: int
    lab_id: int | None
    created_at: datetime.datetime
    overrides: LaunchDetailOverrides
    total_runs: int
    run_states: LaunchDetailRunStates
    outcome: LaunchDetailOutcome
    runs_judged: int
    runs_failing_thresholds: int
    point_thresholds: list[PointThresholdResult]
    capacity: LaunchCapacity | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.launch_capacity import LaunchCapacity

        id = self.id

        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        experiment_version = self.experiment_version

        lab_id: int | None
        lab_id = self.lab_id

        created_at = self.created_at.isoformat()

        overrides = self.overrides.to_dict()

        total_runs = self.total_runs

        run_states = self.run_states.to_dict()

        outcome = self.outcome.value

        runs_judged = self.runs_judged

        runs_failing_thresholds = self.runs_failing_thresholds

        point_thresholds = []
        for point_thresholds_item_data in self.point_thresholds:
            point_thresholds_item = point_thresholds_item_data.to_dict()
            point_thresholds.append(point_thresholds_item)

        capacity: dict[str, Any] | None | Unset
        if isinstance(self.capacity, Unset):
            capacity = UNSET
        elif isinstance(self.capacity, LaunchCapacity):
            capacity = self.capacity.to_dict()
        else:
            capacity = self.capacity

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "experiment_version": experiment_version,
                "lab_id": lab_id,
                "created_at": created_at,
                "overrides": overrides,
                "total_runs": total_runs,
                "run_states": run_states,
                "outcome": outcome,
                "runs_judged": runs_judged,
                "runs_failing_thresholds": runs_failing_thresholds,
                "point_thresholds": point_thresholds,
            }
        )
        if capacity is not UNSET:
            field_dict["capacity"] = capacity

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.launch_capacity import LaunchCapacity
        from ..models.launch_detail_overrides import LaunchDetailOverrides
        from ..models.launch_detail_run_states import LaunchDetailRunStates
        from ..models.point_threshold_result import PointThresholdResult

        d = dict(src_dict)
        id = d.pop("id")

        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        experiment_version = d.pop("experiment_version")

        def _parse_lab_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lab_id = _parse_lab_id(d.pop("lab_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        overrides = LaunchDetailOverrides.from_dict(d.pop("overrides"))

        total_runs = d.pop("total_runs")

        run_states = LaunchDetailRunStates.from_dict(d.pop("run_states"))

        outcome = LaunchDetailOutcome(d.pop("outcome"))

        runs_judged = d.pop("runs_judged")

        runs_failing_thresholds = d.pop("runs_failing_thresholds")

        point_thresholds = []
        _point_thresholds = d.pop("point_thresholds")
        for point_thresholds_item_data in _point_thresholds:
            point_thresholds_item = PointThresholdResult.from_dict(
                point_thresholds_item_data
            )

            point_thresholds.append(point_thresholds_item)

        def _parse_capacity(data: object) -> LaunchCapacity | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                capacity_type_0 = LaunchCapacity.from_dict(data)

                return capacity_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LaunchCapacity | None | Unset, data)

        capacity = _parse_capacity(d.pop("capacity", UNSET))

        launch_detail = cls(
            id=id,
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            experiment_version=experiment_version,
            lab_id=lab_id,
            created_at=created_at,
            overrides=overrides,
            total_runs=total_runs,
            run_states=run_states,
            outcome=outcome,
            runs_judged=runs_judged,
            runs_failing_thresholds=runs_failing_thresholds,
            point_thresholds=point_thresholds,
            capacity=capacity,
        )

        launch_detail.additional_properties = d
        return launch_detail

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
