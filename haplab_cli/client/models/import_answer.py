from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.experiment_spec import ExperimentSpec
    from ..models.import_report import ImportReport


T = TypeVar("T", bound="ImportAnswer")


@_attrs_define
class ImportAnswer:
    """The experiment the config would become, and what became of every line.

    Attributes:
        name (str): A name for the new experiment.
        description (str): A description saying where it came from.
        spec (ExperimentSpec): Everything needed to run an experiment, apart from the lab it runs on.
        report (ImportReport): Every line's fate, what was mapped, what the config reads from outside, and the result.
    """

    name: str
    description: str
    spec: ExperimentSpec
    report: ImportReport
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description = self.description

        spec = self.spec.to_dict()

        report = self.report.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "description": description,
                "spec": spec,
                "report": report,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.experiment_spec import ExperimentSpec
        from ..models.import_report import ImportReport

        d = dict(src_dict)
        name = d.pop("name")

        description = d.pop("description")

        spec = ExperimentSpec.from_dict(d.pop("spec"))

        report = ImportReport.from_dict(d.pop("report"))

        import_answer = cls(
            name=name,
            description=description,
            spec=spec,
            report=report,
        )

        import_answer.additional_properties = d
        return import_answer

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
