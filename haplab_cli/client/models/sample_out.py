from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.sample_out_data import SampleOutData


T = TypeVar("T", bound="SampleOut")


@_attrs_define
class SampleOut:
    """
    Attributes:
        t (int):
        ts (datetime.datetime):
        data (SampleOutData): Counter deltas and gauge levels (contract.results.is_gauge).
    """

    t: int
    ts: datetime.datetime
    data: SampleOutData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        t = self.t

        ts = self.ts.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "t": t,
                "ts": ts,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sample_out_data import SampleOutData

        d = dict(src_dict)
        t = d.pop("t")

        ts = datetime.datetime.fromisoformat(d.pop("ts"))

        data = SampleOutData.from_dict(d.pop("data"))

        sample_out = cls(
            t=t,
            ts=ts,
            data=data,
        )

        sample_out.additional_properties = d
        return sample_out

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
