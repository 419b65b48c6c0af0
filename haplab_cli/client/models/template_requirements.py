from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_requirements_roles_item import TemplateRequirementsRolesItem
from ..models.template_requirements_target import TemplateRequirementsTarget
from ..types import UNSET, Unset

T = TypeVar("T", bound="TemplateRequirements")


@_attrs_define
class TemplateRequirements:
    """What a lab needs to run the template, so the UI can warn before a run fails.

    Attributes:
        roles (list[TemplateRequirementsRolesItem]): agent roles the lab must have online
        driver (str): load driver the injector must have (its `drivers` capability)
        target (TemplateRequirementsTarget): managed HTTP upstreams (nginx), a managed MariaDB, or external addresses
        link_shaping (bool | Unset): the template is meant for a shaped (capped) link: set it in the lab's settings
            Default: False.
    """

    roles: list[TemplateRequirementsRolesItem]
    driver: str
    target: TemplateRequirementsTarget
    link_shaping: bool | Unset = False
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        roles = []
        for roles_item_data in self.roles:
            roles_item = roles_item_data.value
            roles.append(roles_item)

        driver = self.driver

        target = self.target.value

        link_shaping = self.link_shaping

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "roles": roles,
                "driver": driver,
                "target": target,
            }
        )
        if link_shaping is not UNSET:
            field_dict["link_shaping"] = link_shaping

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        roles = []
        _roles = d.pop("roles")
        for roles_item_data in _roles:
            roles_item = TemplateRequirementsRolesItem(roles_item_data)

            roles.append(roles_item)

        driver = d.pop("driver")

        target = TemplateRequirementsTarget(d.pop("target"))

        link_shaping = d.pop("link_shaping", UNSET)

        template_requirements = cls(
            roles=roles,
            driver=driver,
            target=target,
            link_shaping=link_shaping,
        )

        template_requirements.additional_properties = d
        return template_requirements

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
