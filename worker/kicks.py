"""Sending "look at this lab" kicks to the dispatcher, through the backend's task contract."""

from __future__ import annotations

from backend.queue import DISPATCH_LAB_TASK, LAB_QUEUE, celery_client


def kick_lab(lab_id: int, *, expires_seconds: float | None = None) -> None:
    """Queue a dispatch for the lab. `expires_seconds` lets speculative kicks (the reaper's)
    be dropped unexecuted if the workers are too busy to get to them in time."""
    celery_client().send_task(DISPATCH_LAB_TASK, args=[lab_id], queue=LAB_QUEUE, expires=expires_seconds)
