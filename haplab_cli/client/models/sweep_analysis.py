from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.analysis_point import AnalysisPoint
    from ..models.knee import Knee
    from ..models.littles_law import LittlesLaw


T = TypeVar("T", bound="SweepAnalysis")


@_attrs_define
class SweepAnalysis:
    """
    Attributes:
        experiment_id (int):
        launch_id (int):
        axis (None | str): The swept path the knee is read along (the first axis).
        min_gain_pct (float): Less throughput gain than this between points is a knee.
        points (list[AnalysisPoint]):
        knee (Knee): Where more load (or capacity) stops buying throughput.
        littles_law (LittlesLaw): The sweep's answer to "what maxconn does this load need?".
        included_partial (bool): Partial runs (load short of its window) were read like complete ones (include_partial).
        partial_run_ids (list[int]): The launch's partial runs: left out of every figure unless included_partial.
        note (None | str): What was left out and why, in a sentence; None when nothing was.
    """

    experiment_id: int
    launch_id: int
    axis: None | str
    min_gain_pct: float
    points: list[AnalysisPoint]
    knee: Knee
    littles_law: LittlesLaw
    included_partial: bool
    partial_run_ids: list[int]
    note: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        experiment_id = self.experiment_id

        launch_id = self.launch_id

        axis: None | str
        axis = self.axis

        min_gain_pct = self.min_gain_pct

        points = []
        for points_item_data in self.points:
            points_item = points_item_data.to_dict()
            points.append(points_item)

        knee = self.knee.to_dict()

        littles_law = self.littles_law.to_dict()

        included_partial = self.included_partial

        partial_run_ids = self.partial_run_ids

        note: None | str
        note = self.note

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experiment_id": experiment_id,
                "launch_id": launch_id,
                "axis": axis,
                "min_gain_pct": min_gain_pct,
                "points": points,
                "knee": knee,
                "littles_law": littles_law,
                "included_partial": included_partial,
                "partial_run_ids": partial_run_ids,
                "note": note,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_point import AnalysisPoint
        from ..models.knee import Knee
        from ..models.littles_law import LittlesLaw

        d = dict(src_dict)
        experiment_id = d.pop("experiment_id")

        launch_id = d.pop("launch_id")

        def _parse_axis(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        axis = _parse_axis(d.pop("axis"))

        min_gain_pct = d.pop("min_gain_pct")

        points = []
        _points = d.pop("points")
        for points_item_data in _points:
            points_item = AnalysisPoint.from_dict(points_item_data)

            points.append(points_item)

        knee = Knee.from_dict(d.pop("knee"))

        littles_law = LittlesLaw.from_dict(d.pop("littles_law"))

        included_partial = d.pop("included_partial")

        partial_run_ids = cast(list[int], d.pop("partial_run_ids"))

        def _parse_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        note = _parse_note(d.pop("note"))

        sweep_analysis = cls(
            experiment_id=experiment_id,
            launch_id=launch_id,
            axis=axis,
            min_gain_pct=min_gain_pct,
            points=points,
            knee=knee,
            littles_law=littles_law,
            included_partial=included_partial,
            partial_run_ids=partial_run_ids,
            note=note,
        )

        sweep_analysis.additional_properties = d
        return sweep_analysis

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
