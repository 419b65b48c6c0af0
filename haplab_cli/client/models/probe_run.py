from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_state import RunState
from ..types import UNSET, Unset

T = TypeVar("T", bound="ProbeRun")


@_attrs_define
class ProbeRun:
    """One probe: a run of the launch at one value (or one stage of a staircase run).

    Attributes:
        run_id (int):
        value (float): The rate (req/s) or connections the probe ran at.
        state (RunState):
        passed (bool | None): It met every objective rule and every guard; None until the probe run has ended.
        stage_index (int | None | Unset): For a staircase run, the stage this observation is of; None: the whole run.
        inconclusive (None | str | Unset): The guard it failed, in words; None: none.
        failed_rule (None | str | Unset): The first objective rule it failed, as people read it.
        rps (float | None | Unset): Requests/s it delivered (successes over its window).
        latency_p99_ms (float | None | Unset): Its p99 latency.
        error_pct (float | None | Unset): Its errors, percent of requests.
    """

    run_id: int
    value: float
    state: RunState
    passed: bool | None
    stage_index: int | None | Unset = UNSET
    inconclusive: None | str | Unset = UNSET
    failed_rule: None | str | Unset = UNSET
    rps: float | None | Unset = UNSET
    latency_p99_ms: float | None | Unset = UNSET
    error_pct: float | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        value = self.value

        state = self.state.value

        passed: bool | None
        passed = self.passed

        stage_index: int | None | Unset
        if isinstance(self.stage_index, Unset):
            stage_index = UNSET
        else:
            stage_index = self.stage_index

        inconclusive: None | str | Unset
        if isinstance(self.inconclusive, Unset):
            inconclusive = UNSET
        else:
            inconclusive = self.inconclusive

        failed_rule: None | str | Unset
        if isinstance(self.failed_rule, Unset):
            failed_rule = UNSET
        else:
            failed_rule = self.failed_rule

        rps: float | None | Unset
        if isinstance(self.rps, Unset):
            rps = UNSET
        else:
            rps = self.rps

        latency_p99_ms: float | None | Unset
        if isinstance(self.latency_p99_ms, Unset):
            latency_p99_ms = UNSET
        else:
            latency_p99_ms = self.latency_p99_ms

        error_pct: float | None | Unset
        if isinstance(self.error_pct, Unset):
            error_pct = UNSET
        else:
            error_pct = self.error_pct

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "value": value,
                "state": state,
                "passed": passed,
            }
        )
        if stage_index is not UNSET:
            field_dict["stage_index"] = stage_index
        if inconclusive is not UNSET:
            field_dict["inconclusive"] = inconclusive
        if failed_rule is not UNSET:
            field_dict["failed_rule"] = failed_rule
        if rps is not UNSET:
            field_dict["rps"] = rps
        if latency_p99_ms is not UNSET:
            field_dict["latency_p99_ms"] = latency_p99_ms
        if error_pct is not UNSET:
            field_dict["error_pct"] = error_pct

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        value = d.pop("value")

        state = RunState(d.pop("state"))

        def _parse_passed(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        passed = _parse_passed(d.pop("passed"))

        def _parse_stage_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        stage_index = _parse_stage_index(d.pop("stage_index", UNSET))

        def _parse_inconclusive(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        inconclusive = _parse_inconclusive(d.pop("inconclusive", UNSET))

        def _parse_failed_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failed_rule = _parse_failed_rule(d.pop("failed_rule", UNSET))

        def _parse_rps(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rps = _parse_rps(d.pop("rps", UNSET))

        def _parse_latency_p99_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        latency_p99_ms = _parse_latency_p99_ms(d.pop("latency_p99_ms", UNSET))

        def _parse_error_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        error_pct = _parse_error_pct(d.pop("error_pct", UNSET))

        probe_run = cls(
            run_id=run_id,
            value=value,
            state=state,
            passed=passed,
            stage_index=stage_index,
            inconclusive=inconclusive,
            failed_rule=failed_rule,
            rps=rps,
            latency_p99_ms=latency_p99_ms,
            error_pct=error_pct,
        )

        probe_run.additional_properties = d
        return probe_run

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
