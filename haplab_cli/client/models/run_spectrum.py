from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_spectrum_source import RunSpectrumSource

T = TypeVar("T", bound="RunSpectrum")


@_attrs_define
class RunSpectrum:
    """
    Attributes:
        run_id (int):
        source (RunSpectrumSource):
        points (list[list[float]]):
    """

    run_id: int
    source: RunSpectrumSource
    points: list[list[float]]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        source = self.source.value

        points = []
        for points_item_data in self.points:
            points_item = []
            for points_item_item_data in points_item_data:
                points_item_item: float
                points_item_item = points_item_item_data
                points_item.append(points_item_item)

            points.append(points_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "source": source,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = d.pop("run_id")

        source = RunSpectrumSource(d.pop("source"))

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = []
            _points_item = points_item_data
            for points_item_item_data in _points_item:

                def _parse_points_item_item(data: object) -> float:
                    return cast(float, data)

                points_item_item = _parse_points_item_item(points_item_item_data)

                points_item.append(points_item_item)

            points.append(points_item)

        run_spectrum = cls(
            run_id=run_id,
            source=source,
            points=points,
        )

        run_spectrum.additional_properties = d
        return run_spectrum

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
