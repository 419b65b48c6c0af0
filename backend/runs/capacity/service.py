"""A launch's capacity searches as the API gives them (LaunchDetail.capacity), its capacity rules
judged per sweep point, and the outcome of a search launch."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import groupby

from pydantic import ValidationError
from sqlalchemy.orm import Session

from backend.models import CapacitySearch as SearchRow
from backend.models import Run
from backend.runs.capacity.aggregate import judge_capacity_rule, point_figure
from backend.runs.capacity.chain import run_observations
from backend.runs.capacity.judge import ProbeFailedError
from backend.runs.capacity.schemas import LaunchCapacity, PointCapacity, ProbeRun, SearchRun
from backend.runs.schemas import LaunchOutcome
from backend.teams.scoping import readable
from contract.experiment import ExperimentSpec
from contract.metrics import run_metrics
from contract.search import CapacitySearch, SearchOutcome, stage_metrics
from contract.thresholds import PointThresholdResult


@dataclass(frozen=True)
class CapacityVerdict:
    capacity: LaunchCapacity
    point_thresholds: list[PointThresholdResult]
    outcome: LaunchOutcome


def _probes(run: Run, search: CapacitySearch) -> list[ProbeRun]:
    """The probe run's rows: one, or one per counted stage of a staircase run (same run_id, each
    with its stage's figures)."""
    unjudged = ProbeRun(run_id=run.id, value=float(run.probe_value or 0), state=run.state, passed=None)
    if not run.state.is_terminal:
        return [_with_figures(unjudged, run_metrics(run.summary) if run.summary else {})]
    try:
        seen = run_observations(run, search)
    except ProbeFailedError:  # the run's own state says it failed; its search's answer says why
        return [_with_figures(unjudged, run_metrics(run.summary) if run.summary else {})]
    stages = {stage.index: stage for stage in (run.summary.stages or [])} if run.summary else {}
    rows = []
    for observation in seen:
        figures: Mapping[str, object] = {}
        if observation.stage_index is None:
            figures = run_metrics(run.summary) if run.summary else {}
        elif (stage := stages.get(observation.stage_index)) is not None:
            figures = stage_metrics(stage)
        row = unjudged.model_copy(
            update={
                "value": observation.value,
                "stage_index": observation.stage_index,
                "passed": observation.passed,
                "inconclusive": observation.inconclusive,
                "failed_rule": observation.failed_rule,
            }
        )
        rows.append(_with_figures(row, figures))
    return rows


def _with_figures(row: ProbeRun, figures: Mapping[str, object]) -> ProbeRun:
    return row.model_copy(
        update={
            "rps": _number(figures.get("rps")),
            "latency_p99_ms": _number(figures.get("latency_p99_ms")),
            "error_pct": _number(figures.get("error_pct")),
        }
    )


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def launch_capacity(db: Session, team_id: int, launch_id: int) -> CapacityVerdict | None:
    """The team's launch's searches, per sweep point; None when the launch has none (no search in
    its spec)."""
    searches = list(
        db.scalars(
            readable(SearchRow, team_id)
            .where(SearchRow.launch_id == launch_id)
            .order_by(SearchRow.point_index, SearchRow.repetition)
        )
    )
    if not searches:
        return None
    probes: dict[int, list[Run]] = {}
    for run in db.scalars(
        readable(Run, team_id).where(Run.launch_id == launch_id, Run.search_id.is_not(None)).order_by(Run.id)
    ):
        probes.setdefault(run.search_id or 0, []).append(run)
    try:
        first_spec = ExperimentSpec.model_validate(searches[0].spec)
    except ValidationError:
        return None  # stored by an older version no model of this one reads
    search = first_spec.search
    assert search is not None
    points: list[PointCapacity] = []
    results: list[PointThresholdResult] = []
    for point_index, rows in groupby(searches, key=lambda row: row.point_index):
        point_searches = list(rows)
        answers = [row.answer for row in point_searches]
        figure = point_figure(search, answers)
        params = point_searches[0].params
        points.append(
            PointCapacity(
                point_index=point_index,
                params=params,
                outcome=figure.outcome,
                capacity=figure.capacity,
                ci_low=figure.ci_low,
                ci_high=figure.ci_high,
                safe=figure.safe,
                sentence=figure.sentence,
                searches=[
                    SearchRun(
                        id=row.id,
                        point_index=row.point_index,
                        repetition=row.repetition,
                        answer=row.answer,
                        probes=[p for run in probes.get(row.id, []) for p in _probes(run, search)],
                    )
                    for row in point_searches
                ],
            )
        )
        ended = [answer for answer in answers if answer is not None]
        if len(ended) < len(answers):
            continue  # a point's rules wait for every one of its searches
        point_spec = ExperimentSpec.model_validate(point_searches[0].spec)
        for index, rule in enumerate(point_spec.thresholds):
            if rule.judges_capacity:
                results.append(
                    judge_capacity_rule(
                        index, rule, search=search, point_index=point_index, params=params, answers=ended
                    )
                )
    capacity = LaunchCapacity(
        search=search, unit=search.unit, done=all(p.outcome is not None for p in points), points=points
    )
    return CapacityVerdict(
        capacity, sorted(results, key=lambda r: (r.index, r.point_index)), _outcome(capacity, results)
    )


def _outcome(capacity: LaunchCapacity, results: list[PointThresholdResult]) -> LaunchOutcome:
    """running until every search answered; runs_failed when one failed or was inconclusive (its
    probes could not judge the config); thresholds_failed when a capacity rule failed. A probe
    that failed the objective is how a search finds the capacity, not a failure."""
    if not capacity.done:
        return "running"
    answers = [s.answer for p in capacity.points for s in p.searches]
    if any(a is None or a.outcome in (SearchOutcome.failed, SearchOutcome.inconclusive) for a in answers):
        return "runs_failed"
    if not all(result.passed for result in results):
        return "thresholds_failed"
    return "passed"
