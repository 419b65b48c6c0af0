from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.run_samples_sources import RunSamplesSources


T = TypeVar("T", bound="RunSamples")


@_attrs_define
class RunSamples:
    """Every stored second, one object each: the full record (CSV export, scripts). Charts read
    RunSampleColumns instead, which is several times smaller and can be downsampled.

        Attributes:
            run_id (int):
            step (int | None):
            sources (RunSamplesSources):
    """

    run_id: int
    step: int | None
    sources: RunSamplesSources
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        step: int | None
        step = self.step

        sources = self.sources.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "step": step,
                "sources": sources,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_samples_sources import RunSamplesSources

        d = dict(src_dict)
        run_id = d.pop("run_id")

        def _parse_step(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        step = _parse_step(d.pop("step"))

        sources = RunSamplesSources.from_dict(d.pop("sources"))

        run_samples = cls(
            run_id=run_id,
            step=step,
            sources=sources,
        )

        run_samples.additional_properties = d
        return run_samples

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
