from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_state import RunState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.compare_row_change_pct_type_0 import CompareRowChangePctType0
    from ..models.compare_row_metrics import CompareRowMetrics
    from ..models.compare_row_params import CompareRowParams
    from ..models.config_warning import ConfigWarning
    from ..models.run_outcome import RunOutcome
    from ..models.threshold_report import ThresholdReport


T = TypeVar("T", bound="CompareRow")


@_attrs_define
class CompareRow:
    """
    Attributes:
        run_id (int):
        experiment_id (int):
        experiment_name (str):
        experiment_version (int):
        lab_id (int | None):
        point_index (int):
        repetition (int):
        state (RunState):
        outcome (RunOutcome): The run's one verdict: its state, its rules and its completeness read together.
        finished_at (datetime.datetime | None):
        params (CompareRowParams):
        metrics (CompareRowMetrics):
        capacity_note (None | str | Unset): Why this run says nothing of HAProxy's capacity: its bound is the CPU of a
            machine HAProxy shared with the load tool (the local lab). No comparison should crown it; None: nothing known.
        change_pct (CompareRowChangePctType0 | None | Unset):
        config_warnings (list[ConfigWarning] | Unset): contract.lint at launch.
        thresholds (None | ThresholdReport | Unset): Its threshold rules' outcomes; None when its spec has none or it
            was not judged.
    """

    run_id: int
    experiment_id: int
    experiment_name: str
    experiment_version: int
    lab_id: int | None
    point_index: int
    repetition: int
    state: RunState
    outcome: RunOutcome
    finished_at: datetime.datetime | None
    params: CompareRowParams
    metrics: CompareRowMetrics
    capacity_note: None | str | Unset = UNSET
    change_pct: CompareRowChangePctType0 | None | Unset = UNSET
    config_warnings: list[ConfigWarning] | Unset = UNSET
    thresholds: None | ThresholdReport | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.compare_row_change_pct_type_0 import CompareRowChangePctType0
        from ..models.threshold_report import ThresholdReport

        run_id = self.run_id

        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        experiment_version = self.experiment_version

        lab_id: int | None
        lab_id = self.lab_id

        point_index = self.point_index

        repetition = self.repetition

        state = self.state.value

        outcome = self.outcome.to_dict()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        params = self.params.to_dict()

        metrics = self.metrics.to_dict()

        capacity_note: None | str | Unset
        if isinstance(self.capacity_note, Unset):
            capacity_note = UNSET
        else:
            capacity_note = self.capacity_note

        change_pct: dict[str, Any] | None | Unset
        if isinstance(self.change_pct, Unset):
            change_pct = UNSET
        elif isinstance(self.change_pct, CompareRowChangePctType0):
            change_pct = self.change_pct.to_dict()
        else:
            change_pct = self.change_pct

        config_warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.config_warnings, Unset):
            config_warnings = []
            for config_warnings_item_data in self.config_warnings:
                config_warnings_item = config_warnings_item_data.to_dict()
                config_warnings.append(config_warnings_item)

        thresholds: dict[str, Any] | None | Unset
        if isinstance(self.thresholds, Unset):
            thresholds = UNSET
        elif isinstance(self.thresholds, ThresholdReport):
            thresholds = self.thresholds.to_dict()
        else:
            thresholds = self.thresholds

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "experiment_version": experiment_version,
                "lab_id": lab_id,
                "point_index": point_index,
                "repetition": repetition,
                "state": state,
                "outcome": outcome,
                "finished_at": finished_at,
                "params": params,
                "metrics": metrics,
            }
        )
        if capacity_note is not UNSET:
            field_dict["capacity_note"] = capacity_note
        if change_pct is not UNSET:
            field_dict["change_pct"] = change_pct
        if config_warnings is not UNSET:
            field_dict["config_warnings"] = config_warnings
        if thresholds is not UNSET:
            field_dict["thresholds"] = thresholds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compare_row_change_pct_type_0 import CompareRowChangePctType0
        from ..models.compare_row_metrics import CompareRowMetrics
        from ..models.compare_row_params import CompareRowParams
        from ..models.config_warning import ConfigWarning
        from ..models.run_outcome import RunOutcome
        from ..models.threshold_report import ThresholdReport

        d = dict(src_dict)
        run_id = d.pop("run_id")

        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        experiment_version = d.pop("experiment_version")

        def _parse_lab_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lab_id = _parse_lab_id(d.pop("lab_id"))

        point_index = d.pop("point_index")

        repetition = d.pop("repetition")

        state = RunState(d.pop("state"))

        outcome = RunOutcome.from_dict(d.pop("outcome"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        params = CompareRowParams.from_dict(d.pop("params"))

        metrics = CompareRowMetrics.from_dict(d.pop("metrics"))

        def _parse_capacity_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        capacity_note = _parse_capacity_note(d.pop("capacity_note", UNSET))

        def _parse_change_pct(data: object) -> CompareRowChangePctType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                change_pct_type_0 = CompareRowChangePctType0.from_dict(data)

                return change_pct_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CompareRowChangePctType0 | None | Unset, data)

        change_pct = _parse_change_pct(d.pop("change_pct", UNSET))

        _config_warnings = d.pop("config_warnings", UNSET)
        config_warnings: list[ConfigWarning] | Unset = UNSET
        if _config_warnings is not UNSET:
            config_warnings = []
            for config_warnings_item_data in _config_warnings:
                config_warnings_item = ConfigWarning.from_dict(
                    config_warnings_item_data
                )

                config_warnings.append(config_warnings_item)

        def _parse_thresholds(data: object) -> None | ThresholdReport | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                thresholds_type_0 = ThresholdReport.from_dict(data)

                return thresholds_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ThresholdReport | Unset, data)

        thresholds = _parse_thresholds(d.pop("thresholds", UNSET))

        compare_row = cls(
            run_id=run_id,
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            experiment_version=experiment_version,
            lab_id=lab_id,
            point_index=point_index,
            repetition=repetition,
            state=state,
            outcome=outcome,
            finished_at=finished_at,
            params=params,
            metrics=metrics,
            capacity_note=capacity_note,
            change_pct=change_pct,
            config_warnings=config_warnings,
            thresholds=thresholds,
        )

        compare_row.additional_properties = d
        return compare_row

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
