"""Chaining a search's probes: after a probe run ends, its search's next probe or its answer.

Driven by the database alone, so it is idempotent: `advance` does something only when every
probe of the search has ended and the search has no answer (the search's row is locked meanwhile),
and then either stores the answer or inserts the next probe run (queued). The dispatcher calls it
in the transaction that finishes a probe and claims the new probe for the lab at once
(worker/dispatch.py: the point's probes run back to back, before any other queued run of the
lab); and, for a search left without a successor (the worker died between the two
transactions, a probe reaped), whenever it claims the lab (`stalled_searches`).
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import exists, insert, select, update
from sqlalchemy.orm import Session, aliased

from backend.models import CapacitySearch, Launch, Run
from backend.runs.capacity.judge import ProbeFailedError, is_staircase, observe, observe_stages
from contract.experiment import ExperimentSpec, probe_spec
from contract.lint import lint
from contract.run_state import RunState
from contract.search import (
    CapacitySearch as SearchSpec,
)
from contract.search import (
    NextProbe,
    Observation,
    SearchAnswer,
    failed_search,
    plan_next,
    staircase_values,
)

log = logging.getLogger(__name__)


def probe_params(params: dict[str, Any], vary: str, value: float) -> dict[str, Any]:
    """A probe run's params: its point's swept values and the value it probes, under the searched
    path (load.rate: 500), so Compare and History show it like any swept value."""
    probed: int | float = int(value) if value == int(value) else value
    return {**params, vary: probed}


def staircase_params(params: dict[str, Any], search: SearchSpec) -> dict[str, Any]:
    """A staircase run's params: under the searched path, words that say it climbed stages
    (load.rate: "staircase 200..800"), never one number: it ran at none of them alone."""
    values = staircase_values(search)
    return {**params, search.vary: f"staircase {values[0]:g}..{values[-1]:g}"}


def probe_run_spec(point_spec: ExperimentSpec, value: float) -> dict[str, Any]:
    return probe_spec(point_spec, value).model_dump(mode="json", by_alias=True)


def run_observations(run: Run, search: SearchSpec) -> list[Observation]:
    """One probe run's observations: one, or a staircase run's counted stages; raises
    ProbeFailedError (see judge.observe)."""
    if is_staircase(run.spec):
        return observe_stages(
            run_id=run.id,
            state=run.state,
            error=run.error,
            summary=run.summary,
            objective=search.objective,
            spec=run.spec,
        )
    return [
        observe(
            run_id=run.id,
            value=float(run.probe_value or 0),
            state=run.state,
            error=run.error,
            summary=run.summary,
            objective=run.thresholds,
        )
    ]


def observations(runs: list[Run], search: SearchSpec) -> list[Observation]:
    """The probes' observations in the order they ran; raises ProbeFailedError (see judge.observe)."""
    return [seen for run in runs for seen in run_observations(run, search)]


def next_step(point_spec: ExperimentSpec, runs: list[Run]) -> NextProbe | SearchAnswer:
    """What follows the search's ended probes: plan_next on their observations, or a failed answer."""
    assert point_spec.search is not None
    try:
        seen = observations(runs, point_spec.search)
    except ProbeFailedError as failed:
        return failed_search([], str(failed)).model_copy(update={"probes": len(runs)})
    return plan_next(point_spec.search, seen)


def advance(db: Session, search_id: int) -> int | None:
    """Answer the search or queue its next probe; returns the new probe run's id (None: nothing
    to do, or answered). Locks the search's row until commit."""
    search = db.scalar(select(CapacitySearch).where(CapacitySearch.id == search_id).with_for_update())
    if search is None or search.answer is not None:
        return None
    runs = list(db.scalars(select(Run).where(Run.search_id == search_id).order_by(Run.id)))
    if not runs or not all(run.state.is_terminal for run in runs):
        return None  # a probe is still queued or running: its end advances the search
    point_spec = ExperimentSpec.model_validate(search.spec)
    step = next_step(point_spec, runs)
    if isinstance(step, SearchAnswer):
        search.answer = step
        log.info("search %s: %s", search_id, step.sentence)
        return None
    if search.lab_id is None:  # the lab was deleted: nowhere to probe
        search.answer = failed_search([], "its lab was deleted").model_copy(update={"probes": len(runs)})
        return None
    assert point_spec.search is not None
    last = runs[-1]
    spec = probe_spec(point_spec, step.value)
    run_id = db.scalar(
        insert(Run)
        .values(
            team_id=search.team_id,
            experiment_id=last.experiment_id,
            experiment_version_id=last.experiment_version_id,
            launch_id=search.launch_id,
            lab_id=search.lab_id,
            created_by_id=last.created_by_id,
            search_id=search.id,
            probe_value=step.value,
            point_index=search.point_index,
            repetition=search.repetition,
            params=probe_params(search.params, point_spec.search.vary, step.value),
            spec=spec.model_dump(mode="json", by_alias=True),
            config_warnings=[w.model_dump() for w in lint(spec)],
            state=RunState.queued,
            command_lines={},
            environment={},
        )
        .returning(Run.id)
    )
    db.execute(update(Launch).where(Launch.id == search.launch_id).values(total_runs=Launch.total_runs + 1))
    log.info("search %s: next probe at %g is run %s", search_id, step.value, run_id)
    return run_id


def stalled_searches(db: Session, lab_id: int) -> list[int]:
    """The lab's searches with no answer whose probes have all ended: a successor was never made."""
    probe = aliased(Run)
    return list(
        db.scalars(
            select(CapacitySearch.id)
            .where(
                CapacitySearch.lab_id == lab_id,
                CapacitySearch.answer.is_(None),
                ~exists().where(probe.search_id == CapacitySearch.id, ~probe.state.in_(_ENDED)),
            )
            .order_by(CapacitySearch.id)
        )
    )


_ENDED = [state for state in RunState if state.is_terminal]


def search_goes_on(db: Session, run_id: int) -> bool:
    """Is `run_id` a probe whose search has no answer yet, so that another probe of the same point
    will likely follow it at once? The warm-lab hook (worker.execution.keep_warm_after) reads
    this to keep HAProxy and the target up between probes."""
    return bool(
        db.scalar(
            select(
                exists().where(
                    Run.id == run_id, Run.search_id == CapacitySearch.id, CapacitySearch.answer.is_(None)
                )
            )
        )
    )
