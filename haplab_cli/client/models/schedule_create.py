from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.schedule_create_if_lab_busy import ScheduleCreateIfLabBusy
from ..models.schedule_create_if_previous_running import ScheduleCreateIfPreviousRunning
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_create_overrides import ScheduleCreateOverrides


T = TypeVar("T", bound="ScheduleCreate")


@_attrs_define
class ScheduleCreate:
    """
    Attributes:
        lab_id (int): The lab its launches run on.
        cron (str): Five fields as Celery beat reads them: minute hour day-of-month month day-of-week ("0 2 * * mon-
            fri"), or @hourly, @daily, @weekly, @monthly, @yearly. Day of week 0-6 (0 = Sunday); day of month and day of
            week both set must both match.
        name (None | str | Unset): A label; the cron text when empty.
        timezone (str | Unset): The IANA time zone the cron fields are read in. Default: 'UTC'.
        paused (bool | Unset): A paused schedule does not fire. Default: False.
        if_lab_busy (ScheduleCreateIfLabBusy | Unset): When the lab has other runs queued or running: queue (this launch
            waits its turn behind them) or skip (this time is skipped and recorded). Default: ScheduleCreateIfLabBusy.QUEUE.
        if_previous_running (ScheduleCreateIfPreviousRunning | Unset): When this schedule's previous launch still has
            runs not ended: skip (recorded) or queue (a second launch waits behind the first). Default:
            ScheduleCreateIfPreviousRunning.SKIP.
        overrides (ScheduleCreateOverrides | Unset): Values for every launch of this schedule, by dotted path:
            {"load.duration_s": 60}.
    """

    lab_id: int
    cron: str
    name: None | str | Unset = UNSET
    timezone: str | Unset = "UTC"
    paused: bool | Unset = False
    if_lab_busy: ScheduleCreateIfLabBusy | Unset = ScheduleCreateIfLabBusy.QUEUE
    if_previous_running: ScheduleCreateIfPreviousRunning | Unset = (
        ScheduleCreateIfPreviousRunning.SKIP
    )
    overrides: ScheduleCreateOverrides | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        lab_id = self.lab_id

        cron = self.cron

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        timezone = self.timezone

        paused = self.paused

        if_lab_busy: str | Unset = UNSET
        if not isinstance(self.if_lab_busy, Unset):
            if_lab_busy = self.if_lab_busy.value

        if_previous_running: str | Unset = UNSET
        if not isinstance(self.if_previous_running, Unset):
            if_previous_running = self.if_previous_running.value

        overrides: dict[str, Any] | Unset = UNSET
        if not isinstance(self.overrides, Unset):
            overrides = self.overrides.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "lab_id": lab_id,
                "cron": cron,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if paused is not UNSET:
            field_dict["paused"] = paused
        if if_lab_busy is not UNSET:
            field_dict["if_lab_busy"] = if_lab_busy
        if if_previous_running is not UNSET:
            field_dict["if_previous_running"] = if_previous_running
        if overrides is not UNSET:
            field_dict["overrides"] = overrides

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.schedule_create_overrides import ScheduleCreateOverrides

        d = dict(src_dict)
        lab_id = d.pop("lab_id")

        cron = d.pop("cron")

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        timezone = d.pop("timezone", UNSET)

        paused = d.pop("paused", UNSET)

        _if_lab_busy = d.pop("if_lab_busy", UNSET)
        if_lab_busy: ScheduleCreateIfLabBusy | Unset
        if isinstance(_if_lab_busy, Unset):
            if_lab_busy = UNSET
        else:
            if_lab_busy = ScheduleCreateIfLabBusy(_if_lab_busy)

        _if_previous_running = d.pop("if_previous_running", UNSET)
        if_previous_running: ScheduleCreateIfPreviousRunning | Unset
        if isinstance(_if_previous_running, Unset):
            if_previous_running = UNSET
        else:
            if_previous_running = ScheduleCreateIfPreviousRunning(_if_previous_running)

        _overrides = d.pop("overrides", UNSET)
        overrides: ScheduleCreateOverrides | Unset
        if isinstance(_overrides, Unset):
            overrides = UNSET
        else:
            overrides = ScheduleCreateOverrides.from_dict(_overrides)

        schedule_create = cls(
            lab_id=lab_id,
            cron=cron,
            name=name,
            timezone=timezone,
            paused=paused,
            if_lab_busy=if_lab_busy,
            if_previous_running=if_previous_running,
            overrides=overrides,
        )

        return schedule_create
