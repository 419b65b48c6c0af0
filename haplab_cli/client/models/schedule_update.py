from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.schedule_update_if_lab_busy_type_0 import ScheduleUpdateIfLabBusyType0
from ..models.schedule_update_if_previous_running_type_0 import (
    ScheduleUpdateIfPreviousRunningType0,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.schedule_update_overrides_type_0 import ScheduleUpdateOverridesType0


T = TypeVar("T", bound="ScheduleUpdate")


@_attrs_define
class ScheduleUpdate:
    """Only the fields given change.

    Attributes:
        name (None | str | Unset):
        lab_id (int | None | Unset):
        cron (None | str | Unset): Five fields as Celery beat reads them: minute hour day-of-month month day-of-week ("0
            2 * * mon-fri"), or @hourly, @daily, @weekly, @monthly, @yearly. Day of week 0-6 (0 = Sunday); day of month and
            day of week both set must both match.
        timezone (None | str | Unset):
        paused (bool | None | Unset): Pause (true) or resume (false).
        if_lab_busy (None | ScheduleUpdateIfLabBusyType0 | Unset): When the lab has other runs queued or running: queue
            (this launch waits its turn behind them) or skip (this time is skipped and recorded).
        if_previous_running (None | ScheduleUpdateIfPreviousRunningType0 | Unset): When this schedule's previous launch
            still has runs not ended: skip (recorded) or queue (a second launch waits behind the first).
        overrides (None | ScheduleUpdateOverridesType0 | Unset):
    """

    name: None | str | Unset = UNSET
    lab_id: int | None | Unset = UNSET
    cron: None | str | Unset = UNSET
    timezone: None | str | Unset = UNSET
    paused: bool | None | Unset = UNSET
    if_lab_busy: None | ScheduleUpdateIfLabBusyType0 | Unset = UNSET
    if_previous_running: None | ScheduleUpdateIfPreviousRunningType0 | Unset = UNSET
    overrides: None | ScheduleUpdateOverridesType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.schedule_update_overrides_type_0 import (
            ScheduleUpdateOverridesType0,
        )

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        lab_id: int | None | Unset
        if isinstance(self.lab_id, Unset):
            lab_id = UNSET
        else:
            lab_id = self.lab_id

        cron: None | str | Unset
        if isinstance(self.cron, Unset):
            cron = UNSET
        else:
            cron = self.cron

        timezone: None | str | Unset
        if isinstance(self.timezone, Unset):
            timezone = UNSET
        else:
            timezone = self.timezone

        paused: bool | None | Unset
        if isinstance(self.paused, Unset):
            paused = UNSET
        else:
            paused = self.paused

        if_lab_busy: None | str | Unset
        if isinstance(self.if_lab_busy, Unset):
            if_lab_busy = UNSET
        elif isinstance(self.if_lab_busy, ScheduleUpdateIfLabBusyType0):
            if_lab_busy = self.if_lab_busy.value
        else:
            if_lab_busy = self.if_lab_busy

        if_previous_running: None | str | Unset
        if isinstance(self.if_previous_running, Unset):
            if_previous_running = UNSET
        elif isinstance(self.if_previous_running, ScheduleUpdateIfPreviousRunningType0):
            if_previous_running = self.if_previous_running.value
        else:
            if_previous_running = self.if_previous_running

        overrides: dict[str, Any] | None | Unset
        if isinstance(self.overrides, Unset):
            overrides = UNSET
        elif isinstance(self.overrides, ScheduleUpdateOverridesType0):
            overrides = self.overrides.to_dict()
        else:
            overrides = self.overrides

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if lab_id is not UNSET:
            field_dict["lab_id"] = lab_id
        if cron is not UNSET:
            field_dict["cron"] = cron
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
        from ..models.schedule_update_overrides_type_0 import (
            ScheduleUpdateOverridesType0,
        )

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_lab_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        lab_id = _parse_lab_id(d.pop("lab_id", UNSET))

        def _parse_cron(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cron = _parse_cron(d.pop("cron", UNSET))

        def _parse_timezone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        timezone = _parse_timezone(d.pop("timezone", UNSET))

        def _parse_paused(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        paused = _parse_paused(d.pop("paused", UNSET))

        def _parse_if_lab_busy(
            data: object,
        ) -> None | ScheduleUpdateIfLabBusyType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                if_lab_busy_type_0 = ScheduleUpdateIfLabBusyType0(data)

                return if_lab_busy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleUpdateIfLabBusyType0 | Unset, data)

        if_lab_busy = _parse_if_lab_busy(d.pop("if_lab_busy", UNSET))

        def _parse_if_previous_running(
            data: object,
        ) -> None | ScheduleUpdateIfPreviousRunningType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                if_previous_running_type_0 = ScheduleUpdateIfPreviousRunningType0(data)

                return if_previous_running_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleUpdateIfPreviousRunningType0 | Unset, data)

        if_previous_running = _parse_if_previous_running(
            d.pop("if_previous_running", UNSET)
        )

        def _parse_overrides(
            data: object,
        ) -> None | ScheduleUpdateOverridesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                overrides_type_0 = ScheduleUpdateOverridesType0.from_dict(data)

                return overrides_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleUpdateOverridesType0 | Unset, data)

        overrides = _parse_overrides(d.pop("overrides", UNSET))

        schedule_update = cls(
            name=name,
            lab_id=lab_id,
            cron=cron,
            timezone=timezone,
            paused=paused,
            if_lab_busy=if_lab_busy,
            if_previous_running=if_previous_running,
            overrides=overrides,
        )

        return schedule_update
