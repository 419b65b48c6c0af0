from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.version_create_experiment_spec import VersionCreateExperimentSpec


T = TypeVar("T", bound="VersionCreate")


@_attrs_define
class VersionCreate:
    """
    Attributes:
        spec (VersionCreateExperimentSpec): Everything needed to run an experiment, apart from the lab it runs on.
        note (str | Unset):  Default: ''.
    """

    spec: VersionCreateExperimentSpec
    note: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        spec = self.spec.to_dict()

        note = self.note

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "spec": spec,
            }
        )
        if note is not UNSET:
            field_dict["note"] = note

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.version_create_experiment_spec import VersionCreateExperimentSpec

        d = dict(src_dict)
        spec = VersionCreateExperimentSpec.from_dict(d.pop("spec"))

        note = d.pop("note", UNSET)

        version_create = cls(
            spec=spec,
            note=note,
        )

        return version_create
