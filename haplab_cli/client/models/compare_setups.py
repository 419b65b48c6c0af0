from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.run_setup import RunSetup
    from ..models.spec_difference import SpecDifference


T = TypeVar("T", bound="CompareSetups")


@_attrs_define
class CompareSetups:
    """What the compared runs were asked to do, compactly: only the settings that differ, the load
    profiles, and each distinct rendered config once (a 50-run sweep has a handful).

        Attributes:
            runs (list[RunSetup]):
            differences (list[SpecDifference]):
            configs (list[str]): Each distinct rendered config once, what the lab assigns per run masked (`<address>` for a
                managed target's or a bind's address and port, `{runtime_dir}` for the agent's directory): two runs that differ
                only there share one config. Each run's page keeps its exact text.
    """

    runs: list[RunSetup]
    differences: list[SpecDifference]
    configs: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        runs = []
        for runs_item_data in self.runs:
            runs_item = runs_item_data.to_dict()
            runs.append(runs_item)

        differences = []
        for differences_item_data in self.differences:
            differences_item = differences_item_data.to_dict()
            differences.append(differences_item)

        configs = self.configs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "runs": runs,
                "differences": differences,
                "configs": configs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_setup import RunSetup
        from ..models.spec_difference import SpecDifference

        d = dict(src_dict)
        runs = []
        _runs = d.pop("runs")
        for runs_item_data in _runs:
            runs_item = RunSetup.from_dict(runs_item_data)

            runs.append(runs_item)

        differences = []
        _differences = d.pop("differences")
        for differences_item_data in _differences:
            differences_item = SpecDifference.from_dict(differences_item_data)

            differences.append(differences_item)

        configs = cast(list[str], d.pop("configs"))

        compare_setups = cls(
            runs=runs,
            differences=differences,
            configs=configs,
        )

        compare_setups.additional_properties = d
        return compare_setups

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
