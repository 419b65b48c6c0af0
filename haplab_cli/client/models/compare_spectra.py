from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.run_spectrum import RunSpectrum


T = TypeVar("T", bound="CompareSpectra")


@_attrs_define
class CompareSpectra:
    """
    Attributes:
        percentiles (list[float]):
        runs (list[RunSpectrum]):
    """

    percentiles: list[float]
    runs: list[RunSpectrum]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        percentiles = self.percentiles

        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "percentiles": percentiles,
                "runs": runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_spectrum import RunSpectrum

        d = dict(src_dict)
        percentiles = cast(list[float], d.pop("percentiles"))

        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = RunSpectrum.from_dict(runs_item_data)

            runs.append(runs_item)

        compare_spectra = cls(
            percentiles=percentiles,
            runs=runs,
        )

        compare_spectra.additional_properties = d
        return compare_spectra

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
