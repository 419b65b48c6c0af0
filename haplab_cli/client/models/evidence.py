from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Evidence")


@_attrs_define
class Evidence:
    """One number a verdict was read from.

    Attributes:
        name (str): Stable key, e.g. max_scur, injector_cpu_pct.
        label (str): What the number is, for people.
        value (float): The measured or configured value.
        unit (str | Unset): conns, %, ms, req/s, B/s ... or empty. Default: ''.
    """

    name: str
    label: str
    value: float
    unit: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        label = self.label

        value = self.value

        unit = self.unit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "label": label,
                "value": value,
            }
        )
        if unit is not UNSET:
            field_dict["unit"] = unit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        label = d.pop("label")

        value = d.pop("value")

        unit = d.pop("unit", UNSET)

        evidence = cls(
            name=name,
            label=label,
            value=value,
            unit=unit,
        )

        return evidence
