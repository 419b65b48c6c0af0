from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.baseline_out import BaselineOut
    from ..models.metric_against_baseline import MetricAgainstBaseline


T = TypeVar("T", bound="RunAgainstBaseline")


@_attrs_define
class RunAgainstBaseline:
    """A run (with its launch's repetitions of the same point) against its point's baseline.

    Attributes:
        baseline (BaselineOut | None): None: no baseline is pinned for this run's point.
        compared_run_ids (list[int]): The succeeded runs compared: this run and its repetitions.
        in_baseline (bool): The run is one of the baseline's own runs.
        headline (str): One sentence: how much slower or faster, and whether it is significant.
        metrics (list[MetricAgainstBaseline]):
        lead_metric (None | str | Unset): The figure the headline speaks of: rps in closed loop, latency p99 in open
            loop.
    """

    baseline: BaselineOut | None
    compared_run_ids: list[int]
    in_baseline: bool
    headline: str
    metrics: list[MetricAgainstBaseline]
    lead_metric: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.baseline_out import BaselineOut

        baseline: dict[str, Any] | None
        if isinstance(self.baseline, BaselineOut):
            baseline = self.baseline.to_dict()
        else:
            baseline = self.baseline

        compared_run_ids = self.compared_run_ids

        in_baseline = self.in_baseline

        headline = self.headline

        metrics = []
        for metrics_item_data in self.metrics:
            metrics_item = metrics_item_data.to_dict()
            metrics.append(metrics_item)

        lead_metric: None | str | Unset
        if isinstance(self.lead_metric, Unset):
            lead_metric = UNSET
        else:
            lead_metric = self.lead_metric

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "baseline": baseline,
                "compared_run_ids": compared_run_ids,
                "in_baseline": in_baseline,
                "headline": headline,
                "metrics": metrics,
            }
        )
        if lead_metric is not UNSET:
            field_dict["lead_metric"] = lead_metric

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.baseline_out import BaselineOut
        from ..models.metric_against_baseline import MetricAgainstBaseline

        d = dict(src_dict)

        def _parse_baseline(data: object) -> BaselineOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                baseline_type_0 = BaselineOut.from_dict(data)

                return baseline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BaselineOut | None, data)

        baseline = _parse_baseline(d.pop("baseline"))

        compared_run_ids = cast(list[int], d.pop("compared_run_ids"))

        in_baseline = d.pop("in_baseline")

        headline = d.pop("headline")

        metrics = []
        _metrics = d.pop("metrics")
        for metrics_item_data in _metrics:
            metrics_item = MetricAgainstBaseline.from_dict(metrics_item_data)

            metrics.append(metrics_item)

        def _parse_lead_metric(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lead_metric = _parse_lead_metric(d.pop("lead_metric", UNSET))

        run_against_baseline = cls(
            baseline=baseline,
            compared_run_ids=compared_run_ids,
            in_baseline=in_baseline,
            headline=headline,
            metrics=metrics,
            lead_metric=lead_metric,
        )

        run_against_baseline.additional_properties = d
        return run_against_baseline

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
