from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.threshold import Threshold


T = TypeVar("T", bound="ThresholdResult")


@_attrs_define
class ThresholdResult:
    """How one rule came out for one run.

    Attributes:
        rule (Threshold): One rule: `metric [aggregate] operator value [x asked rate]`.
        text (str): The rule as people read it.
        value (float | None): The figure measured; None when it was not measured.
        limit (float): The limit it was compared with (relative limits resolved).
        passed (bool):
        index (int | Unset): The rule's place in the spec's thresholds. Default: 0.
        judged (bool | Unset): False when the run measured too little to judge the rule (too short a window, too few
            seconds of its series): then it neither passed nor failed, and `note` says why. Default: True.
        note (None | str | Unset): Why it failed without a value, or how it was judged.
    """

    rule: Threshold
    text: str
    value: float | None
    limit: float
    passed: bool
    index: int | Unset = 0
    judged: bool | Unset = True
    note: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rule = self.rule.to_dict()

        text = self.text

        value: float | None
        value = self.value

        limit = self.limit

        passed = self.passed

        index = self.index

        judged = self.judged

        note: None | str | Unset
        if isinstance(self.note, Unset):
            note = UNSET
        else:
            note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rule": rule,
                "text": text,
                "value": value,
                "limit": limit,
                "passed": passed,
            }
        )
        if index is not UNSET:
            field_dict["index"] = index
        if judged is not UNSET:
            field_dict["judged"] = judged
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.threshold import Threshold

        d = dict(src_dict)
        rule = Threshold.from_dict(d.pop("rule"))

        text = d.pop("text")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        limit = d.pop("limit")

        passed = d.pop("passed")

        index = d.pop("index", UNSET)

        judged = d.pop("judged", UNSET)

        def _parse_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        note = _parse_note(d.pop("note", UNSET))

        threshold_result = cls(
            rule=rule,
            text=text,
            value=value,
            limit=limit,
            passed=passed,
            index=index,
            judged=judged,
            note=note,
        )

        return threshold_result
