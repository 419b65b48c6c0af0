from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_slim_bound_type_0 import RunSlimBoundType0
from ..models.run_state import RunState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.run_figures import RunFigures
    from ..models.run_outcome import RunOutcome
    from ..models.run_slim_params import RunSlimParams


T = TypeVar("T", bound="RunSlim")


@_attrs_define
class RunSlim:
    """A run in a list: everything but the big columns (spec, config, environment, summary).

    Attributes:
        id (int):
        experiment_id (int):
        experiment_name (str):
        experiment_version (int):
        launch_id (int):
        lab_id (int | None):
        rerun_of_id (int | None):
        point_index (int):
        repetition (int):
        params (RunSlimParams): The swept values of this run's point, by dotted path.
        state (RunState):
        outcome (RunOutcome): The run's one verdict: its state, its rules and its completeness read together.
        figures (RunFigures): A run's headline figures by metric key; None while it has no summary, or where its summary
            holds none (p95 of runs recorded before p95 was kept, error % of a run without requests).
        bound (None | RunSlimBoundType0): What bounded the run (its verdict's kind), once collected.
        created_at (datetime.datetime):
        state_changed_at (datetime.datetime | None):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        cancel_requested_at (datetime.datetime | None):
        search_id (int | None | Unset): The capacity search this run is a probe of (LaunchDetail.capacity); None: not a
            probe.
        probe_value (float | None | Unset): For a probe, the rate (req/s) or connections it ran at.
        thresholds_passed (bool | None | Unset): Did every threshold rule of the spec pass? None: it has none, or it was
            not judged.
        note_count (int | Unset): Notes the team wrote on the run (GET /notes?run_ids=). Default: 0.
    """

    id: int
    experiment_id: int
    experiment_name: str
    experiment_version: int
    launch_id: int
    lab_id: int | None
    rerun_of_id: int | None
    point_index: int
    repetition: int
    params: RunSlimParams
    state: RunState
    outcome: RunOutcome
    figures: RunFigures
    bound: None | RunSlimBoundType0
    created_at: datetime.datetime
    state_changed_at: datetime.datetime | None
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    cancel_requested_at: datetime.datetime | None
    search_id: int | None | Unset = UNSET
    probe_value: float | None | Unset = UNSET
    thresholds_passed: bool | None | Unset = UNSET
    note_count: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        experiment_version = self.experiment_version

        launch_id = self.launch_id

        lab_id: int | None
        lab_id = self.lab_id

        rerun_of_id: int | None
        rerun_of_id = self.rerun_of_id

        point_index = self.point_index

        repetition = self.repetition

        params = self.params.to_dict()

        state = self.state.value

        outcome = self.outcome.to_dict()

        figures = self.figures.to_dict()

        bound: None | str
        if isinstance(self.bound, RunSlimBoundType0):
            bound = self.bound.value
        else:
            bound = self.bound

        created_at = self.created_at.isoformat()

        state_changed_at: None | str
        if isinstance(self.state_changed_at, datetime.datetime):
            state_changed_at = self.state_changed_at.isoformat()
        else:
            state_changed_at = self.state_changed_at

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        cancel_requested_at: None | str
        if isinstance(self.cancel_requested_at, datetime.datetime):
            cancel_requested_at = self.cancel_requested_at.isoformat()
        else:
            cancel_requested_at = self.cancel_requested_at

        search_id: int | None | Unset
        if isinstance(self.search_id, Unset):
            search_id = UNSET
        else:
            search_id = self.search_id

        probe_value: float | None | Unset
        if isinstance(self.probe_value, Unset):
            probe_value = UNSET
        else:
            probe_value = self.probe_value

        thresholds_passed: bool | None | Unset
        if isinstance(self.thresholds_passed, Unset):
            thresholds_passed = UNSET
        else:
            thresholds_passed = self.thresholds_passed

        note_count = self.note_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "experiment_version": experiment_version,
                "launch_id": launch_id,
                "lab_id": lab_id,
                "rerun_of_id": rerun_of_id,
                "point_index": point_index,
                "repetition": repetition,
                "params": params,
                "state": state,
                "outcome": outcome,
                "figures": figures,
                "bound": bound,
                "created_at": created_at,
                "state_changed_at": state_changed_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "cancel_requested_at": cancel_requested_at,
            }
        )
        if search_id is not UNSET:
            field_dict["search_id"] = search_id
        if probe_value is not UNSET:
            field_dict["probe_value"] = probe_value
        if thresholds_passed is not UNSET:
            field_dict["thresholds_passed"] = thresholds_passed
        if note_count is not UNSET:
            field_dict["note_count"] = note_count

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_figures import RunFigures
        from ..models.run_outcome import RunOutcome
        from ..models.run_slim_params import RunSlimParams

        d = dict(src_dict)
        id = d.pop("id")

        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        experiment_version = d.pop("experiment_version")

        launch_id = d.pop("launch_id")

        def _parse_lab_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        lab_id = _parse_lab_id(d.pop("lab_id"))

        def _parse_rerun_of_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rerun_of_id = _parse_rerun_of_id(d.pop("rerun_of_id"))

        point_index = d.pop("point_index")

        repetition = d.pop("repetition")

        params = RunSlimParams.from_dict(d.pop("params"))

        state = RunState(d.pop("state"))

        outcome = RunOutcome.from_dict(d.pop("outcome"))

        figures = RunFigures.from_dict(d.pop("figures"))

        def _parse_bound(data: object) -> None | RunSlimBoundType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bound_type_0 = RunSlimBoundType0(data)

                return bound_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunSlimBoundType0, data)

        bound = _parse_bound(d.pop("bound"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_state_changed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                state_changed_at_type_0 = datetime.datetime.fromisoformat(data)

                return state_changed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        state_changed_at = _parse_state_changed_at(d.pop("state_changed_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

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

        def _parse_cancel_requested_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancel_requested_at_type_0 = datetime.datetime.fromisoformat(data)

                return cancel_requested_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancel_requested_at = _parse_cancel_requested_at(d.pop("cancel_requested_at"))

        def _parse_search_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        search_id = _parse_search_id(d.pop("search_id", UNSET))

        def _parse_probe_value(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        probe_value = _parse_probe_value(d.pop("probe_value", UNSET))

        def _parse_thresholds_passed(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        thresholds_passed = _parse_thresholds_passed(d.pop("thresholds_passed", UNSET))

        note_count = d.pop("note_count", UNSET)

        run_slim = cls(
            id=id,
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            experiment_version=experiment_version,
            launch_id=launch_id,
            lab_id=lab_id,
            rerun_of_id=rerun_of_id,
            point_index=point_index,
            repetition=repetition,
            params=params,
            state=state,
            outcome=outcome,
            figures=figures,
            bound=bound,
            created_at=created_at,
            state_changed_at=state_changed_at,
            started_at=started_at,
            finished_at=finished_at,
            cancel_requested_at=cancel_requested_at,
            search_id=search_id,
            probe_value=probe_value,
            thresholds_passed=thresholds_passed,
            note_count=note_count,
        )

        run_slim.additional_properties = d
        return run_slim

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
