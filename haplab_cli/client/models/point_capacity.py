from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.search_outcome import SearchOutcome

if TYPE_CHECKING:
    from ..models.point_capacity_params import PointCapacityParams
    from ..models.search_run import SearchRun


T = TypeVar("T", bound="PointCapacity")


@_attrs_define
class PointCapacity:
    """A sweep point's capacity over its searches (one per repetition).

    Attributes:
        point_index (int):
        params (PointCapacityParams): The point's swept values.
        outcome (None | SearchOutcome): capacity when every search found one; otherwise the first other outcome of its
            searches (inconclusive, failed, above_max, below_floor); None while one is probing.
        capacity (float | None): The mean capacity over the searches (only when every one found a capacity).
        ci_low (float | None): Low bound of its 95% interval (Student's t; 2+ searches).
        ci_high (float | None): High bound of its 95% interval.
        safe (float | None): The safe operating point: capacity x the search's safe_fraction.
        sentence (str): The point's answer as people read it.
        searches (list[SearchRun]):
    """

    point_index: int
    params: PointCapacityParams
    outcome: None | SearchOutcome
    capacity: float | None
    ci_low: float | None
    ci_high: float | None
    safe: float | None
    sentence: str
    searches: list[SearchRun]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        point_index = self.point_index

        params = self.params.to_dict()

        outcome: None | str
        if isinstance(self.outcome, SearchOutcome):
            outcome = self.outcome.value
        else:
            outcome = self.outcome

        capacity: float | None
        capacity = self.capacity

        ci_low: float | None
        ci_low = self.ci_low

        ci_high: float | None
        ci_high = self.ci_high

        safe: float | None
        safe = self.safe

        sentence = self.sentence

        searches = []
        for searches_item_data in self.searches:
            searches_item = searches_item_data.to_dict()
            searches.append(searches_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "point_index": point_index,
                "params": params,
                "outcome": outcome,
                "capacity": capacity,
                "ci_low": ci_low,
                "ci_high": ci_high,
                "safe": safe,
                "sentence": sentence,
                "searches": searches,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.point_capacity_params import PointCapacityParams
        from ..models.search_run import SearchRun

        d = dict(src_dict)
        point_index = d.pop("point_index")

        params = PointCapacityParams.from_dict(d.pop("params"))

        def _parse_outcome(data: object) -> None | SearchOutcome:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_0 = SearchOutcome(data)

                return outcome_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchOutcome, data)

        outcome = _parse_outcome(d.pop("outcome"))

        def _parse_capacity(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        capacity = _parse_capacity(d.pop("capacity"))

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

        def _parse_safe(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        safe = _parse_safe(d.pop("safe"))

        sentence = d.pop("sentence")

        searches = []
        _searches = d.pop("searches")
        for searches_item_data in _searches:
            searches_item = SearchRun.from_dict(searches_item_data)

            searches.append(searches_item)

        point_capacity = cls(
            point_index=point_index,
            params=params,
            outcome=outcome,
            capacity=capacity,
            ci_low=ci_low,
            ci_high=ci_high,
            safe=safe,
            sentence=sentence,
            searches=searches,
        )

        point_capacity.additional_properties = d
        return point_capacity

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
