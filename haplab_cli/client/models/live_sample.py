from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.live_sample_data import LiveSampleData


T = TypeVar("T", bound="LiveSample")


@_attrs_define
class LiveSample:
    """A sample as live viewers get it (the `sample` SSE event's data): no histogram.

    Attributes:
        source (str):
        t (int):
        ts (datetime.datetime):
        data (LiveSampleData):
    """

    source: str
    t: int
    ts: datetime.datetime
    data: LiveSampleData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        t = self.t

        ts = self.ts.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source": source,
                "t": t,
                "ts": ts,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.live_sample_data import LiveSampleData

        d = dict(src_dict)
        source = d.pop("source")

        t = d.pop("t")

        ts = datetime.datetime.fromisoformat(d.pop("ts"))

        data = LiveSampleData.from_dict(d.pop("data"))

        live_sample = cls(
            source=source,
            t=t,
            ts=ts,
            data=data,
        )

        live_sample.additional_properties = d
        return live_sample

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
