from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.metric_aggregate_type_0 import MetricAggregateType0
from ..models.metric_better_type_0 import MetricBetterType0
from ..models.metric_source import MetricSource
from ..types import UNSET, Unset

T = TypeVar("T", bound="Metric")


@_attrs_define
class Metric:
    """A figure of a run, as compare tables, exports, thresholds and the UI name it.

    Attributes:
        key (str): Its name everywhere: compare columns, exports, thresholds.
        label (str): Its name for people.
        unit (str): req/s, ms, B/s, s, or empty for a count.
        source (MetricSource): Who measured it: the load tools, HAProxy or a lab host.
        path (str): Where a RunSummary holds it, dotted (total.latency.p99).
        description (str):
        better (MetricBetterType0 | None | Unset): Which way is better, where one is.
        series (None | str | Unset): The per-second series (a sample_series key) the figure is taken from over the
            measured seconds, with `aggregate`; None where it is computed otherwise.
        aggregate (MetricAggregateType0 | None | Unset): How the series' measured seconds make the figure: their sum or
            their maximum.
        history (int | None | Unset): Its place among the figures of the run list (History), 1 first: each is a
            generated column of run, sortable, and a trend. None: not one of them.
    """

    key: str
    label: str
    unit: str
    source: MetricSource
    path: str
    description: str
    better: MetricBetterType0 | None | Unset = UNSET
    series: None | str | Unset = UNSET
    aggregate: MetricAggregateType0 | None | Unset = UNSET
    history: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        label = self.label

        unit = self.unit

        source = self.source.value

        path = self.path

        description = self.description

        better: None | str | Unset
        if isinstance(self.better, Unset):
            better = UNSET
        elif isinstance(self.better, MetricBetterType0):
            better = self.better.value
        else:
            better = self.better

        series: None | str | Unset
        if isinstance(self.series, Unset):
            series = UNSET
        else:
            series = self.series

        aggregate: None | str | Unset
        if isinstance(self.aggregate, Unset):
            aggregate = UNSET
        elif isinstance(self.aggregate, MetricAggregateType0):
            aggregate = self.aggregate.value
        else:
            aggregate = self.aggregate

        history: int | None | Unset
        if isinstance(self.history, Unset):
            history = UNSET
        else:
            history = self.history

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "label": label,
                "unit": unit,
                "source": source,
                "path": path,
                "description": description,
            }
        )
        if better is not UNSET:
            field_dict["better"] = better
        if series is not UNSET:
            field_dict["series"] = series
        if aggregate is not UNSET:
            field_dict["aggregate"] = aggregate
        if history is not UNSET:
            field_dict["history"] = history

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        label = d.pop("label")

        unit = d.pop("unit")

        source = MetricSource(d.pop("source"))

        path = d.pop("path")

        description = d.pop("description")

        def _parse_better(data: object) -> MetricBetterType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                better_type_0 = MetricBetterType0(data)

                return better_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MetricBetterType0 | None | Unset, data)

        better = _parse_better(d.pop("better", UNSET))

        def _parse_series(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        series = _parse_series(d.pop("series", UNSET))

        def _parse_aggregate(data: object) -> MetricAggregateType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                aggregate_type_0 = MetricAggregateType0(data)

                return aggregate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MetricAggregateType0 | None | Unset, data)

        aggregate = _parse_aggregate(d.pop("aggregate", UNSET))

        def _parse_history(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        history = _parse_history(d.pop("history", UNSET))

        metric = cls(
            key=key,
            label=label,
            unit=unit,
            source=source,
            path=path,
            description=description,
            better=better,
            series=series,
            aggregate=aggregate,
            history=history,
        )

        metric.additional_properties = d
        return metric

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
