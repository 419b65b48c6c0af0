from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PointDifference")


@_attrs_define
class PointDifference:
    """A point's metric against the baseline point's, over their repetitions (Welch's t-test).

    Attributes:
        diff (float): This point's mean minus the baseline's.
        diff_pct (float | None): diff as % of the baseline's mean; None when that is 0.
        ci_low (float | None): 95% confidence interval of diff; None with fewer than 2 runs a side.
        ci_high (float | None):
        p_value (float | None): Welch's two-sided t-test; None with fewer than 2 runs a side.
        significant (bool): p < 0.05: unlikely to be the machine's noise.
    """

    diff: float
    diff_pct: float | None
    ci_low: float | None
    ci_high: float | None
    p_value: float | None
    significant: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        diff = self.diff

        diff_pct: float | None
        diff_pct = self.diff_pct

        ci_low: float | None
        ci_low = self.ci_low

        ci_high: float | None
        ci_high = self.ci_high

        p_value: float | None
        p_value = self.p_value

        significant = self.significant

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "diff": diff,
                "diff_pct": diff_pct,
                "ci_low": ci_low,
                "ci_high": ci_high,
                "p_value": p_value,
                "significant": significant,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        diff = d.pop("diff")

        def _parse_diff_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        diff_pct = _parse_diff_pct(d.pop("diff_pct"))

        def _parse_ci_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ci_low = _parse_ci_low(d.pop("ci_low"))

        def _parse_ci_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        ci_high = _parse_ci_high(d.pop("ci_high"))

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))

        significant = d.pop("significant")

        point_difference = cls(
            diff=diff,
            diff_pct=diff_pct,
            ci_low=ci_low,
            ci_high=ci_high,
            p_value=p_value,
            significant=significant,
        )

        point_difference.additional_properties = d
        return point_difference

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
