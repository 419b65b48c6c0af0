from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.experiment_create_experiment_spec import (
        ExperimentCreateExperimentSpec,
    )


T = TypeVar("T", bound="ExperimentCreate")


@_attrs_define
class ExperimentCreate:
    """
    Attributes:
        name (str):
        spec (ExperimentCreateExperimentSpec): Everything needed to run an experiment, apart from the lab it runs on.
        description (str | Unset):  Default: ''.
        tags (list[str] | Unset):
    """

    name: str
    spec: ExperimentCreateExperimentSpec
    description: str | Unset = ""
    tags: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        spec = self.spec.to_dict()

        description = self.description

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "spec": spec,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.experiment_create_experiment_spec import (
            ExperimentCreateExperimentSpec,
        )

        d = dict(src_dict)
        name = d.pop("name")

        spec = ExperimentCreateExperimentSpec.from_dict(d.pop("spec"))

        description = d.pop("description", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))

        experiment_create = cls(
            name=name,
            spec=spec,
            description=description,
            tags=tags,
        )

        return experiment_create
