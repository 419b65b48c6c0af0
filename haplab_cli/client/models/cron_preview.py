from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CronPreview")


@_attrs_define
class CronPreview:
    """
    Attributes:
        cron (str): The five fields as stored (a @shorthand written out).
        timezone (str):
        next_runs (list[datetime.datetime]): The next five firing times, in UTC.
    """

    cron: str
    timezone: str
    next_runs: list[datetime.datetime]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cron = self.cron

        timezone = self.timezone

        next_runs = []
        for next_runs_item_data in self.next_runs:
            next_runs_item = next_runs_item_data.isoformat()
            next_runs.append(next_runs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cron": cron,
                "timezone": timezone,
                "next_runs": next_runs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cron = d.pop("cron")

        timezone = d.pop("timezone")

        next_runs = []
        _next_runs = d.pop("next_runs")
        for next_runs_item_data in _next_runs:
            next_runs_item = datetime.datetime.fromisoformat(next_runs_item_data)

            next_runs.append(next_runs_item)

        cron_preview = cls(
            cron=cron,
            timezone=timezone,
            next_runs=next_runs,
        )

        cron_preview.additional_properties = d
        return cron_preview

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
