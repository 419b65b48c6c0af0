"""A run's seconds: the one reader of its stored samples, typed, with the measured window's views.

Every reader of a run's seconds goes through here (the worker's summary, verdict, caveats, figure
checks and thresholds; the API's row form, live stream and Prometheus gauges; the writes and the
reads PostgreSQL answers itself, JSON text and chart columns, are named in
tests/infra/test_window_said_once.py), and which seconds count is answered here once:
- `in_window(t, window_s)`: the measured window is 0 <= t < window_s (t counts whole seconds from
  the load's start, t0; contract.results.SamplePoint);
- a source's `Seconds` give `measured(window_s)`, `warmup()` (t < 0), `drain(window_s)` (t at or
  past the window), `since_start()` (t >= 0) and `steady(window_s)` (the measured seconds without
  their ramps);
- a run's `RunSeconds` give each source's seconds, HAProxy's with its overflow parts merged
  (`proxy()`), each host's (`host(agent)`) and the load tools' own (`clients()`).

Sources (contract/results.py): "proxy" (HAProxy; a large configuration's overflow parts "proxy:2" ...),
"host:<agent>" (a lab host, every agent whatever its roles), anything else a load tool's own
per-second counters. A `Second`'s data are counter deltas and gauge levels (contract.results.is_gauge).

`RunSeconds.of` / `Seconds.of` also read the untyped form the API serves ({source: [{"t", "data",
"ts"}, ...]}), which recorded runs (tests/worker/data) and the end-to-end tests hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import and_, func, null, select, tuple_
from sqlalchemy.orm import Session

from backend.models import Sample

PROXY_SOURCE = "proxy"
# HAProxy's request log, one TimerSecond a second (contract.request_timers; the sample's `timers`).
TIMERS_SOURCE = "timers"
HOST_PREFIX = "host:"  # every agent samples its host as host:<agent>
# With fewer measured seconds than this, `steady` keeps the ramps: dropping them would leave too little.
MIN_SECONDS_TO_TRIM = 4

SecondRows = Sequence[Mapping[str, Any]]  # one source's seconds in the API's form: [{"t", "data"}, ...]
SampleRows = Mapping[str, SecondRows]  # a run's, by source


def in_window(t: int, window_s: float) -> bool:
    """Is second `t` one of the measured window's (0 <= t < window_s)? The one definition."""
    return 0 <= t < window_s


def is_proxy(source: str) -> bool:
    """HAProxy's source or one of its overflow parts ("proxy", "proxy:2" ...)."""
    return source.split(":")[0] == PROXY_SOURCE


def is_host(source: str) -> bool:
    return source.startswith(HOST_PREFIX)


@dataclass(frozen=True, slots=True)
class Second:
    """One second of one source: what was read at t0 + t (taken at `ts` when known)."""

    source: str
    t: int
    data: Mapping[str, float]
    ts: datetime | None = None
    # Source "timers" only: the stored TimerSecond as JSON (sample.timers); None on every other.
    timers: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class StoredSecond(Second):
    """A second as stored: its reading's time is known."""

    ts: datetime


@dataclass(frozen=True, slots=True)
class Seconds:
    """One source's seconds, in the order they were read (stored ones: by t)."""

    items: tuple[Second, ...] = ()

    @classmethod
    def of(cls, rows: Seconds | Iterable[Second] | SecondRows, source: str = "") -> Seconds:
        """Typed seconds from typed ones or from the API's rows ({"t", "data"}; their `ts`, text, unread)."""
        if isinstance(rows, Seconds):
            return rows
        return cls(
            tuple(
                row
                if isinstance(row, Second)
                else Second(source=source, t=int(row["t"]), data=row["data"], timers=row.get("timers"))
                for row in rows
            )
        )

    def __iter__(self) -> Iterator[Second]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def _where(self, keep: Any) -> Seconds:
        return Seconds(tuple(s for s in self.items if keep(s.t)))

    def measured(self, window_s: float) -> Seconds:
        """The seconds of the measured load (0 <= t < window_s), warm-up and drain left out."""
        return self._where(lambda t: in_window(t, window_s))

    def warmup(self) -> Seconds:
        """The seconds before the load's start (t < 0)."""
        return self._where(lambda t: t < 0)

    def drain(self, window_s: float) -> Seconds:
        """The seconds at or past the window's end (t >= window_s)."""
        return self._where(lambda t: t >= window_s)

    def since_start(self) -> Seconds:
        """The seconds from the load's start on (t >= 0), whatever the window."""
        return self._where(lambda t: t >= 0)

    def in_order(self) -> Seconds:
        return Seconds(tuple(sorted(self.items, key=lambda s: s.t)))

    def steady(self, window_s: float) -> Seconds:
        """The measured seconds in t order, without the first and last (ramps) when there are enough."""
        in_order = self.measured(window_s).in_order().items
        return Seconds(in_order[1:-1] if len(in_order) >= MIN_SECONDS_TO_TRIM else in_order)

    def present(self) -> set[int]:
        """The seconds (t) there are readings of."""
        return {s.t for s in self.items}

    def values(self, key: str) -> list[float]:
        """`key`'s readings as floats, in order, of the seconds that have it."""
        return [float(s.data[key]) for s in self.items if key in s.data]

    def total(self, key: str) -> float:
        """The sum of `key` over these seconds (a counter's deltas), 0 where a second lacks it."""
        return sum(s.data.get(key, 0) for s in self.items)


def merged_by_t(parts: Iterable[Seconds], source: str) -> Seconds:
    """One second per t from several sources' seconds (a large config's proxy:2 ...), in t order;
    a later part's key wins over an earlier one's."""
    by_t: dict[int, dict[str, float]] = {}
    for seconds in parts:
        for second in seconds:
            by_t.setdefault(second.t, {}).update(second.data)
    return Seconds(tuple(Second(source=source, t=t, data=data) for t, data in sorted(by_t.items())))


