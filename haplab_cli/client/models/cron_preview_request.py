from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CronPreviewRequest")


@_attrs_define
class CronPreviewRequest:
    """
    Attributes:
        cron (str): Five fields as Celery beat reads them: minute hour day-of-month month day-of-week ("0 2 * * mon-
            fri"), or @hourly, @daily, @weekly, @monthly, @yearly. Day of week 0-6 (0 = Sunday); day of month and day of
            week both set must both match.
        timezone (str | Unset):  Default: 'UTC'.
    """

    cron: str
    timezone: str | Unset = "UTC"

    def to_dict(self) -> dict[str, Any]:
        cron = self.cron

        timezone = self.timezone

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cron": cron,
            }
        )
        if timezone is not UNSET:
            field_dict["timezone"] = timezone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cron = d.pop("cron")

        timezone = d.pop("timezone", UNSET)

        cron_preview_request = cls(
            cron=cron,
            timezone=timezone,
        )

        return cron_preview_request
