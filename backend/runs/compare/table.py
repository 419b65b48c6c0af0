"""Runs side by side: one row per run, the union of their swept params, headline metrics.

The metrics are the registry's (contract.metrics), read from the run's summary, so a run without a
summary (queued, failed early) still gets a row, with empty metrics.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from backend.models import Experiment, ExperimentVersion, Run
from backend.runs.compare.schemas import CompareRow, CompareTable
from backend.runs.compare.selection import distinct, require_found
from backend.runs.run_outcome import rule_counts, run_outcome
from backend.teams.scoping import runs_among
from contract.lint import ConfigWarning
from contract.metrics import RUN_METRIC_KEYS, run_metrics
from contract.results import RunSummary
from contract.run_environment import RunEnvironment
from contract.verdict import INJECTOR_BOUNDS


def compare_runs(db: Session, team_id: int, run_ids: list[int]) -> CompareTable:
    """The table of `run_ids` (in that order, duplicates dropped); 404 names a missing run."""
    wanted = distinct(run_ids)
    rows = db.execute(
        runs_among(
            team_id,
            wanted,
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
            Run.thresholds,
            Run.search_id,
            Run.environment,
        )
        .join(Experiment, Experiment.id == Run.experiment_id)
        .join(ExperimentVersion, ExperimentVersion.id == Run.experiment_version_id)
    ).all()
    by_id = {row.id: row for row in rows}
    require_found(wanted, by_id)
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
                outcome=run_outcome(row.state, *rule_counts(row.thresholds), probe=row.search_id is not None),
                capacity_note=shared_cpu_bound(row.summary, row.environment),
                finished_at=row.finished_at,
                params=row.params,
                metrics=run_metrics(row.summary),
                config_warnings=row.config_warnings or [],
                thresholds=row.thresholds,
            )
        )
    return CompareTable(
        param_columns=list(param_columns),
        metric_columns=list(RUN_METRIC_KEYS),
        rows=table_rows,
        no_op_params=no_op_params(list(param_columns), table_rows),
    )


# Bounds read from a host's CPU (or a load tool behind its schedule): on a machine HAProxy shares
# with the load tool, either is both.
CPU_BOUNDS = INJECTOR_BOUNDS | {"proxy_cpu"}


def shared_cpu_bound(summary: RunSummary | None, environment: RunEnvironment | None) -> str | None:
    """Why a run bound by a CPU that HAProxy shared with the load tool is no measure of HAProxy's
    capacity; None for every other run."""
    verdict = summary.verdict if summary else None
    machine = environment.sharing("proxy", "injector") if environment else None
    if verdict is None or verdict.kind not in CPU_BOUNDS or machine is None:
        return None
    what = "the load tool's" if verdict.kind in INJECTOR_BOUNDS else "HAProxy's"
    return (
        f"Bound by {what} CPU on a machine HAProxy shared with the load tool ({', '.join(machine.agents)}): "
        "not a measure of HAProxy's capacity, and not comparable for it."
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
