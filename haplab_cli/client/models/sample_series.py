from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sample_series_source import SampleSeriesSource

T = TypeVar("T", bound="SampleSeries")


@_attrs_define
class SampleSeries:
    """A per-second series of the live view and the samples CSV.

    Attributes:
        key (str): The chart's name for it.
        sample_key (str): Its key in a sample's data (source proxy, or host:<agent>).
        label (str):
        unit (str):
        source (SampleSeriesSource):
    """

    key: str
    sample_key: str
    label: str
    unit: str
    source: SampleSeriesSource
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        sample_key = self.sample_key

        label = self.label

        unit = self.unit

        source = self.source.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "sample_key": sample_key,
                "label": label,
                "unit": unit,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        sample_key = d.pop("sample_key")

        label = d.pop("label")

        unit = d.pop("unit")

        source = SampleSeriesSource(d.pop("source"))

        sample_series = cls(
            key=key,
            sample_key=sample_key,
            label=label,
            unit=unit,
            source=source,
        )

        sample_series.additional_properties = d
        return sample_series

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
