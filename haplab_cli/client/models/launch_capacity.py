from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.capacity_search import CapacitySearch
    from ..models.point_capacity import PointCapacity


T = TypeVar("T", bound="LaunchCapacity")


@_attrs_define
class LaunchCapacity:
    """Every sweep point's capacity answer of a launch whose spec has a search.

    Attributes:
        search (CapacitySearch): Search, per sweep point, the highest load that still meets the objective.
        unit (str): req/s or connections.
        done (bool): Every search has its answer.
        points (list[PointCapacity]):
    """

    search: CapacitySearch
    unit: str
    done: bool
    points: list[PointCapacity]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        search = self.search.to_dict()

        unit = self.unit

        done = self.done

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "search": search,
                "unit": unit,
                "done": done,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capacity_search import CapacitySearch
        from ..models.point_capacity import PointCapacity

        d = dict(src_dict)
        search = CapacitySearch.from_dict(d.pop("search"))

        unit = d.pop("unit")

        done = d.pop("done")

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = PointCapacity.from_dict(points_item_data)

            points.append(points_item)

        launch_capacity = cls(
            search=search,
            unit=unit,
            done=done,
            points=points,
        )

        launch_capacity.additional_properties = d
        return launch_capacity

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
