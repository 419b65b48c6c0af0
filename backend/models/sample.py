from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from backend.models.base import Base


class Sample(Base):
    """One second of one source of one run (see docs/architecture.md, "Samples").

    The primary key (run_id, source, t) makes writes idempotent (a retried batch is inserted
    with ON CONFLICT DO NOTHING) and is the only index reads need: every query is "one run,
    a time range", which is a contiguous range scan of that key whatever the table's size.
    """

    __tablename__ = "sample"

    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), primary_key=True)
    # "proxy" (overflow parts "proxy:2" ...) or "host:<agent>", e.g. "host:injector-1"
    source: Mapped[str] = mapped_column(String(64), primary_key=True)
    # Whole seconds since the run's load started (may be negative during warm-up).
    t: Mapped[int] = mapped_column(Integer, primary_key=True)
    ts: Mapped[datetime]
    # Counters (per-second deltas) and gauges of that second, flat {"name": number}.
    data: Mapped[dict[str, Any]]
    # Latency of that second (contract.results.SamplePoint.histogram: base64 HdrHistogram V2, us),
    # kept so percentiles over any window can be merged exactly later.
    histogram: Mapped[str | None] = mapped_column(Text)
    # HAProxy's request log of that second (contract.request_timers.TimerSecond, source "timers"):
    # per-timer histograms and termination states; NULL on every other source.
    timers: Mapped[dict[str, Any] | None]


class SampleKey(Base):
    """A metric key that one source of a run has sent (at least once): written with the samples
    (backend/runs/samples/service.py insert_samples), so the columnar read knows each source's keys
    without unpacking every stored second's JSONB to find them (see docs/architecture.md,
    "Samples"). Every write of samples goes through insert_samples."""

    __tablename__ = "sample_key"

    run_id: Mapped[int] = mapped_column(ForeignKey("run.id", ondelete="CASCADE"), primary_key=True)
    source: Mapped[str] = mapped_column(String(64), primary_key=True)
    key: Mapped[str] = mapped_column(Text, primary_key=True)
