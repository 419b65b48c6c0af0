"""Per-second samples of a run: idempotent batch writes and (optionally downsampled) reads.

Downsampling happens in SQL, one row per (source, bucket, metric), bucket = floor(t / step):
- counters (per-second deltas) are summed over the bucket and divided by the seconds the
  bucket's samples span (max t - min t + 1; `step` for a full bucket, less for a partial
  one at either end of the run), so a counter stays a per-second rate at any step;
- gauges (levels: scur, qcur, cpu_pct ...) are averaged.
spec.results.is_gauge decides which is which; SQL returns both aggregates and the choice is
made per metric name here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Float, Text, cast, column, func, select, true
from sqlalchemy.dialects.postgresql import JSONB, insert
from sqlalchemy.orm import Session

from backend.models import Sample
from backend.runs.samples.schemas import RunSamples, SampleOut
from spec.results import SamplePoint, is_gauge

# Rows per INSERT statement: well under PostgreSQL's 65,535 bind parameters (6 per row).
INSERT_CHUNK = 1000


def insert_samples(db: Session, run_id: int, samples: Sequence[SamplePoint]) -> int:
    """Write a batch idempotently: a sample already stored (same run, source, t) is kept, unless
    the new one was taken later (`ts`), which happens only when the worker moved the run's start
    and the agents restarted sampling with the new origin (worker/phases/load.py).

    Returns how many rows were written, so a retried batch (same readings) reports 0.
    """
    # One INSERT .. ON CONFLICT may not touch a row twice, and a batch can hold two readings of
    # the same second when a sampler restarted with a new origin: keep the later one here too.
    latest: dict[tuple[str, int], SamplePoint] = {}
    for s in samples:
        kept = latest.get((s.source, s.t))
        if kept is None or kept.ts < s.ts:
            latest[(s.source, s.t)] = s
    unique = list(latest.values())
    written = 0
    for start in range(0, len(unique), INSERT_CHUNK):
        chunk = unique[start : start + INSERT_CHUNK]
        rows = [
            {
                "run_id": run_id,
                "source": s.source,
                "t": s.t,
                "ts": s.ts,
                "data": s.data,
                "histogram": s.histogram,
            }
            for s in chunk
        ]
        statement = insert(Sample).values(rows)
        upsert = statement.on_conflict_do_update(
            index_elements=[Sample.run_id, Sample.source, Sample.t],
            set_={
                "ts": statement.excluded.ts,
                "data": statement.excluded.data,
                "histogram": statement.excluded.histogram,
            },
            where=Sample.ts < statement.excluded.ts,
        ).returning(Sample.t)  # RETURNING lists only the rows written; cursor.rowcount is not reliable here.
        written += len(db.execute(upsert).all())
    return written


def _range_filters(run_id: int, source: str | None, from_t: int | None, to_t: int | None) -> list[Any]:
    where: list[Any] = [Sample.run_id == run_id]
    if source is not None:
        where.append(Sample.source == source)
    if from_t is not None:
        where.append(Sample.t >= from_t)
    if to_t is not None:
        where.append(Sample.t <= to_t)
    return where


def read_samples(
    db: Session,
    run_id: int,
    *,
    source: str | None = None,
    from_t: int | None = None,
    to_t: int | None = None,
    step: int | None = None,
) -> RunSamples:
    """Samples by source, in time order; `step` > 1 downsamples to one point per `step` seconds."""
    where = _range_filters(run_id, source, from_t, to_t)
    if step is None or step <= 1:
        rows = db.execute(
            select(Sample.source, Sample.t, Sample.ts, Sample.data)
            .where(*where)
            .order_by(Sample.source, Sample.t)
        )
        sources: dict[str, list[SampleOut]] = {}
        for src, t, ts, data in rows:
            sources.setdefault(src, []).append(SampleOut(t=t, ts=ts, data=data))
        return RunSamples(run_id=run_id, step=None, sources=sources)
    return RunSamples(run_id=run_id, step=step, sources=_downsampled(db, where, step))


def _downsampled(db: Session, where: list[Any], step: int) -> dict[str, list[SampleOut]]:
    bucket = func.floor(cast(Sample.t, Float) / step).label("bucket")
    # Bucket bounds and timestamps, one row per (source, bucket).
    spans = (
        select(
            Sample.source,
            bucket,
            func.min(Sample.t).label("t_min"),
            func.max(Sample.t).label("t_max"),
            func.min(Sample.ts).label("ts"),
        )
        .where(*where)
        .group_by(Sample.source, bucket)
        .subquery()
    )
    # Every numeric metric of every sample in the range, flattened with jsonb_each.
    metric = (
        func.jsonb_each(Sample.data)
        .table_valued(column("key", Text), column("value", JSONB))
        .lateral("metric")
    )
    value = cast(metric.c.value, Float)
    flat = (
        select(
            Sample.source,
            bucket,
            metric.c.key,
            func.sum(value).label("total"),
            func.avg(value).label("mean"),
        )
        .select_from(Sample)
        .join(metric, true())
        .where(*where, func.jsonb_typeof(metric.c.value) == "number")
        .group_by(Sample.source, bucket, metric.c.key)
        .subquery()
    )
    rows = db.execute(
        select(
            spans.c.source,
            spans.c.bucket,
            spans.c.t_min,
            spans.c.t_max,
            spans.c.ts,
            flat.c.key,
            flat.c.total,
            flat.c.mean,
        )
        .outerjoin(flat, (flat.c.source == spans.c.source) & (flat.c.bucket == spans.c.bucket))
        .order_by(spans.c.source, spans.c.bucket, flat.c.key)
    )
    return _assemble(rows, step)


def _assemble(rows: Iterable[Any], step: int) -> dict[str, list[SampleOut]]:
    out: dict[str, list[SampleOut]] = {}
    current: tuple[str, float] | None = None
    for source, bucket, t_min, t_max, ts, key, total, mean in rows:
        if current != (source, bucket):
            current = (source, bucket)
            out.setdefault(source, []).append(SampleOut(t=int(bucket) * step, ts=ts, data={}))
        if key is None:
            continue
        seconds = t_max - t_min + 1
        out[source][-1].data[key] = mean if is_gauge(key) else total / seconds
    return out
