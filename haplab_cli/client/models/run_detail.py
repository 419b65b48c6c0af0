from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_detail_bound_type_0 import RunDetailBoundType0
from ..models.run_state import RunState
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.config_warning import ConfigWarning
    from ..models.experiment_spec import ExperimentSpec
    from ..models.run_detail_command_lines import RunDetailCommandLines
    from ..models.run_detail_params import RunDetailParams
    from ..models.run_environment import RunEnvironment
    from ..models.run_figures import RunFigures
    from ..models.run_outcome import RunOutcome
    from ..models.run_queue import RunQueue
    from ..models.run_schedule import RunSchedule
    from ..models.run_summary import RunSummary
    from ..models.threshold_report import ThresholdReport


T = TypeVar("T", bound="RunDetail")


@_attrs_define
class RunDetail:
    """
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
        params (RunDetailParams): The swept values of this run's point, by dotted path.
        state (RunState):
        outcome (RunOutcome): The run's one verdict: its state, its rules and its completeness read together.
        figures (RunFigures): A run's headline figures by metric key; None while it has no summary, or where its summary
            holds none (p95 of runs recorded before p95 was kept, error % of a run without requests).
        bound (None | RunDetailBoundType0): What bounded the run (its verdict's kind), once collected.
        created_at (datetime.datetime):
        state_changed_at (datetime.datetime | None):
        started_at (datetime.datetime | None):
        finished_at (datetime.datetime | None):
        cancel_requested_at (datetime.datetime | None):
        lab_name (None | str):
        experiment_version_id (int):
        created_by_id (int | None):
        spec (ExperimentSpec): Everything needed to run an experiment, apart from the lab it runs on.
        rendered_config (None | str):
        command_lines (RunDetailCommandLines): By agent: the exact argv of every process it started for the run.
        environment (RunEnvironment):
        summary (None | RunSummary): The run's results once collected; None before.
        error (None | str): Why the run failed, or why it is partial; None otherwise.
        load_started_at (datetime.datetime | None): When the measured load began (t0, after warm-up); apart from
            queueing and preparation.
        load_ended_at (datetime.datetime | None): When the measured load ended: load_started_at plus the seconds it
            really covered.
        search_id (int | None | Unset): The capacity search this run is a probe of (LaunchDetail.capacity); None: not a
            probe.
        probe_value (float | None | Unset): For a probe, the rate (req/s) or connections it ran at.
        thresholds_passed (bool | None | Unset): Did every threshold rule of the spec pass? None: it has none, or it was
            not judged.
        note_count (int | Unset): Notes the team wrote on the run (GET /notes?run_ids=). Default: 0.
        schedule (None | RunSchedule | Unset): The schedule that launched it; None when a person or a script did.
        thresholds (None | ThresholdReport | Unset): Each threshold rule's value, limit and outcome; None when the spec
            has none or the run was not judged (failed, cancelled, not collected yet).
        config_warnings (list[ConfigWarning] | Unset): Settings of this run's spec that do nothing or contradict each
            other (contract.lint).
        queue (None | RunQueue | Unset): Its place in the lab's queue and expected start; None unless queued.
        overhead_s (float | None | Unset): Orchestration seconds per run on its lab beyond warm-up + duration (median of
            the lab's latest succeeded runs, or 3 s without history), for estimates of runs still to come (this run's start,
            its sweep's end); None once its lab is deleted.
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
    params: RunDetailParams
    state: RunState
    outcome: RunOutcome
    figures: RunFigures
    bound: None | RunDetailBoundType0
    created_at: datetime.datetime
    state_changed_at: datetime.datetime | None
    started_at: datetime.datetime | None
    finished_at: datetime.datetime | None
    cancel_requested_at: datetime.datetime | None
    lab_name: None | str
    experiment_version_id: int
    created_by_id: int | None
    spec: ExperimentSpec
    rendered_config: None | str
    command_lines: RunDetailCommandLines
    environment: RunEnvironment
    summary: None | RunSummary
    error: None | str
    load_started_at: datetime.datetime | None
    load_ended_at: datetime.datetime | None
    search_id: int | None | Unset = UNSET
    probe_value: float | None | Unset = UNSET
    thresholds_passed: bool | None | Unset = UNSET
    note_count: int | Unset = 0
    schedule: None | RunSchedule | Unset = UNSET
    thresholds: None | ThresholdReport | Unset = UNSET
    config_warnings: list[ConfigWarning] | Unset = UNSET
    queue: None | RunQueue | Unset = UNSET
    overhead_s: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.run_queue import RunQueue
        from ..models.run_schedule import RunSchedule
        from ..models.run_summary import RunSummary
        from ..models.threshold_report import ThresholdReport

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
        if isinstance(self.bound, RunDetailBoundType0):
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

        lab_name: None | str
        lab_name = self.lab_name

        experiment_version_id = self.experiment_version_id

        created_by_id: int | None
        created_by_id = self.created_by_id

        spec = self.spec.to_dict()

        rendered_config: None | str
        rendered_config = self.rendered_config

        command_lines = self.command_lines.to_dict()

        environment = self.environment.to_dict()

        summary: dict[str, Any] | None
        if isinstance(self.summary, RunSummary):
            summary = self.summary.to_dict()
        else:
            summary = self.summary

        error: None | str
        error = self.error

        load_started_at: None | str
        if isinstance(self.load_started_at, datetime.datetime):
            load_started_at = self.load_started_at.isoformat()
        else:
            load_started_at = self.load_started_at

        load_ended_at: None | str
        if isinstance(self.load_ended_at, datetime.datetime):
            load_ended_at = self.load_ended_at.isoformat()
        else:
            load_ended_at = self.load_ended_at

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

        schedule: dict[str, Any] | None | Unset
        if isinstance(self.schedule, Unset):
            schedule = UNSET
        elif isinstance(self.schedule, RunSchedule):
            schedule = self.schedule.to_dict()
        else:
            schedule = self.schedule

        thresholds: dict[str, Any] | None | Unset
        if isinstance(self.thresholds, Unset):
            thresholds = UNSET
        elif isinstance(self.thresholds, ThresholdReport):
            thresholds = self.thresholds.to_dict()
        else:
            thresholds = self.thresholds

        config_warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.config_warnings, Unset):
            config_warnings = []
            for config_warnings_item_data in self.config_warnings:
                config_warnings_item = config_warnings_item_data.to_dict()
                config_warnings.append(config_warnings_item)

        queue: dict[str, Any] | None | Unset
        if isinstance(self.queue, Unset):
            queue = UNSET
        elif isinstance(self.queue, RunQueue):
            queue = self.queue.to_dict()
        else:
            queue = self.queue

        overhead_s: float | None | Unset
        if isinstance(self.overhead_s, Unset):
            overhead_s = UNSET
        else:
            overhead_s = self.overhead_s

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
                "lab_name": lab_name,
                "experiment_version_id": experiment_version_id,
                "created_by_id": created_by_id,
                "spec": spec,
                "rendered_config": rendered_config,
                "command_lines": command_lines,
                "environment": environment,
                "summary": summary,
                "error": error,
                "load_started_at": load_started_at,
                "load_ended_at": load_ended_at,
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
        if schedule is not UNSET:
            field_dict["schedule"] = schedule
        if thresholds is not UNSET:
            field_dict["thresholds"] = thresholds
        if config_warnings is not UNSET:
            field_dict["config_warnings"] = config_warnings
        if queue is not UNSET:
            field_dict["queue"] = queue
        if overhead_s is not UNSET:
            field_dict["overhead_s"] = overhead_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.config_warning import ConfigWarning
        from ..models.experiment_spec import ExperimentSpec
        from ..models.run_detail_command_lines import RunDetailCommandLines
        from ..models.run_detail_params import RunDetailParams
        from ..models.run_environment import RunEnvironment
        from ..models.run_figures import RunFigures
        from ..models.run_outcome import RunOutcome
        from ..models.run_queue import RunQueue
        from ..models.run_schedule import RunSchedule
        from ..models.run_summary import RunSummary
        from ..models.threshold_report import ThresholdReport

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

        params = RunDetailParams.from_dict(d.pop("params"))

        state = RunState(d.pop("state"))

        outcome = RunOutcome.from_dict(d.pop("outcome"))

        figures = RunFigures.from_dict(d.pop("figures"))

        def _parse_bound(data: object) -> None | RunDetailBoundType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bound_type_0 = RunDetailBoundType0(data)

                return bound_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunDetailBoundType0, data)

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

        def _parse_lab_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lab_name = _parse_lab_name(d.pop("lab_name"))

        experiment_version_id = d.pop("experiment_version_id")

        def _parse_created_by_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        created_by_id = _parse_created_by_id(d.pop("created_by_id"))

        spec = ExperimentSpec.from_dict(d.pop("spec"))

        def _parse_rendered_config(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rendered_config = _parse_rendered_config(d.pop("rendered_config"))

        command_lines = RunDetailCommandLines.from_dict(d.pop("command_lines"))

        environment = RunEnvironment.from_dict(d.pop("environment"))

        def _parse_summary(data: object) -> None | RunSummary:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                summary_type_0 = RunSummary.from_dict(data)

                return summary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunSummary, data)

        summary = _parse_summary(d.pop("summary"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_load_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                load_started_at_type_0 = datetime.datetime.fromisoformat(data)

                return load_started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        load_started_at = _parse_load_started_at(d.pop("load_started_at"))

        def _parse_load_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                load_ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return load_ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        load_ended_at = _parse_load_ended_at(d.pop("load_ended_at"))

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

        def _parse_schedule(data: object) -> None | RunSchedule | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schedule_type_0 = RunSchedule.from_dict(data)

                return schedule_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunSchedule | Unset, data)

        schedule = _parse_schedule(d.pop("schedule", UNSET))

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

        _config_warnings = d.pop("config_warnings", UNSET)
        config_warnings: list[ConfigWarning] | Unset = UNSET
        if _config_warnings is not UNSET:
            config_warnings = []
            for config_warnings_item_data in _config_warnings:
                config_warnings_item = ConfigWarning.from_dict(
                    config_warnings_item_data
                )

                config_warnings.append(config_warnings_item)

        def _parse_queue(data: object) -> None | RunQueue | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                queue_type_0 = RunQueue.from_dict(data)

                return queue_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunQueue | Unset, data)

        queue = _parse_queue(d.pop("queue", UNSET))

        def _parse_overhead_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        overhead_s = _parse_overhead_s(d.pop("overhead_s", UNSET))

        run_detail = cls(
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
            lab_name=lab_name,
            experiment_version_id=experiment_version_id,
            created_by_id=created_by_id,
            spec=spec,
            rendered_config=rendered_config,
            command_lines=command_lines,
            environment=environment,
            summary=summary,
            error=error,
            load_started_at=load_started_at,
            load_ended_at=load_ended_at,
            search_id=search_id,
            probe_value=probe_value,
            thresholds_passed=thresholds_passed,
            note_count=note_count,
            schedule=schedule,
            thresholds=thresholds,
            config_warnings=config_warnings,
            queue=queue,
            overhead_s=overhead_s,
        )

        run_detail.additional_properties = d
        return run_detail

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
