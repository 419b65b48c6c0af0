from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.experiment_trend_params import ExperimentTrendParams
    from ..models.trend_point import TrendPoint


T = TypeVar("T", bound="ExperimentTrend")


@_attrs_define
class ExperimentTrend:
    """One experiment's recent succeeded runs at one sweep point, oldest first.

    Attributes:
        experiment_id (int):
        experiment_name (str):
        params (ExperimentTrendParams): The sweep point followed: the latest succeeded run's ({} without a sweep).
        points (list[TrendPoint]):
        enough_for_trend (bool): At least 3 runs: enough to read a direction. With fewer, the points are readings to
            show as they are, never called steady, up or down.
    """

    experiment_id: int
    experiment_name: str
    params: ExperimentTrendParams
    points: list[TrendPoint]
    enough_for_trend: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        params = self.params.to_dict()

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        enough_for_trend = self.enough_for_trend

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "params": params,
                "points": points,
                "enough_for_trend": enough_for_trend,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.experiment_trend_params import ExperimentTrendParams
        from ..models.trend_point import TrendPoint

        d = dict(src_dict)
        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        params = ExperimentTrendParams.from_dict(d.pop("params"))

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = TrendPoint.from_dict(points_item_data)

            points.append(points_item)

        enough_for_trend = d.pop("enough_for_trend")

        experiment_trend = cls(
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            params=params,
            points=points,
            enough_for_trend=enough_for_trend,
        )

        experiment_trend.additional_properties = d
        return experiment_trend

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
