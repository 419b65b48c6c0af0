from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.run_sample_columns_sources import RunSampleColumnsSources


T = TypeVar("T", bound="RunSampleColumns")


@_attrs_define
class RunSampleColumns:
    """
    Attributes:
        run_id (int):
        step (int): Seconds per point: 1 for the stored seconds.
        sources (RunSampleColumnsSources):
    """

    run_id: int
    step: int
    sources: RunSampleColumnsSources
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

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
        from ..models.run_sample_columns_sources import RunSampleColumnsSources

        d = dict(src_dict)
        run_id = d.pop("run_id")

        step = d.pop("step")

        sources = RunSampleColumnsSources.from_dict(d.pop("sources"))

        run_sample_columns = cls(
            run_id=run_id,
            step=step,
            sources=sources,
        )

        run_sample_columns.additional_properties = d
        return run_sample_columns

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
