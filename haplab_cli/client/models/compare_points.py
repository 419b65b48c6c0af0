from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.compare_point import ComparePoint


T = TypeVar("T", bound="ComparePoints")


@_attrs_define
class ComparePoints:
    """
    Attributes:
        param_columns (list[str]):
        metric_columns (list[str]):
        points (list[ComparePoint]):
    """

    param_columns: list[str]
    metric_columns: list[str]
    points: list[ComparePoint]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        param_columns = self.param_columns

        metric_columns = self.metric_columns

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "param_columns": param_columns,
                "metric_columns": metric_columns,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compare_point import ComparePoint

        d = dict(src_dict)
        param_columns = cast(list[str], d.pop("param_columns"))

        metric_columns = cast(list[str], d.pop("metric_columns"))

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = ComparePoint.from_dict(points_item_data)

            points.append(points_item)

        compare_points = cls(
            param_columns=param_columns,
            metric_columns=metric_columns,
            points=points,
        )

        compare_points.additional_properties = d
        return compare_points

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
