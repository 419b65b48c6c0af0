from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.experiment_spec import ExperimentSpec
    from ..models.template_requirements import TemplateRequirements


T = TypeVar("T", bound="Template")


@_attrs_define
class Template:
    """
    Attributes:
        id (str): the seed number, e.g. '000'
        title (str):
        summary (str): what the experiment shows, in one sentence
        spec (ExperimentSpec): Everything needed to run an experiment, apart from the lab it runs on.
        requires (TemplateRequirements): What a lab needs to run the template, so the UI can warn before a run fails.
    """

    id: str
    title: str
    summary: str
    spec: ExperimentSpec
    requires: TemplateRequirements
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        title = self.title

        summary = self.summary

        spec = self.spec.to_dict()

        requires = self.requires.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "title": title,
                "summary": summary,
                "spec": spec,
                "requires": requires,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.experiment_spec import ExperimentSpec
        from ..models.template_requirements import TemplateRequirements

        d = dict(src_dict)
        id = d.pop("id")

        title = d.pop("title")

        summary = d.pop("summary")

        spec = ExperimentSpec.from_dict(d.pop("spec"))

        requires = TemplateRequirements.from_dict(d.pop("requires"))

        template = cls(
            id=id,
            title=title,
            summary=summary,
            spec=spec,
            requires=requires,
        )

        template.additional_properties = d
        return template

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
