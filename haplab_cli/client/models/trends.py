from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.trends_metric import TrendsMetric
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.experiment_trend import ExperimentTrend


T = TypeVar("T", bound="Trends")


@_attrs_define
class Trends:
    """
    Attributes:
        metric (TrendsMetric):
        runs (int): At most this many runs per experiment.
        items (list[ExperimentTrend]): Experiments with a recent run first.
        min_runs (int | Unset): Runs a trend needs (enough_for_trend). Default: 3.
    """

    metric: TrendsMetric
    runs: int
    items: list[ExperimentTrend]
    min_runs: int | Unset = 3
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        metric = self.metric.value

        runs = self.runs

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        min_runs = self.min_runs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "metric": metric,
                "runs": runs,
                "items": items,
            }
        )
        if min_runs is not UNSET:
            field_dict["min_runs"] = min_runs

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.experiment_trend import ExperimentTrend

        d = dict(src_dict)
        metric = TrendsMetric(d.pop("metric"))

        runs = d.pop("runs")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = ExperimentTrend.from_dict(items_item_data)

            items.append(items_item)

        min_runs = d.pop("min_runs", UNSET)

        trends = cls(
            metric=metric,
            runs=runs,
            items=items,
            min_runs=min_runs,
        )

        trends.additional_properties = d
        return trends

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
