from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.metric_against_baseline_better_type_0 import (
    MetricAgainstBaselineBetterType0,
)

T = TypeVar("T", bound="MetricAgainstBaseline")


@_attrs_define
class MetricAgainstBaseline:
    """
    Attributes:
        key (str): A run metric key (GET /metrics).
        label (str):
        unit (str):
        better (MetricAgainstBaselineBetterType0 | None):
        baseline_mean (float):
        baseline_n (int):
        baseline_ci_low (float | None): 95% interval of the baseline's mean; None if n < 2.
        baseline_ci_high (float | None):
        value (float): The compared runs' mean (one run: its value).
        n (int): How many runs were compared: the run and its repetitions of the point.
        diff_pct (float | None): 100 x (value - baseline mean) / baseline mean.
        p_value (float | None): Welch's t-test with 2+ runs on each side; one run: the test of a new observation against
            the baseline's spread; None from a single baseline run.
        significant (bool): p < 0.05: unlikely to be noise.
        worse (bool | None): Changed the wrong way (by the metric's `better`); None: no way is better.
    """

    key: str
    label: str
    unit: str
    better: MetricAgainstBaselineBetterType0 | None
    baseline_mean: float
    baseline_n: int
    baseline_ci_low: float | None
    baseline_ci_high: float | None
    value: float
    n: int
    diff_pct: float | None
    p_value: float | None
    significant: bool
    worse: bool | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        unit = self.unit

        better: None | str
        if isinstance(self.better, MetricAgainstBaselineBetterType0):
            better = self.better.value
        else:
            better = self.better

        baseline_mean = self.baseline_mean

        baseline_n = self.baseline_n

        baseline_ci_low: float | None
        baseline_ci_low = self.baseline_ci_low

        baseline_ci_high: float | None
        baseline_ci_high = self.baseline_ci_high

        value = self.value

        n = self.n

        diff_pct: float | None
        diff_pct = self.diff_pct

        p_value: float | None
        p_value = self.p_value

        significant = self.significant

        worse: bool | None
        worse = self.worse

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "unit": unit,
                "better": better,
                "baseline_mean": baseline_mean,
                "baseline_n": baseline_n,
                "baseline_ci_low": baseline_ci_low,
                "baseline_ci_high": baseline_ci_high,
                "value": value,
                "n": n,
                "diff_pct": diff_pct,
                "p_value": p_value,
                "significant": significant,
                "worse": worse,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        unit = d.pop("unit")

        def _parse_better(data: object) -> MetricAgainstBaselineBetterType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                better_type_0 = MetricAgainstBaselineBetterType0(data)

                return better_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MetricAgainstBaselineBetterType0 | None, data)

        better = _parse_better(d.pop("better"))

        baseline_mean = d.pop("baseline_mean")

        baseline_n = d.pop("baseline_n")

        def _parse_baseline_ci_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        baseline_ci_low = _parse_baseline_ci_low(d.pop("baseline_ci_low"))

        def _parse_baseline_ci_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        baseline_ci_high = _parse_baseline_ci_high(d.pop("baseline_ci_high"))

        value = d.pop("value")

        n = d.pop("n")

        def _parse_diff_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        diff_pct = _parse_diff_pct(d.pop("diff_pct"))

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))

        significant = d.pop("significant")

        def _parse_worse(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        worse = _parse_worse(d.pop("worse"))

        metric_against_baseline = cls(
            key=key,
            label=label,
            unit=unit,
            better=better,
            baseline_mean=baseline_mean,
            baseline_n=baseline_n,
            baseline_ci_low=baseline_ci_low,
            baseline_ci_high=baseline_ci_high,
            value=value,
            n=n,
            diff_pct=diff_pct,
            p_value=p_value,
            significant=significant,
            worse=worse,
        )

        metric_against_baseline.additional_properties = d
        return metric_against_baseline

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
