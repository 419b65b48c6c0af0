from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.search_outcome import SearchOutcome
from ..types import UNSET, Unset

T = TypeVar("T", bound="SearchAnswer")


@_attrs_define
class SearchAnswer:
    """How one search (one sweep point, one repetition) ended.

    Attributes:
        outcome (SearchOutcome):
        probes (int): How many probes it took.
        sentence (str): The answer as people read it.
        capacity (float | None | Unset): The highest value a probe passed at (below the first fail); None unless outcome
            is capacity.
        bracket_low (float | None | Unset): Highest passing value under the lowest fail.
        bracket_high (float | None | Unset): Lowest failing value.
        safe (float | None | Unset): The safe operating point: capacity x safe_fraction.
        failed_rule (None | str | Unset): The rule the probe at bracket_high failed first.
        within_precision (bool | Unset): The bracket is within the search's precision (False: the probe budget ran out).
            Default: False.
        unordered (bool | Unset): A probe passed above a failing one (noise near the knee); the lowest fail bounds it.
            Default: False.
    """

    outcome: SearchOutcome
    probes: int
    sentence: str
    capacity: float | None | Unset = UNSET
    bracket_low: float | None | Unset = UNSET
    bracket_high: float | None | Unset = UNSET
    safe: float | None | Unset = UNSET
    failed_rule: None | str | Unset = UNSET
    within_precision: bool | Unset = False
    unordered: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome.value

        probes = self.probes

        sentence = self.sentence

        capacity: float | None | Unset
        if isinstance(self.capacity, Unset):
            capacity = UNSET
        else:
            capacity = self.capacity

        bracket_low: float | None | Unset
        if isinstance(self.bracket_low, Unset):
            bracket_low = UNSET
        else:
            bracket_low = self.bracket_low

        bracket_high: float | None | Unset
        if isinstance(self.bracket_high, Unset):
            bracket_high = UNSET
        else:
            bracket_high = self.bracket_high

        safe: float | None | Unset
        if isinstance(self.safe, Unset):
            safe = UNSET
        else:
            safe = self.safe

        failed_rule: None | str | Unset
        if isinstance(self.failed_rule, Unset):
            failed_rule = UNSET
        else:
            failed_rule = self.failed_rule

        within_precision = self.within_precision

        unordered = self.unordered

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "probes": probes,
                "sentence": sentence,
            }
        )
        if capacity is not UNSET:
            field_dict["capacity"] = capacity
        if bracket_low is not UNSET:
            field_dict["bracket_low"] = bracket_low
        if bracket_high is not UNSET:
            field_dict["bracket_high"] = bracket_high
        if safe is not UNSET:
            field_dict["safe"] = safe
        if failed_rule is not UNSET:
            field_dict["failed_rule"] = failed_rule
        if within_precision is not UNSET:
            field_dict["within_precision"] = within_precision
        if unordered is not UNSET:
            field_dict["unordered"] = unordered

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        outcome = SearchOutcome(d.pop("outcome"))

        probes = d.pop("probes")

        sentence = d.pop("sentence")

        def _parse_capacity(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        capacity = _parse_capacity(d.pop("capacity", UNSET))

        def _parse_bracket_low(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        bracket_low = _parse_bracket_low(d.pop("bracket_low", UNSET))

        def _parse_bracket_high(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        bracket_high = _parse_bracket_high(d.pop("bracket_high", UNSET))

        def _parse_safe(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        safe = _parse_safe(d.pop("safe", UNSET))

        def _parse_failed_rule(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        failed_rule = _parse_failed_rule(d.pop("failed_rule", UNSET))

        within_precision = d.pop("within_precision", UNSET)

        unordered = d.pop("unordered", UNSET)

        search_answer = cls(
            outcome=outcome,
            probes=probes,
            sentence=sentence,
            capacity=capacity,
            bracket_low=bracket_low,
            bracket_high=bracket_high,
            safe=safe,
            failed_rule=failed_rule,
            within_precision=within_precision,
            unordered=unordered,
        )

        return search_answer
