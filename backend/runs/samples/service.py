"""Per-second samples of a run: idempotent batch writes and the row-form read.

Charts read samples as columns, raw or downsampled in PostgreSQL: columns.py.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Sequence
from functools import cache
from typing import cast

from sqlalchemy import Insert, Table, event, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import ReturningInsert

from backend.models import Sample, SampleKey
from backend.runs.samples.schemas import RunSamples, SampleOut
from backend.runs.seconds import read_seconds
from contract.results import SamplePoint


@cache
def _upsert_sample() -> ReturningInsert[tuple[int]]:
    """Built once and run as an executemany (SQLAlchemy sends the rows as multi-VALUES batches):
    agents post a batch a second per agent during a run, and building and compiling a statement
    of N rows each time cost the API more than writing them (docs/benchmarks.md, run fidelity)."""
    table = cast(Table, Sample.__table__)
    statement = insert(table)
    return statement.on_conflict_do_update(
        index_elements=[table.c.run_id, table.c.source, table.c.t],
        set_={
            "ts": statement.excluded.ts,
            "data": statement.excluded.data,
            "histogram": statement.excluded.histogram,
            "timers": statement.excluded.timers,
        },
        where=table.c.ts < statement.excluded.ts,
    ).returning(table.c.t)  # RETURNING lists only the rows written; cursor.rowcount is not reliable here.


@cache
def _insert_sample_key() -> Insert:
    return insert(cast(Table, SampleKey.__table__)).on_conflict_do_nothing()


# (run, source, key) this process has stored: a batch sends the same few dozen keys every second,
# so only a new one is written. Only a cache: the insert is idempotent, and each API process keeps
# its own. Bounded: the keys of the runs that wrote most recently.
_KNOWN_KEYS: OrderedDict[int, set[tuple[str, str]]] = OrderedDict()
_KNOWN_KEYS_RUNS = 64


def _new_keys(run_id: int, keys: set[tuple[str, str]]) -> set[tuple[str, str]]:
    known = _KNOWN_KEYS.setdefault(run_id, set())
    _KNOWN_KEYS.move_to_end(run_id)
    while len(_KNOWN_KEYS) > _KNOWN_KEYS_RUNS:
        _KNOWN_KEYS.popitem(last=False)
    return keys - known


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
    if not latest:
        return 0
    rows = [
        {
            "run_id": run_id,
            "source": s.source,
            "t": s.t,
            "ts": s.ts,
            "data": s.data,
            "histogram": s.histogram,
            "timers": s.timers.model_dump(mode="json") if s.timers is not None else None,
        }
        for s in latest.values()
    ]
    written = len(db.execute(_upsert_sample(), rows).all())
    # The keys each source sent, for the columnar read (columns.py).
    new_keys = _new_keys(run_id, {(s.source, key) for s in latest.values() for key in s.data})
    if new_keys:
        db.execute(
            _insert_sample_key(),
            [{"run_id": run_id, "source": source, "key": key} for source, key in sorted(new_keys)],
        )
        # Known once this transaction commits; until then a failed batch must write them again.
        event.listen(db, "after_commit", lambda _: _KNOWN_KEYS.get(run_id, set()).update(new_keys), once=True)
    return written


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
    sources: dict[str, list[SampleOut]] = {}
    for second in read_seconds(db, run_id, source=source, from_t=from_t, to_t=to_t, with_timers=False):
        sources.setdefault(second.source, []).append(SampleOut(t=second.t, ts=second.ts, data=second.data))
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
