"""Request and response models of schedules."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from contract.sweep import JsonScalar

ScheduleName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=120)]
CronText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=400)]
ZoneName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]

IfLabBusy = Literal["queue", "skip"]
IfPreviousRunning = Literal["skip", "queue"]
FiringOutcome = Literal["launched", "skipped_lab_busy", "skipped_previous_running", "refused"]

_CRON_HELP = (
    "Five fields as Celery beat reads them: minute hour day-of-month month day-of-week "
    '("0 2 * * mon-fri"), or @hourly, @daily, @weekly, @monthly, @yearly. Day of week 0-6 '
    "(0 = Sunday); day of month and day of week both set must both match."
)
_LAB_BUSY_HELP = (
    "When the lab has other runs queued or running: queue (this launch waits its turn behind "
    "them) or skip (this time is skipped and recorded)."
)
_PREVIOUS_HELP = (
    "When this schedule's previous launch still has runs not ended: skip (recorded) or queue "
    "(a second launch waits behind the first)."
)


class ScheduleCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: ScheduleName | None = Field(default=None, description="A label; the cron text when empty.")
    lab_id: int = Field(ge=1, le=2**63 - 1, description="The lab its launches run on.")
    cron: CronText = Field(description=_CRON_HELP)
    timezone: ZoneName = Field(default="UTC", description="The IANA time zone the cron fields are read in.")
    paused: bool = Field(default=False, description="A paused schedule does not fire.")
    if_lab_busy: IfLabBusy = Field(default="queue", description=_LAB_BUSY_HELP)
    if_previous_running: IfPreviousRunning = Field(default="skip", description=_PREVIOUS_HELP)
    overrides: dict[str, JsonScalar] = Field(
        default_factory=dict,
        max_length=50,
        description='Values for every launch of this schedule, by dotted path: {"load.duration_s": 60}.',
    )


class ScheduleUpdate(BaseModel):
    """Only the fields given change."""

    model_config = ConfigDict(extra="forbid")

    name: ScheduleName | None = None
    lab_id: int | None = Field(default=None, ge=1, le=2**63 - 1)
    cron: CronText | None = Field(default=None, description=_CRON_HELP)
    timezone: ZoneName | None = None
    paused: bool | None = Field(default=None, description="Pause (true) or resume (false).")
    if_lab_busy: IfLabBusy | None = Field(default=None, description=_LAB_BUSY_HELP)
    if_previous_running: IfPreviousRunning | None = Field(default=None, description=_PREVIOUS_HELP)
    overrides: dict[str, JsonScalar] | None = Field(default=None, max_length=50)


class CronPreviewRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cron: CronText = Field(description=_CRON_HELP)
    timezone: ZoneName = Field(default="UTC")


class CronPreview(BaseModel):
    cron: str = Field(description="The five fields as stored (a @shorthand written out).")
    timezone: str
    next_runs: list[datetime] = Field(description="The next five firing times, in UTC.")


class FiringOut(BaseModel):
    model_config = ConfigDict(from_attributes=True)

    id: int
    fired_at: datetime
    outcome: FiringOutcome
    detail: str
    launch_id: int | None
    first_run_id: int | None = None


class ScheduleOut(BaseModel):
    id: int
    name: str
    experiment_id: int
    experiment_name: str
    lab_id: int
    lab_name: str
    cron: str
    timezone: str
    paused: bool
    if_lab_busy: IfLabBusy
    if_previous_running: IfPreviousRunning
    overrides: dict[str, JsonScalar]
    created_by_email: str | None
    created_at: datetime
    next_runs: list[datetime] = Field(description="The next three firing times (UTC); empty while paused.")
    last_firing: FiringOut | None


class ScheduleDetail(ScheduleOut):
    firings: list[FiringOut] = Field(description="The newest 50 firings, newest first.")
