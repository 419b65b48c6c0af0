from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.check_error import CheckError


T = TypeVar("T", bound="HaproxyCheck")


@_attrs_define
class HaproxyCheck:
    """
    Attributes:
        ok (bool):
        output (str): HAProxy's messages about lines of the config (anything else it printed is withheld).
        errors (list[CheckError]):
    """

    ok: bool
    output: str
    errors: list[CheckError]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ok = self.ok

        output = self.output

        errors = []
        for errors_item_data in self.errors:
            errors_item = errors_item_data.to_dict()
            errors.append(errors_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ok": ok,
                "output": output,
                "errors": errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.check_error import CheckError

        d = dict(src_dict)
        ok = d.pop("ok")

        output = d.pop("output")

        errors = []
        _errors = d.pop("errors")
        for errors_item_data in _errors:
            errors_item = CheckError.from_dict(errors_item_data)

            errors.append(errors_item)

        haproxy_check = cls(
            ok=ok,
            output=output,
            errors=errors,
        )

        haproxy_check.additional_properties = d
        return haproxy_check

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
