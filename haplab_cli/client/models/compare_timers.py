from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.compare_timers_percentile import CompareTimersPercentile
from ..models.compare_timers_timer import CompareTimersTimer

if TYPE_CHECKING:
    from ..models.compare_timers_timers import CompareTimersTimers
    from ..models.run_timer_series import RunTimerSeries


T = TypeVar("T", bound="CompareTimers")


@_attrs_define
class CompareTimers:
    """One of HAProxy's request timers at one percentile per point of every run (values[i][0],
    ms), on the runs' common time axis: each point's seconds' histograms merged.

        Attributes:
            timer (CompareTimersTimer):
            haproxy_name (str):
            meaning (str):
            timers (CompareTimersTimers): Every timer that can be overlaid: key -> HAProxy's name.
            percentile (CompareTimersPercentile):
            scope (str):
            step (int):
            runs (list[RunTimerSeries]):
    """

    timer: CompareTimersTimer
    haproxy_name: str
    meaning: str
    timers: CompareTimersTimers
    percentile: CompareTimersPercentile
    scope: str
    step: int
    runs: list[RunTimerSeries]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        timer = self.timer.value

        haproxy_name = self.haproxy_name

        meaning = self.meaning

        timers = self.timers.to_dict()

        percentile = self.percentile.value

        scope = self.scope

        step = self.step

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "timer": timer,
                "haproxy_name": haproxy_name,
                "meaning": meaning,
                "timers": timers,
                "percentile": percentile,
                "scope": scope,
                "step": step,
                "runs": runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compare_timers_timers import CompareTimersTimers
        from ..models.run_timer_series import RunTimerSeries

        d = dict(src_dict)
        timer = CompareTimersTimer(d.pop("timer"))

        haproxy_name = d.pop("haproxy_name")

        meaning = d.pop("meaning")

        timers = CompareTimersTimers.from_dict(d.pop("timers"))

        percentile = CompareTimersPercentile(d.pop("percentile"))

        scope = d.pop("scope")

        step = d.pop("step")

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = RunTimerSeries.from_dict(runs_item_data)

            runs.append(runs_item)

        compare_timers = cls(
            timer=timer,
            haproxy_name=haproxy_name,
            meaning=meaning,
            timers=timers,
            percentile=percentile,
            scope=scope,
            step=step,
            runs=runs,
        )

        compare_timers.additional_properties = d
        return compare_timers

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
