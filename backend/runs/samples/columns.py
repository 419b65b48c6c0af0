"""A run's samples as columns (one array per metric), at 1 s or downsampled, built by PostgreSQL.

This is how charts read samples: per source, a `t` array and one array per metric, so a key is
named once per source instead of once per second, and PostgreSQL does all the work:

- step 1: the stored values as they are (`values`), no min/max (they would equal the value);
- step > 1: one point per bucket, bucket = floor(t / step), `t` = its first second:
  - `values`: counters (per-second deltas) summed and divided by the seconds the bucket's samples
    of that source span (max t - min t + 1: `step` for a full bucket, less for a partial one at
    either end), so a counter stays a per-second rate at any step; gauges (levels: scur, qcur,
    cpu_pct ...; contract.results.is_gauge) averaged;
  - `min`, `max`: the smallest and largest per-second value in the bucket (a counter's delta of
    one second, a gauge's level), so a chart can draw the band the mean hides.

Why per key and not jsonb_each: flattening every sample into (key, value) rows and grouping by
key made ~36 rows of every stored second, which cost more than reading the raw rows (see
docs/benchmarks.md, "A 1-hour run's page"). Instead, per source, its keys are read from
sample_key (written with the samples: listing them from the JSONB would unpack every second),
each key's value is extracted once per row (`data ->> key` in a subquery that OFFSET 0 keeps
from being inlined, which would extract it once per aggregate), one GROUP BY bucket computes
every key's aggregates side by side, and array_to_json turns each into a compact JSON array.
Python only glues the arrays' text together: no Python object per value, so a long run's chart
data costs the API almost no memory.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from backend.models import SampleKey
from contract.results import is_gauge

# Metrics per statement: each adds a column to the rows, 3 aggregates to the buckets and 3 arrays
# to the result, and PostgreSQL allows 1,664 columns in a select list (a sample may hold 500 keys).
KEYS_PER_QUERY = 100
# Decimals kept of a bucket's mean: a rate averaged over 12 s is 1234.5833333333333 otherwise;
# 0.001 of a request, a % or a ms is below anything a chart can show.
MEAN_DECIMALS = 3


def _range(from_t: int | None, to_t: int | None) -> str:
    return (" AND t >= :from_t" if from_t is not None else "") + (
        " AND t <= :to_t" if to_t is not None else ""
    )


def _source_sql(keys: Sequence[str], step: int, range_sql: str) -> str:
    """One row for one source (:source) with samples in the range: the seconds (or bucket
    starts), then per key its values[, min, max] as JSON text, NULL where the key has no value
    in the range. Keys are bound as :k0, :k1 ..."""
    n = range(len(keys))
    rows = (
        f"SELECT t, {', '.join(f'(data ->> :k{i})::float8 AS x{i}' for i in n)} FROM sample"  # noqa: S608 - no user text
        f" WHERE run_id = :run_id AND source = :source{range_sql} OFFSET 0"
    )
    if step == 1:
        arrays = ", ".join(f"CASE WHEN count(x{i}) > 0 THEN {_array(f'x{i}', 't')} END" for i in n)
        return f"SELECT {_array('t', 't')}, {arrays} FROM ({rows}) r"  # noqa: S608
    aggregates = []
    for i, key in zip(n, keys, strict=True):
        # A counter's rate over the seconds the bucket spans; a gauge's mean level.
        mean = f"avg(x{i})" if is_gauge(key) else f"sum(x{i}) / (max(t) - min(t) + 1)"
        aggregates.append(
            f"round(({mean})::numeric, {MEAN_DECIMALS}) AS v{i}, min(x{i}) AS lo{i}, max(x{i}) AS hi{i}"
        )
    buckets = f"SELECT floor(t::float8 / :step)::int AS b, {', '.join(aggregates)} FROM ({rows}) r GROUP BY b"  # noqa: S608
    arrays = ", ".join(
        f"CASE WHEN count(v{i}) > 0 THEN {_array(f'v{i}', 'b')} END,"
        f" CASE WHEN count(v{i}) > 0 THEN {_array(f'lo{i}', 'b')} END,"
        f" CASE WHEN count(v{i}) > 0 THEN {_array(f'hi{i}', 'b')} END"
        for i in n
    )
    return f"SELECT {_array('b * :step', 'b')}, {arrays} FROM ({buckets}) g"  # noqa: S608


def _array(value: str, order: str) -> str:
    # array_to_json writes "[1,2]" (json_agg: "[1, 2]"); as text, or psycopg would parse it.
    return f"array_to_json(array_agg({value} ORDER BY {order}))::text"


def sample_columns_json(
    db: Session,
    run_id: int,
    *,
    step: int = 1,
    source: str | None = None,
    from_t: int | None = None,
    to_t: int | None = None,
) -> str:
    """The RunSampleColumns document (schemas.py) as JSON text, straight from PostgreSQL's arrays.
    A source appears when it has samples with at least one metric in the range."""
    keys = (
        select(SampleKey.source, SampleKey.key)
        .where(SampleKey.run_id == run_id)
        .order_by(SampleKey.source, SampleKey.key)
    )
    if source is not None:
        keys = keys.where(SampleKey.source == source)
    keys_by_source: dict[str, list[str]] = {}
    for src, key in db.execute(keys):
        keys_by_source.setdefault(src, []).append(key)
    range_sql = _range(from_t, to_t)
    params: dict[str, Any] = {"run_id": run_id, "step": step, "from_t": from_t, "to_t": to_t}
    params = {name: value for name, value in params.items() if value is not None}
    parts = ("values", "min", "max") if step > 1 else ("values",)
    sources: dict[str, str] = {}
    for src, src_keys in keys_by_source.items():
        t_json: str | None = None
        metrics: dict[str, dict[str, str]] = {part: {} for part in parts}
        for start in range(0, len(src_keys), KEYS_PER_QUERY):
            chunk = src_keys[start : start + KEYS_PER_QUERY]
            bound = params | {"source": src} | {f"k{i}": key for i, key in enumerate(chunk)}
            row = db.execute(text(_source_sql(chunk, step, range_sql)), bound).one()
            t_json = row[0]
            for i, key in enumerate(chunk):
                for j, part in enumerate(parts):
                    array = row[1 + i * len(parts) + j]
                    if array is not None:
                        metrics[part][key] = array
        if t_json is None or not metrics["values"]:
            continue  # no samples of this source in the range, or none with a metric
        fields = {"t": t_json, **{part: _object(arrays) for part, arrays in metrics.items()}}
        if step == 1:
            fields |= {"min": "null", "max": "null"}
        sources[src] = _object(fields)
    return f'{{"run_id":{run_id},"step":{step},"sources":{_object(sources)}}}'


def _object(entries: dict[str, str]) -> str:
    """A JSON object from already-encoded values."""
    return "{" + ",".join(f"{json.dumps(key)}:{value}" for key, value in entries.items()) + "}"
