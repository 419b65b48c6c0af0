from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DescriptionCheck")


@_attrs_define
class DescriptionCheck:
    """Whether a description is a template's sentence that the spec no longer bears out.

    Attributes:
        template_id (None | str): The template whose sentence the description is (its words unedited); None: the
            person's text.
        template_title (None | str): That template's title.
        stale (bool): The description states facts the spec no longer has (a sweep's values, an endpoint's delay).
        proposed (None | str): The template's sentence for this spec, to offer instead; None when the spec no longer has
            what the sentence talks about (then offer to clear it).
    """

    template_id: None | str
    template_title: None | str
    stale: bool
    proposed: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        template_id: None | str
        template_id = self.template_id

        template_title: None | str
        template_title = self.template_title

        stale = self.stale

        proposed: None | str
        proposed = self.proposed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "template_id": template_id,
                "template_title": template_title,
                "stale": stale,
                "proposed": proposed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_template_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        template_id = _parse_template_id(d.pop("template_id"))

        def _parse_template_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        template_title = _parse_template_title(d.pop("template_title"))

        stale = d.pop("stale")

        def _parse_proposed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        proposed = _parse_proposed(d.pop("proposed"))

        description_check = cls(
            template_id=template_id,
            template_title=template_title,
            stale=stale,
            proposed=proposed,
        )

        description_check.additional_properties = d
        return description_check

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
