"""Per-second series of several runs on one time axis, for overlays on the compare page.

Every run's samples already share an origin: t = 0 is the start of its measured load (warm-up
seconds are negative), so aligning runs on their start is reading t as it is. One query reads
only the requested keys (`data -> key`) of the requested sources, never the whole JSONB, so 50
runs of a few hundred seconds stay one index range scan per run.
"""

from __future__ import annotations

from sqlalchemy import Float, select
from sqlalchemy.orm import Session

from backend.models import Run, Sample
from backend.runs.compare.schemas import CompareSeries, RunSeries, SeriesKey
from backend.runs.compare.selection import distinct, require_found
from backend.teams.scoping import runs_among


def compare_series(db: Session, team_id: int, run_ids: list[int], keys: list[SeriesKey]) -> CompareSeries:
    wanted = distinct(run_ids)
    found = set(db.scalars(runs_among(team_id, wanted, Run.id)))
    require_found(wanted, found)
    sources = sorted({key.source for key in keys})
    metrics = sorted({key.metric for key in keys})
    columns = [Sample.data[m].astext.cast(Float).label(f"m{i}") for i, m in enumerate(metrics)]
    rows = db.execute(
        select(Sample.run_id, Sample.source, Sample.t, *columns)
        .where(Sample.run_id.in_(wanted), Sample.source.in_(sources))
        .order_by(Sample.run_id, Sample.t)
    )
    slot = {(key.source, key.metric): j for j, key in enumerate(keys)}
    metric_index = {m: i for i, m in enumerate(metrics)}
    by_run: dict[int, dict[int, list[float | None]]] = {r: {} for r in wanted}
    for row in rows:
        run_id, source, t, *values = row
        seconds = by_run[run_id].setdefault(t, [None] * len(keys))
        for m, i in metric_index.items():
            j = slot.get((source, m))
            if j is not None and values[i] is not None:
                seconds[j] = values[i]
    return CompareSeries(
        series=keys,
        runs=[
            RunSeries(run_id=r, t=sorted(by_run[r]), values=[by_run[r][t] for t in sorted(by_run[r])])
            for r in wanted
        ],
    )
