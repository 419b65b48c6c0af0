"""Per-second samples of a run: idempotent batch writes and the row-form read.

Charts read samples as columns, raw or downsampled in PostgreSQL: columns.py.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from backend.models import Sample, SampleKey
from backend.runs.samples.schemas import RunSamples, SampleOut
from spec.results import SamplePoint

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
    # The keys each source sent, for the columnar read (columns.py): a few dozen rows a batch.
    keys = sorted({(s.source, key) for s in unique for key in s.data})
    for start in range(0, len(keys), INSERT_CHUNK):
        chunk_keys = keys[start : start + INSERT_CHUNK]
        db.execute(
            insert(SampleKey)
            .values([{"run_id": run_id, "source": source, "key": key} for source, key in chunk_keys])
            .on_conflict_do_nothing()
        )
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
) -> RunSamples:
    """Every stored second by source, in time order (the row form: CSV export, scripts).
    Charts read columns.py's form, which also downsamples."""
    rows = db.execute(
        select(Sample.source, Sample.t, Sample.ts, Sample.data)
        .where(*_range_filters(run_id, source, from_t, to_t))
        .order_by(Sample.source, Sample.t)
    )
    sources: dict[str, list[SampleOut]] = {}
    for src, t, ts, data in rows:
        sources.setdefault(src, []).append(SampleOut(t=t, ts=ts, data=data))
    return RunSamples(run_id=run_id, step=None, sources=sources)


# A sample as JSON, spelled as SampleOut would be (ts in UTC with "Z", microseconds only when set).
_ROW_JSON = (
    """'{"t":' || t || ',"ts":"' || to_char(ts AT TIME ZONE 'UTC',"""
    """ CASE WHEN date_trunc('second', ts) = ts"""
    """ THEN 'YYYY-MM-DD"T"HH24:MI:SS"Z"' ELSE 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"' END)"""
    """ || '","data":' || data::text || '}'"""
)


def samples_json(
    db: Session,
    run_id: int,
    *,
    source: str | None = None,
    from_t: int | None = None,
    to_t: int | None = None,
) -> str:
    """read_samples' RunSamples as JSON text, written by PostgreSQL: the same document without a
    Python object per sample, so a long run's full record costs the API one string per source."""
    where = "run_id = :run_id"
    where += " AND source = :source" if source is not None else ""
    where += " AND t >= :from_t" if from_t is not None else ""
    where += " AND t <= :to_t" if to_t is not None else ""
    given = {"run_id": run_id, "source": source, "from_t": from_t, "to_t": to_t}
    rows = db.execute(
        text(
            f"SELECT source, '[' || string_agg({_ROW_JSON}, ',' ORDER BY t) || ']'"  # noqa: S608 - no user text
            f" FROM sample WHERE {where} GROUP BY source ORDER BY source"
        ),
        {name: value for name, value in given.items() if value is not None},
    )
    by_source = ",".join(f"{json.dumps(src)}:{points}" for src, points in rows)
    return f'{{"run_id":{run_id},"step":null,"sources":{{{by_source}}}}}'