@dataclass(frozen=True)
class RunSeconds:
    """A run's seconds by source (as stored: "proxy", "proxy:2", "host:<agent>" ...)."""

    by_source: Mapping[str, Seconds] = field(default_factory=dict)

    @classmethod
    def of(cls, samples: RunSeconds | SampleRows) -> RunSeconds:
        """Typed seconds from typed ones or from the API's form {source: [{"t", "data"}, ...]}."""
        if isinstance(samples, RunSeconds):
            return samples
        return cls({source: Seconds.of(rows, source) for source, rows in samples.items()})

    def __bool__(self) -> bool:
        return bool(self.by_source)

    def source(self, name: str) -> Seconds:
        """One stored source's seconds (none when it sent none)."""
        return self.by_source.get(name) or Seconds()

    def proxy(self) -> Seconds:
        """HAProxy's seconds, its overflow parts (proxy:2 ...) merged in."""
        return merged_by_t(
            (seconds for name, seconds in self.by_source.items() if is_proxy(name)), PROXY_SOURCE
        )

    def host(self, agent: str) -> Seconds:
        """An agent's host seconds (`host:<agent>`)."""
        return self.source(f"{HOST_PREFIX}{agent}")

    def hosts(self) -> dict[str, Seconds]:
        """{agent: its host's seconds} of every host sampled, in agent name order."""
        return {
            name.removeprefix(HOST_PREFIX): self.by_source[name]
            for name in sorted(self.by_source)
            if is_host(name)
        }

    def clients(self) -> dict[str, Seconds]:
        """The load tools' own seconds: every source but HAProxy's, its request log's and the hosts'."""
        return {
            name: s
            for name, s in self.by_source.items()
            if not is_proxy(name) and not is_host(name) and name != TIMERS_SOURCE
        }

    def timers(self) -> Seconds:
        """HAProxy's request log, a second at a time (their `timers`; none when not collected)."""
        return self.source(TIMERS_SOURCE)


# --- reading them from PostgreSQL ------------------------------------------------------------------


def read_seconds(
    db: Session,
    run_id: int,
    *,
    source: str | None = None,
    from_t: int | None = None,
    to_t: int | None = None,
    after: tuple[str, int] | None = None,
    limit: int | None = None,
    with_timers: bool = True,
) -> list[StoredSecond]:
    """Stored seconds in (source, t) order: of one source or all, from_t <= t <= to_t, those past
    the (source, t) key `after` (keyset pages), at most `limit`; with their request log (`timers`)
    unless a reader that never looks at it says so (its histograms are the bulk of those rows)."""
    where: list[Any] = [Sample.run_id == run_id]
    if source is not None:
        where.append(Sample.source == source)
    if from_t is not None:
        where.append(Sample.t >= from_t)
    if to_t is not None:
        where.append(Sample.t <= to_t)
    if after is not None:
        where.append(tuple_(Sample.source, Sample.t) > tuple_(*after))
    query = (
        select(Sample.source, Sample.t, Sample.ts, Sample.data, Sample.timers if with_timers else null())
        .where(*where)
        .order_by(Sample.source, Sample.t)
    )
    if limit is not None:
        query = query.limit(limit)
    return [
        StoredSecond(source=src, t=t, data=data, ts=ts, timers=timers)
        for src, t, ts, data, timers in db.execute(query)
    ]


def by_source(seconds: Iterable[Second]) -> RunSeconds:
    """Seconds grouped by their source, each source's in the order given."""
    grouped: dict[str, list[Second]] = {}
    for second in seconds:
        grouped.setdefault(second.source, []).append(second)
    return RunSeconds({source: Seconds(tuple(items)) for source, items in grouped.items()})


def read_run_seconds(db: Session, run_id: int, *, from_t: int | None = None) -> RunSeconds:
    """Every stored second of the run (from `from_t` on), by source, each in t order."""
    return by_source(read_seconds(db, run_id, from_t=from_t))


def latest_t_by_source(db: Session, run_id: int) -> dict[str, int]:
    """The newest second each source of the run has sent."""
    rows = db.execute(
        select(Sample.source, func.max(Sample.t)).where(Sample.run_id == run_id).group_by(Sample.source)
    ).all()
    return {source: t for source, t in rows}


def latest_seconds(db: Session, run_id: int) -> list[StoredSecond]:
    """The newest second of each source of the run, HAProxy's overflow parts (proxy:2 ...) aside."""
    newest = (
        select(Sample.source, func.max(Sample.t).label("t"))
        .where(Sample.run_id == run_id, Sample.source.not_like(f"{PROXY_SOURCE}:%"))
        .group_by(Sample.source)
        .subquery()
    )
    rows = db.execute(
        select(Sample.source, Sample.t, Sample.ts, Sample.data, Sample.timers)
        .join(newest, and_(Sample.source == newest.c.source, Sample.t == newest.c.t))
        .where(Sample.run_id == run_id)
    ).all()
    return [
        StoredSecond(source=source, t=t, data=data, ts=ts, timers=timers)
        for source, t, ts, data, timers in rows
    ]


def first_second_since_start(db: Session, run_id: int) -> StoredSecond | None:
    """The run's earliest second from the load's start on (t >= 0), of any source."""
    row = db.execute(
        select(Sample.source, Sample.t, Sample.ts, Sample.data)
        .where(Sample.run_id == run_id, Sample.t >= 0)
        .order_by(Sample.t)
        .limit(1)
    ).first()
    if row is None:
        return None
    source, t, ts, data = row
    return StoredSecond(source=source, t=t, data=data, ts=ts)
