from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    """

    key: str
    label: str
    unit: str
    source: MetricSource
    path: str
    description: str
    better: MetricBetterType0 | None | Unset = UNSET
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

        metric = cls(
            key=key,
            label=label,
            unit=unit,
            source=source,
            path=path,
            description=description,
            better=better,
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
