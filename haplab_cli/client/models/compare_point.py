from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.compare_point_metrics import ComparePointMetrics
    from ..models.compare_point_params import ComparePointParams
    from ..models.compare_point_vs_baseline_type_0 import ComparePointVsBaselineType0


T = TypeVar("T", bound="ComparePoint")


@_attrs_define
class ComparePoint:
    """One sweep point of one experiment: its params and its repetitions aggregated.

    Attributes:
        experiment_id (int):
        experiment_name (str):
        point_index (int):
        params (ComparePointParams):
        run_ids (list[int]):
        metrics (ComparePointMetrics):
        partial_run_ids (list[int] | Unset): The point's partial runs (load short of its window): not in its metrics.
        vs_baseline (ComparePointVsBaselineType0 | None | Unset): With baseline_run_id: each metric against the point
            holding that run.
    """

    experiment_id: int
    experiment_name: str
    point_index: int
    params: ComparePointParams
    run_ids: list[int]
    metrics: ComparePointMetrics
    partial_run_ids: list[int] | Unset = UNSET
    vs_baseline: ComparePointVsBaselineType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.compare_point_vs_baseline_type_0 import (
            ComparePointVsBaselineType0,
        )

        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        point_index = self.point_index

        params = self.params.to_dict()

        run_ids = self.run_ids

        metrics = self.metrics.to_dict()

        partial_run_ids: list[int] | Unset = UNSET
        if not isinstance(self.partial_run_ids, Unset):
            partial_run_ids = self.partial_run_ids

        vs_baseline: dict[str, Any] | None | Unset
        if isinstance(self.vs_baseline, Unset):
            vs_baseline = UNSET
        elif isinstance(self.vs_baseline, ComparePointVsBaselineType0):
            vs_baseline = self.vs_baseline.to_dict()
        else:
            vs_baseline = self.vs_baseline

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "point_index": point_index,
                "params": params,
                "run_ids": run_ids,
                "metrics": metrics,
            }
        )
        if partial_run_ids is not UNSET:
            field_dict["partial_run_ids"] = partial_run_ids
        if vs_baseline is not UNSET:
            field_dict["vs_baseline"] = vs_baseline

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.compare_point_metrics import ComparePointMetrics
        from ..models.compare_point_params import ComparePointParams
        from ..models.compare_point_vs_baseline_type_0 import (
            ComparePointVsBaselineType0,
        )

        d = dict(src_dict)
        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        point_index = d.pop("point_index")

        params = ComparePointParams.from_dict(d.pop("params"))

        run_ids = cast(list[int], d.pop("run_ids"))

        metrics = ComparePointMetrics.from_dict(d.pop("metrics"))

        partial_run_ids = cast(list[int], d.pop("partial_run_ids", UNSET))

        def _parse_vs_baseline(
            data: object,
        ) -> ComparePointVsBaselineType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                vs_baseline_type_0 = ComparePointVsBaselineType0.from_dict(data)

                return vs_baseline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComparePointVsBaselineType0 | None | Unset, data)

        vs_baseline = _parse_vs_baseline(d.pop("vs_baseline", UNSET))

        compare_point = cls(
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            point_index=point_index,
            params=params,
            run_ids=run_ids,
            metrics=metrics,
            partial_run_ids=partial_run_ids,
            vs_baseline=vs_baseline,
        )

        compare_point.additional_properties = d
        return compare_point

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
