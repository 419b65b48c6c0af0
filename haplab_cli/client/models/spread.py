from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Spread")


@_attrs_define
class Spread:
    """One metric over the repetitions of a point: n values, their mean, extremes, stddev, and
    the 95% confidence interval of the mean (backend/runs/statistics.py).

        Attributes:
            n (int):
            mean (float):
            min_ (float):
            max_ (float):
            stddev (float):
            ci_low (float | None | Unset): 95% confidence interval of the mean (t); None if n < 2.
            ci_high (float | None | Unset): Upper end of that interval.
            noisy (bool | Unset): The interval is wider than +-10% of the mean: too wide to conclude from. Default: False.
    """

    n: int
    mean: float
    min_: float
    max_: float
    stddev: float
    ci_low: float | None | Unset = UNSET
    ci_high: float | None | Unset = UNSET
    noisy: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        n = self.n

        mean = self.mean

        min_ = self.min_

        max_ = self.max_

        stddev = self.stddev

        ci_low: float | None | Unset
        if isinstance(self.ci_low, Unset):
            ci_low = UNSET
        else:
            ci_low = self.ci_low

        ci_high: float | None | Unset
        if isinstance(self.ci_high, Unset):
            ci_high = UNSET
        else:
            ci_high = self.ci_high

        noisy = self.noisy

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "n": n,
                "mean": mean,
                "min": min_,
                "max": max_,
                "stddev": stddev,
            }
        )
        if ci_low is not UNSET:
            field_dict["ci_low"] = ci_low
        if ci_high is not UNSET:
            field_dict["ci_high"] = ci_high
        if noisy is not UNSET:
            field_dict["noisy"] = noisy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        n = d.pop("n")

        mean = d.pop("mean")

        min_ = d.pop("min")

        max_ = d.pop("max")

        stddev = d.pop("stddev")

        def _parse_ci_low(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ci_low = _parse_ci_low(d.pop("ci_low", UNSET))

        def _parse_ci_high(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        ci_high = _parse_ci_high(d.pop("ci_high", UNSET))

        noisy = d.pop("noisy", UNSET)

        spread = cls(
            n=n,
            mean=mean,
            min_=min_,
            max_=max_,
            stddev=stddev,
            ci_low=ci_low,
            ci_high=ci_high,
            noisy=noisy,
        )

        spread.additional_properties = d
        return spread

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
