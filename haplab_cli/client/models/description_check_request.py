from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.description_check_request_spec import DescriptionCheckRequestSpec


T = TypeVar("T", bound="DescriptionCheckRequest")


@_attrs_define
class DescriptionCheckRequest:
    """An experiment's description and its spec as the designer holds them (possibly half-edited).

    Attributes:
        description (str):
        spec (DescriptionCheckRequestSpec): The experiment's spec as the designer holds it.
    """

    description: str
    spec: DescriptionCheckRequestSpec

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        spec = self.spec.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "spec": spec,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.description_check_request_spec import DescriptionCheckRequestSpec

        d = dict(src_dict)
        description = d.pop("description")

        spec = DescriptionCheckRequestSpec.from_dict(d.pop("spec"))

        description_check_request = cls(
            description=description,
            spec=spec,
        )

        return description_check_request
