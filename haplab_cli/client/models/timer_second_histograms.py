from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.timer_second_histograms_additional_property import (
        TimerSecondHistogramsAdditionalProperty,
    )


T = TypeVar("T", bound="TimerSecondHistograms")


@_attrs_define
class TimerSecondHistograms:
    """Scope (* the whole, a backend, backend/server) -> timer -> base64 HdrHistogram V2 of its values in MICROSECONDS (ms
    x 1000, as every haplab histogram), -1 left out.

    """

    additional_properties: dict[str, TimerSecondHistogramsAdditionalProperty] = (
        _attrs_field(init=False, factory=dict)
    )

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.timer_second_histograms_additional_property import (
            TimerSecondHistogramsAdditionalProperty,
        )

        d = dict(src_dict)
        timer_second_histograms = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = TimerSecondHistogramsAdditionalProperty.from_dict(
                prop_dict
            )

            additional_properties[prop_name] = additional_property

        timer_second_histograms.additional_properties = additional_properties
        return timer_second_histograms

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> TimerSecondHistogramsAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: TimerSecondHistogramsAdditionalProperty
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
