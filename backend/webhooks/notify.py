"""What happened, as webhook events: a run that ended, a detected change, a silent agent, a
schedule's refused firing.

Called by the worker after a run ends and by the change search; each builds the event's data
and one line for people (a Slack message, the `summary` of haplab's JSON), with the page's link.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from backend.models import Agent, ChangePoint, Experiment, Lab, Run, Schedule, ScheduleFiring
from backend.runs.run_outcome import rule_counts, run_outcome
from backend.settings import get_settings
from backend.webhooks.service import emit
from contract.metrics import BY_KEY, run_metrics
from contract.run_state import TERMINAL_STATES, RunState
from contract.sweep import short_path


def _link(path: str) -> str:
    return f"{get_settings().public_url.rstrip('/')}{path}"


def _point(params: dict[str, Any]) -> str:
    return ", ".join(f"{short_path(path)}={value}" for path, value in params.items())


def run_ended(db: Session, run_id: int) -> list[int]:
    """run.finished / run.failed, and threshold.failed when its report failed; delivery ids."""
    row = db.execute(
        select(Run, Experiment.name)
        .join(Experiment, Experiment.id == Run.experiment_id)
        .where(Run.id == run_id)
    ).one_or_none()
    if row is None:
        return []
    run, experiment = row
    figures = {
        k: v for k, v in run_metrics(run.summary).items() if k in ("rps", "latency_p99_ms", "error_pct")
    }
    outcome = run_outcome(run.state, *rule_counts(run.thresholds))
    data = {
        "run": {
            "id": run.id,
            "url": _link(f"/runs/{run.id}"),
            "experiment_id": run.experiment_id,
            "experiment_name": experiment,
            "launch_id": run.launch_id,
            "params": run.params,
            "state": run.state.value,
            "outcome": outcome.model_dump(mode="json"),
            "error": run.error,
            "figures": figures,
            "thresholds": run.thresholds.model_dump(mode="json") if run.thresholds else None,
        }
    }
    point = f" ({_point(run.params)})" if run.params else ""
    title = f"run {run.id} of {experiment!r}{point}"
    ids: list[int] = []
    if run.state == RunState.succeeded:
        # The one verdict: "succeeded, 1 of 3 rules failed", never a bare "succeeded" beside it.
        ids += emit(
            db,
            run.team_id,
            "run.finished",
            data,
            f"haplab: {title} {outcome.label} {_link(f'/runs/{run.id}')}",
        )
    elif run.state in TERMINAL_STATES - {RunState.cancelled}:
        reason = f": {run.error}" if run.error else ""
        ids += emit(
            db,
            run.team_id,
            "run.failed",
            data,
            f"haplab: {title} ended {outcome.label}{reason} {_link(f'/runs/{run.id}')}",
        )
    if run.thresholds is not None and not run.thresholds.passed:
        lost = [r.text for r in run.thresholds.results if not r.passed]
        text = (
            f"haplab: {title} failed {len(lost)} threshold(s): {'; '.join(lost)} {_link(f'/runs/{run.id}')}"
        )
        ids += emit(db, run.team_id, "threshold.failed", data, text)
    return ids


def change_detected(db: Session, change: ChangePoint, experiment: str) -> list[int]:
    metric = BY_KEY[change.metric]
    way = "" if change.worse is None else (" (worse)" if change.worse else " (better)")
    point = f" at {_point(change.params)}" if change.params else ""
    data = {
        "change": {
            "id": change.id,
            "url": _link("/changes"),
            "experiment_id": change.experiment_id,
            "experiment_name": experiment,
            "params": change.params,
            "metric": change.metric,
            "before_mean": change.before_mean,
            "after_mean": change.after_mean,
            "change_pct": change.change_pct,
            "worse": change.worse,
            "p_value": change.p_value,
            "run_id": change.run_id,
            "run_url": _link(f"/runs/{change.run_id}"),
            "before_run_id": change.before_run_id,
            "differences": change.differences[:10],
        }
    }
    text = (
        f"haplab: {metric.label} of {experiment!r}{point} changed {change.change_pct:+.1f} %{way} "
        f"at run {change.run_id} {_link(f'/runs/{change.run_id}')}"
    )
    return emit(db, change.team_id, "change.detected", data, text)


def agents_gone_silent(db: Session) -> list[int]:
    """agent.offline, once per silence: enrolled agents last heard before the liveness window and
    not told yet; an agent heard again is cleared (its next silence is told again). Delivery ids."""
    db.execute(
        update(Agent)
        .where(Agent.offline_notified_at.is_not(None), Agent.heard_within())
        .values(offline_notified_at=None)
    )
    silent = db.execute(
        select(Agent, Lab.name, Lab.team_id)
        .join(Lab, Lab.id == Agent.lab_id)
        .where(
            Agent.revoked_at.is_(None),
            Agent.last_seen_at.is_not(None),
            Agent.offline_notified_at.is_(None),
            ~Agent.heard_within(),
        )
        .with_for_update(of=Agent, skip_locked=True)
    ).all()
    ids: list[int] = []
    for agent, lab, team_id in silent:
        agent.offline_notified_at = func.now()
        data = {
            "agent": {
                "id": agent.id,
                "name": agent.name,
                "lab_id": agent.lab_id,
                "lab_name": lab,
                "last_seen_at": agent.last_seen_at.isoformat() if agent.last_seen_at else None,
                "url": _link(f"/labs/{agent.lab_id}"),
            }
        }
        heard = f"{agent.last_seen_at:%Y-%m-%d %H:%M:%S} UTC" if agent.last_seen_at else "never"
        page = _link(f"/labs/{agent.lab_id}")
        text = f"haplab: agent {agent.name!r} of lab {lab!r} went silent (last heard {heard}) {page}"
        ids += emit(db, team_id, "agent.offline", data, text)
    db.flush()
    return ids


def schedule_refused(db: Session, schedule: Schedule, firing: ScheduleFiring) -> list[int]:
    experiment = db.scalar(select(Experiment.name).where(Experiment.id == schedule.experiment_id)) or ""
    data = {
        "schedule": {
            "id": schedule.id,
            "name": schedule.name,
            "cron": schedule.cron,
            "timezone": schedule.timezone,
            "experiment_id": schedule.experiment_id,
            "experiment_name": experiment,
            "lab_id": schedule.lab_id,
            "url": _link(f"/experiments/{schedule.experiment_id}"),
        },
        "firing": {"id": firing.id, "fired_at": firing.fired_at.isoformat(), "reason": firing.detail},
    }
    text = (
        f"haplab: the schedule {schedule.name!r} of {experiment!r} launched nothing: {firing.detail} "
        f"{_link(f'/experiments/{schedule.experiment_id}')}"
    )
    return emit(db, schedule.team_id, "schedule.refused", data, text)
