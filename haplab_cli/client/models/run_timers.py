from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_timers_mode_type_0 import RunTimersModeType0

if TYPE_CHECKING:
    from ..models.phase_meaning import PhaseMeaning
    from ..models.request_timers import RequestTimers
    from ..models.run_timers_state_counts import RunTimersStateCounts
    from ..models.run_timers_timers import RunTimersTimers
    from ..models.termination_state import TerminationState
    from ..models.timer_meaning import TimerMeaning


T = TypeVar("T", bound="RunTimers")


@_attrs_define
class RunTimers:
    """HAProxy's per-request timers of a run: per point (a second, or `step` seconds merged) the
    percentiles of each timer and the termination states' counts, for one scope; and the run's
    summary of them. Item i of every per-point array is the point at t[i].

        Attributes:
            run_id (int):
            collected (bool): False: the run has no request log (not collected, or an older run).
            mode (None | RunTimersModeType0): HTTP logs requests, TCP sessions.
            one_in (int): HAProxy logged one request in this many (the largest of the run).
            step (int): Seconds per point: 1 for the stored seconds.
            scope (str): "*" the whole proxy, a backend, or backend/server.
            scopes (list[str]): The scopes the run's log holds, the whole first.
            t (list[int]): The second (step 1) or the first second of each bucket.
            lines (list[int]): Log lines read per point (all scopes).
            point_one_in (list[int]): Per point, HAProxy logged one request in this many.
            timers (RunTimersTimers): The timers the scope's log holds.
            states (list[TerminationState]): The scope's states, most frequent first.
            state_counts (RunTimersStateCounts): Per state, its requests per point.
            timer_meanings (list[TimerMeaning]):
            phases (list[PhaseMeaning]):
            summary (None | RequestTimers): The run's summary of its timers (RunSummary.timers).
    """

    run_id: int
    collected: bool
    mode: None | RunTimersModeType0
    one_in: int
    step: int
    scope: str
    scopes: list[str]
    t: list[int]
    lines: list[int]
    point_one_in: list[int]
    timers: RunTimersTimers
    states: list[TerminationState]
    state_counts: RunTimersStateCounts
    timer_meanings: list[TimerMeaning]
    phases: list[PhaseMeaning]
    summary: None | RequestTimers
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.request_timers import RequestTimers

        run_id = self.run_id

        collected = self.collected

        mode: None | str
        if isinstance(self.mode, RunTimersModeType0):
            mode = self.mode.value
        else:
            mode = self.mode

        one_in = self.one_in

        step = self.step

        scope = self.scope

        scopes = self.scopes

        t = self.t

        lines = self.lines

        point_one_in = self.point_one_in

        timers = self.timers.to_dict()

        states = []
        for states_item_data in self.states:
            states_item = states_item_data.to_dict()
            states.append(states_item)

        state_counts = self.state_counts.to_dict()

        timer_meanings = []
        for timer_meanings_item_data in self.timer_meanings:
            timer_meanings_item = timer_meanings_item_data.to_dict()
            timer_meanings.append(timer_meanings_item)

        phases = []
        for phases_item_data in self.phases:
            phases_item = phases_item_data.to_dict()
            phases.append(phases_item)

        summary: dict[str, Any] | None
        if isinstance(self.summary, RequestTimers):
            summary = self.summary.to_dict()
        else:
            summary = self.summary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "collected": collected,
                "mode": mode,
                "one_in": one_in,
                "step": step,
                "scope": scope,
                "scopes": scopes,
                "t": t,
                "lines": lines,
                "point_one_in": point_one_in,
                "timers": timers,
                "states": states,
                "state_counts": state_counts,
                "timer_meanings": timer_meanings,
                "phases": phases,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phase_meaning import PhaseMeaning
        from ..models.request_timers import RequestTimers
        from ..models.run_timers_state_counts import RunTimersStateCounts
        from ..models.run_timers_timers import RunTimersTimers
        from ..models.termination_state import TerminationState
        from ..models.timer_meaning import TimerMeaning

        d = dict(src_dict)
        run_id = d.pop("run_id")

        collected = d.pop("collected")

        def _parse_mode(data: object) -> None | RunTimersModeType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                mode_type_0 = RunTimersModeType0(data)

                return mode_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunTimersModeType0, data)

        mode = _parse_mode(d.pop("mode"))

        one_in = d.pop("one_in")

        step = d.pop("step")

        scope = d.pop("scope")

        scopes = cast(list[str], d.pop("scopes"))

        t = cast(list[int], d.pop("t"))

        lines = cast(list[int], d.pop("lines"))

        point_one_in = cast(list[int], d.pop("point_one_in"))

        timers = RunTimersTimers.from_dict(d.pop("timers"))

        states = []
        _states = d.pop("states")
        for states_item_data in _states:
            states_item = TerminationState.from_dict(states_item_data)

            states.append(states_item)

        state_counts = RunTimersStateCounts.from_dict(d.pop("state_counts"))

        timer_meanings = []
        _timer_meanings = d.pop("timer_meanings")
        for timer_meanings_item_data in _timer_meanings:
            timer_meanings_item = TimerMeaning.from_dict(timer_meanings_item_data)

            timer_meanings.append(timer_meanings_item)

        phases = []
        _phases = d.pop("phases")
        for phases_item_data in _phases:
            phases_item = PhaseMeaning.from_dict(phases_item_data)

            phases.append(phases_item)

        def _parse_summary(data: object) -> None | RequestTimers:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                summary_type_0 = RequestTimers.from_dict(data)

                return summary_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RequestTimers, data)

        summary = _parse_summary(d.pop("summary"))

        run_timers = cls(
            run_id=run_id,
            collected=collected,
            mode=mode,
            one_in=one_in,
            step=step,
            scope=scope,
            scopes=scopes,
            t=t,
            lines=lines,
            point_one_in=point_one_in,
            timers=timers,
            states=states,
            state_counts=state_counts,
            timer_meanings=timer_meanings,
            phases=phases,
            summary=summary,
        )

        run_timers.additional_properties = d
        return run_timers

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
