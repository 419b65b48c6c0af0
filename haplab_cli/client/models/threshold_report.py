from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.threshold_result import ThresholdResult


T = TypeVar("T", bound="ThresholdReport")


@_attrs_define
class ThresholdReport:
    """Every rule of a run, in the spec's order; the run passes when all of them pass (a rule not
    judged has not passed: a gate never passes on what it could not judge).

        Attributes:
            passed (bool):
            results (list[ThresholdResult]): The rules that apply to this run (their `when`).
            aborted_by (int | None | Unset): Index of the abort_on_fail rule that stopped the run early, if one did.
    """

    passed: bool
    results: list[ThresholdResult]
    aborted_by: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        passed = self.passed

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        aborted_by: int | None | Unset
        if isinstance(self.aborted_by, Unset):
            aborted_by = UNSET
        else:
            aborted_by = self.aborted_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "passed": passed,
                "results": results,
            }
        )
        if aborted_by is not UNSET:
            field_dict["aborted_by"] = aborted_by

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.threshold_result import ThresholdResult

        d = dict(src_dict)
        passed = d.pop("passed")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = ThresholdResult.from_dict(results_item_data)

            results.append(results_item)

        def _parse_aborted_by(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        aborted_by = _parse_aborted_by(d.pop("aborted_by", UNSET))

        threshold_report = cls(
            passed=passed,
            results=results,
            aborted_by=aborted_by,
        )

        return threshold_report
