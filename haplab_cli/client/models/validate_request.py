from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.validate_request_experiment_spec import ValidateRequestExperimentSpec


T = TypeVar("T", bound="ValidateRequest")


@_attrs_define
class ValidateRequest:
    """
    Attributes:
        spec (ValidateRequestExperimentSpec): Everything needed to run an experiment, apart from the lab it runs on.
        lab_id (int | None | Unset): Check the addresses the spec names against this lab's boundary; empty: against what
            any lab of the team allows.
    """

    spec: ValidateRequestExperimentSpec
    lab_id: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        spec = self.spec.to_dict()

        lab_id: int | None | Unset
        if isinstance(self.lab_id, Unset):
            lab_id = UNSET
        else:
            lab_id = self.lab_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "spec": spec,
            }
        )
        if lab_id is not UNSET:
            field_dict["lab_id"] = lab_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.validate_request_experiment_spec import (
            ValidateRequestExperimentSpec,
        )

        d = dict(src_dict)
        spec = ValidateRequestExperimentSpec.from_dict(d.pop("spec"))

        def _parse_lab_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lab_id = _parse_lab_id(d.pop("lab_id", UNSET))

        validate_request = cls(
            spec=spec,
            lab_id=lab_id,
        )

        return validate_request
