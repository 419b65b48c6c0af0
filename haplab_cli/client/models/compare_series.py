from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.run_series import RunSeries
    from ..models.series_key import SeriesKey


T = TypeVar("T", bound="CompareSeries")


@_attrs_define
class CompareSeries:
    """
    Attributes:
        series (list[SeriesKey]):
        runs (list[RunSeries]):
    """

    series: list[SeriesKey]
    runs: list[RunSeries]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        series = []
        for series_item_data in self.series:
            series_item = series_item_data.to_dict()
            series.append(series_item)

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "series": series,
                "runs": runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_series import RunSeries
        from ..models.series_key import SeriesKey

        d = dict(src_dict)
        series = []
        _series = d.pop("series")
        for series_item_data in _series:
            series_item = SeriesKey.from_dict(series_item_data)

            series.append(series_item)

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = RunSeries.from_dict(runs_item_data)

            runs.append(runs_item)

        compare_series = cls(
            series=series,
            runs=runs,
        )

        compare_series.additional_properties = d
        return compare_series

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
