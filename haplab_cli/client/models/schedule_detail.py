from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.schedule_detail_if_lab_busy import ScheduleDetailIfLabBusy
from ..models.schedule_detail_if_previous_running import ScheduleDetailIfPreviousRunning

if TYPE_CHECKING:
    from ..models.firing_out import FiringOut
    from ..models.schedule_detail_overrides import ScheduleDetailOverrides


T = TypeVar("T", bound="ScheduleDetail")


@_attrs_define
class ScheduleDetail:
    """
    Attributes:
        id (int):
        name (str):
        experiment_id (int):
        experiment_name (str):
        lab_id (int):
        lab_name (str):
        cron (str):
        timezone (str):
        paused (bool):
        if_lab_busy (ScheduleDetailIfLabBusy):
        if_previous_running (ScheduleDetailIfPreviousRunning):
        overrides (ScheduleDetailOverrides):
        created_by_email (None | str):
        created_at (datetime.datetime):
        next_runs (list[datetime.datetime]): The next three firing times (UTC); empty while paused.
        last_firing (FiringOut | None):
        firings (list[FiringOut]): The newest 50 firings, newest first.
    """

    id: int
    name: str
    experiment_id: int
    experiment_name: str
    lab_id: int
    lab_name: str
    cron: str
    timezone: str
    paused: bool
    if_lab_busy: ScheduleDetailIfLabBusy
    if_previous_running: ScheduleDetailIfPreviousRunning
    overrides: ScheduleDetailOverrides
    created_by_email: None | str
    created_at: datetime.datetime
    next_runs: list[datetime.datetime]
    last_firing: FiringOut | None
    firings: list[FiringOut]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.firing_out import FiringOut

        id = self.id

        name = self.name

        experiment_id = self.experiment_id

        experiment_name = self.experiment_name

        lab_id = self.lab_id

        lab_name = self.lab_name

        cron = self.cron

        timezone = self.timezone

        paused = self.paused

        if_lab_busy = self.if_lab_busy.value

        if_previous_running = self.if_previous_running.value

        overrides = self.overrides.to_dict()

        created_by_email: None | str
        created_by_email = self.created_by_email

        created_at = self.created_at.isoformat()

        next_runs = []
        for next_runs_item_data in self.next_runs:
            next_runs_item = next_runs_item_data.isoformat()
            next_runs.append(next_runs_item)

        last_firing: dict[str, Any] | None
        if isinstance(self.last_firing, FiringOut):
            last_firing = self.last_firing.to_dict()
        else:
            last_firing = self.last_firing

        firings = []
        for firings_item_data in self.firings:
            firings_item = firings_item_data.to_dict()
            firings.append(firings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "experiment_id": experiment_id,
                "experiment_name": experiment_name,
                "lab_id": lab_id,
                "lab_name": lab_name,
                "cron": cron,
                "timezone": timezone,
                "paused": paused,
                "if_lab_busy": if_lab_busy,
                "if_previous_running": if_previous_running,
                "overrides": overrides,
                "created_by_email": created_by_email,
                "created_at": created_at,
                "next_runs": next_runs,
                "last_firing": last_firing,
                "firings": firings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.firing_out import FiringOut
        from ..models.schedule_detail_overrides import ScheduleDetailOverrides

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        experiment_id = d.pop("experiment_id")

        experiment_name = d.pop("experiment_name")

        lab_id = d.pop("lab_id")

        lab_name = d.pop("lab_name")

        cron = d.pop("cron")

        timezone = d.pop("timezone")

        paused = d.pop("paused")

        if_lab_busy = ScheduleDetailIfLabBusy(d.pop("if_lab_busy"))

        if_previous_running = ScheduleDetailIfPreviousRunning(
            d.pop("if_previous_running")
        )

        overrides = ScheduleDetailOverrides.from_dict(d.pop("overrides"))

        def _parse_created_by_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_by_email = _parse_created_by_email(d.pop("created_by_email"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        next_runs = []
        _next_runs = d.pop("next_runs")
        for next_runs_item_data in _next_runs:
            next_runs_item = datetime.datetime.fromisoformat(next_runs_item_data)

            next_runs.append(next_runs_item)

        def _parse_last_firing(data: object) -> FiringOut | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_firing_type_0 = FiringOut.from_dict(data)

                return last_firing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FiringOut | None, data)

        last_firing = _parse_last_firing(d.pop("last_firing"))

        firings = []
        _firings = d.pop("firings")
        for firings_item_data in _firings:
            firings_item = FiringOut.from_dict(firings_item_data)

            firings.append(firings_item)

        schedule_detail = cls(
            id=id,
            name=name,
            experiment_id=experiment_id,
            experiment_name=experiment_name,
            lab_id=lab_id,
            lab_name=lab_name,
            cron=cron,
            timezone=timezone,
            paused=paused,
            if_lab_busy=if_lab_busy,
            if_previous_running=if_previous_running,
            overrides=overrides,
            created_by_email=created_by_email,
            created_at=created_at,
            next_runs=next_runs,
            last_firing=last_firing,
            firings=firings,
        )

        schedule_detail.additional_properties = d
        return schedule_detail

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
