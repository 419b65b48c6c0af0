"""Runs side by side: one row per run, the union of their swept params, headline metrics.

The metrics are read from the run's summary (spec.results.RunSummary JSON) by path, so a run
without a summary (queued, failed early) still gets a row, with empty metrics.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from backend.errors import not_found
from backend.models import Experiment, ExperimentVersion, Run
from backend.runs.schemas import CompareRow, CompareTable
from spec.lint import ConfigWarning

# Column name -> path in RunSummary. The order here is the column order of every export.
METRICS: dict[str, tuple[str, ...]] = {
    "rps": ("total", "rps"),
    "requests": ("total", "requests"),
    "successes": ("total", "successes"),
    "errors_total": ("total", "errors", "total"),
    "errors_connect": ("total", "errors", "connect"),
    "errors_timeout": ("total", "errors", "timeout"),
    "errors_non_2xx": ("total", "errors", "non_2xx"),
    "errors_other": ("total", "errors", "other"),
    "latency_p50_ms": ("total", "latency", "p50"),
    "latency_p90_ms": ("total", "latency", "p90"),
    "latency_p99_ms": ("total", "latency", "p99"),
    "latency_max_ms": ("total", "latency", "max"),
    "bytes_per_s": ("total", "bytes_per_s"),
    "duration_s": ("total", "duration_s"),
    "proxy_connects": ("proxy", "connects"),
    "proxy_reuses": ("proxy", "reuses"),
    "proxy_econ": ("proxy", "econ"),
    "proxy_eresp": ("proxy", "eresp"),
    "proxy_max_scur": ("proxy", "max_scur"),
    "proxy_max_qcur": ("proxy", "max_qcur"),
    "proxy_requests": ("proxy", "requests"),
    "proxy_bytes_out_per_s": ("proxy", "bytes_out_per_s"),
    "proxy_max_server_conns": ("proxy", "max_server_conns"),
}


def headline_metrics(summary: dict[str, Any] | None) -> dict[str, int | float | None]:
    metrics = {name: _number_at(summary, path) for name, path in METRICS.items()}
    if metrics["errors_total"] is None:
        # ErrorCounts.total is computed; a summary stored without it still has the parts.
        parts = [metrics[f"errors_{kind}"] for kind in ("connect", "timeout", "non_2xx", "other")]
        known = [p for p in parts if p is not None]
        metrics["errors_total"] = sum(known) if known else None
    return metrics


def _number_at(doc: dict[str, Any] | None, path: tuple[str, ...]) -> int | float | None:
    node: Any = doc
    for key in path:
        if not isinstance(node, dict):
            return None
        node = node.get(key)
    if isinstance(node, bool) or not isinstance(node, int | float):
        return None
    return node


def compare_runs(db: Session, team_id: int, run_ids: list[int]) -> CompareTable:
    """The table of `run_ids` (in that order, duplicates dropped); 404 names a missing run."""
    wanted = list(dict.fromkeys(run_ids))
    rows = db.execute(
        select(
            Run.id,
            Run.experiment_id,
            Experiment.name,
            ExperimentVersion.version,
            Run.lab_id,
            Run.point_index,
            Run.repetition,
            Run.state,
            Run.finished_at,
            Run.params,
            Run.summary,
            Run.config_warnings,
        )
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
        .where(Run.id.in_(wanted), Run.team_id == team_id)
    ).all()
    by_id = {row.id: row for row in rows}
    for run_id in wanted:
        if run_id not in by_id:
            raise not_found("run", run_id)
    param_columns: dict[str, None] = {}
    table_rows = []
    for run_id in wanted:
        row = by_id[run_id]
        param_columns.update(dict.fromkeys(row.params))
        table_rows.append(
            CompareRow(
                run_id=row.id,
                experiment_id=row.experiment_id,
                experiment_name=row.name,
                experiment_version=row.version,
                lab_id=row.lab_id,
                point_index=row.point_index,
                repetition=row.repetition,
                state=row.state,
                finished_at=row.finished_at,
                params=row.params,
                metrics=headline_metrics(row.summary),
                config_warnings=row.config_warnings or [],
            )
        )
    return CompareTable(
        param_columns=list(param_columns),
        metric_columns=list(METRICS),
        rows=table_rows,
        no_op_params=no_op_params(list(param_columns), table_rows),
    )


def no_op_params(params: list[str], rows: list[CompareRow]) -> list[ConfigWarning]:
    """Compared parameters that differ between the runs while a run says they do nothing there:
    the difference between those runs is the machine's noise, not the setting."""
    found: dict[str, ConfigWarning] = {}
    for param in params:
        if len({repr(row.params.get(param)) for row in rows}) < 2:
            continue
        for row in rows:
            for warning in row.config_warnings:
                if warning.field == param:
                    found.setdefault(param, warning)
    return list(found.values())
