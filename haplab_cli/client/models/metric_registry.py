from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.metric import Metric
    from ..models.sample_series import SampleSeries
    from ..models.search_figure import SearchFigure


T = TypeVar("T", bound="MetricRegistry")


@_attrs_define
class MetricRegistry:
    """The whole vocabulary, as GET /api/v1/metrics serves it.

    Attributes:
        run_metrics (list[Metric]): Figures of a run, in compare/export column order.
        sample_series (list[SampleSeries]): Per-second series of the live view.
        search_figures (list[SearchFigure] | Unset): Figures of a capacity search, judged per sweep point.
    """

    run_metrics: list[Metric]
    sample_series: list[SampleSeries]
    search_figures: list[SearchFigure] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_metrics = []
        for run_metrics_item_data in self.run_metrics:
            run_metrics_item = run_metrics_item_data.to_dict()
            run_metrics.append(run_metrics_item)

        sample_series = []
        for sample_series_item_data in self.sample_series:
            sample_series_item = sample_series_item_data.to_dict()
            sample_series.append(sample_series_item)

        search_figures: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.search_figures, Unset):
            search_figures = []
            for search_figures_item_data in self.search_figures:
                search_figures_item = search_figures_item_data.to_dict()
                search_figures.append(search_figures_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_metrics": run_metrics,
                "sample_series": sample_series,
            }
        )
        if search_figures is not UNSET:
            field_dict["search_figures"] = search_figures

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.metric import Metric
        from ..models.sample_series import SampleSeries
        from ..models.search_figure import SearchFigure

        d = dict(src_dict)
        run_metrics = []
        _run_metrics = d.pop("run_metrics")
        for run_metrics_item_data in _run_metrics:
            run_metrics_item = Metric.from_dict(run_metrics_item_data)

            run_metrics.append(run_metrics_item)

        sample_series = []
        _sample_series = d.pop("sample_series")
        for sample_series_item_data in _sample_series:
            sample_series_item = SampleSeries.from_dict(sample_series_item_data)

            sample_series.append(sample_series_item)

        _search_figures = d.pop("search_figures", UNSET)
        search_figures: list[SearchFigure] | Unset = UNSET
        if _search_figures is not UNSET:
            search_figures = []
            for search_figures_item_data in _search_figures:
                search_figures_item = SearchFigure.from_dict(search_figures_item_data)

                search_figures.append(search_figures_item)

        metric_registry = cls(
            run_metrics=run_metrics,
            sample_series=sample_series,
            search_figures=search_figures,
        )

        metric_registry.additional_properties = d
        return metric_registry

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
