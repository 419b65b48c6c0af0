from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.point_threshold_result_params import PointThresholdResultParams
    from ..models.point_threshold_result_reference_params_type_0 import (
        PointThresholdResultReferenceParamsType0,
    )
    from ..models.threshold import Threshold


T = TypeVar("T", bound="PointThresholdResult")


@_attrs_define
class PointThresholdResult:
    """How one rule judged per sweep point came out for one point of a launch.

    Attributes:
        index (int): The rule's place in the spec's thresholds.
        rule (Threshold): One rule: `metric [aggregate] operator value [x asked rate]`.
        text (str): The rule as people read it.
        point_index (int): The sweep point judged (runs' point_index).
        params (PointThresholdResultParams): The point's swept values.
        runs (int): How many of the point's runs were judged (the ones that succeeded).
        value (float | None): The point's figure (mean or interval bound); None if none.
        limit (float | None): The limit compared with; None when it could not be set.
        passed (bool):
        reference_point_index (int | None | Unset): With relative_to_point: the point whose mean set the limit.
        reference_params (None | PointThresholdResultReferenceParamsType0 | Unset): With relative_to_point: that point's
            swept values.
        note (None | str | Unset): Why it failed without a value, or how it was judged.
    """

    index: int
    rule: Threshold
    text: str
    point_index: int
    params: PointThresholdResultParams
    runs: int
    value: float | None
    limit: float | None
    passed: bool
    reference_point_index: int | None | Unset = UNSET
    reference_params: None | PointThresholdResultReferenceParamsType0 | Unset = UNSET
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.point_threshold_result_reference_params_type_0 import (
            PointThresholdResultReferenceParamsType0,
        )

        index = self.index

        rule = self.rule.to_dict()

        text = self.text

        point_index = self.point_index

        params = self.params.to_dict()

        runs = self.runs

        value: float | None
        value = self.value

        limit: float | None
        limit = self.limit

        passed = self.passed

        reference_point_index: int | None | Unset
        if isinstance(self.reference_point_index, Unset):
            reference_point_index = UNSET
        else:
            reference_point_index = self.reference_point_index

        reference_params: dict[str, Any] | None | Unset
        if isinstance(self.reference_params, Unset):
            reference_params = UNSET
        elif isinstance(
            self.reference_params, PointThresholdResultReferenceParamsType0
        ):
            reference_params = self.reference_params.to_dict()
        else:
            reference_params = self.reference_params

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "rule": rule,
                "text": text,
                "point_index": point_index,
                "params": params,
                "runs": runs,
                "value": value,
                "limit": limit,
                "passed": passed,
            }
        )
        if reference_point_index is not UNSET:
            field_dict["reference_point_index"] = reference_point_index
        if reference_params is not UNSET:
            field_dict["reference_params"] = reference_params
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.point_threshold_result_params import PointThresholdResultParams
        from ..models.point_threshold_result_reference_params_type_0 import (
            PointThresholdResultReferenceParamsType0,
        )
        from ..models.threshold import Threshold

        d = dict(src_dict)
        index = d.pop("index")

        rule = Threshold.from_dict(d.pop("rule"))

        text = d.pop("text")

        point_index = d.pop("point_index")

        params = PointThresholdResultParams.from_dict(d.pop("params"))

        runs = d.pop("runs")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        def _parse_limit(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        limit = _parse_limit(d.pop("limit"))

        passed = d.pop("passed")

        def _parse_reference_point_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reference_point_index = _parse_reference_point_index(
            d.pop("reference_point_index", UNSET)
        )

        def _parse_reference_params(
            data: object,
        ) -> None | PointThresholdResultReferenceParamsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                reference_params_type_0 = (
                    PointThresholdResultReferenceParamsType0.from_dict(data)
                )

                return reference_params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PointThresholdResultReferenceParamsType0 | Unset, data)

        reference_params = _parse_reference_params(d.pop("reference_params", UNSET))

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        point_threshold_result = cls(
            index=index,
            rule=rule,
            text=text,
            point_index=point_index,
            params=params,
            runs=runs,
            value=value,
            limit=limit,
            passed=passed,
            reference_point_index=reference_point_index,
            reference_params=reference_params,
            note=note,
        )

        return point_threshold_result
