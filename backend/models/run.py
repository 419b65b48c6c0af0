from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    Computed,
    Enum,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    SmallInteger,
    String,
    Text,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, validates

from backend.models.base import Base, CreatedAtMixin, IdMixin
from backend.models.typed_json import ModelJSON, as_model
from contract.metrics import BY_KEY, HISTORY_KEYS, HISTORY_METRICS
from contract.results import RunSummary, stored_summary
from contract.run_environment import RunEnvironment, stored_environment
from contract.run_state import RunState
from contract.thresholds import ThresholdReport


def _summary_number(path: str) -> str:
    """SQL: the JSON number at a dotted summary path, or NULL. Never an error (a generated column
    that raised would refuse the summary itself). Written as PostgreSQL prints it back, so
    `alembic check` finds nothing to compare."""
    at = "'{" + path.replace(".", ",") + "}'::text[]"
    return (
        f"CASE WHEN (jsonb_typeof((summary #> {at})) = 'number'::text)"
        f" THEN ((summary #>> {at}))::numeric ELSE NULL::numeric END"
    )


def _figure(key: str) -> str:
    return _summary_number(BY_KEY[key].path)


def _error_pct() -> str:
    # LoadTotals.error_pct in SQL: the error total is the sum of its kinds (as ErrorCounts.total).
    errors = " + ".join(
        f"COALESCE({_summary_number(f'total.errors.{kind}')}, (0)::numeric)"
        for kind in ("connect", "timeout", "non_2xx", "other")
    )
    requests = _summary_number("total.requests")
    return (
        f"CASE WHEN ({requests} > (0)::numeric) THEN (((100)::numeric * ({errors})) / {requests})"
        " ELSE NULL::numeric END"
    )


# The verdict's bound kind, from the summary's shape of today (verdict.kind) or of older workers
# (bound.kind, or a bare sentence: unknown), as contract.results.stored_summary reads them.
_BOUND = (
    "COALESCE((summary #>> '{bound,kind}'::text[]), (summary #>> '{verdict,kind}'::text[]),"
    " CASE WHEN (jsonb_typeof((summary -> 'verdict'::text)) = 'string'::text) THEN 'unknown'::text"
    " ELSE NULL::text END)"
)


_THRESHOLDS_PASSED = (
    "CASE WHEN (jsonb_typeof((thresholds -> 'passed'::text)) = 'boolean'::text)"
    " THEN ((thresholds ->> 'passed'::text))::boolean ELSE NULL::boolean END"
)


# Figures whose summary path is derived (a property), not stored: their SQL.
_FIGURE_SQL = {"error_pct": _error_pct()}


def _figure_column(sql: str) -> Mapped[float | None]:
    return mapped_column(Numeric(asdecimal=False), Computed(sql, persisted=True))


class Run(IdMixin, CreatedAtMixin, Base):
    """One point of a sweep, one repetition. Runs on one lab execute in `id` order.

    `state` only changes through backend.runs.transitions (guarded UPDATEs), never by
    assigning the attribute, so a cancel racing a completion cannot corrupt it.
    """

    __tablename__ = "run"
    __table_args__ = (
        Index("ix_run_team_created", "team_id", "id"),
        # The History's creation order and date filters (migration 0013).
        Index("ix_run_team_created_at", "team_id", "created_at", "id"),
        Index("ix_run_team_state", "team_id", "state", "created_at", "id"),
        # With the team (migration 0014), so the History's count under an experiment, tag or text
        # filter is read from the index alone, not from up to 10,001 rows.
        Index("ix_run_experiment_version", "experiment_version_id", "id", postgresql_include=["team_id"]),
        Index("ix_run_lab_state", "lab_id", "state", "id"),
        # And the state (migration 0015): an experiment's run counts by state, from the index alone.
        Index("ix_run_experiment", "experiment_id", "id", postgresql_include=["team_id", "state"]),
        Index("ix_run_launch", "launch_id", "point_index", "repetition"),
        Index("ix_run_search", "search_id", "id"),
    )

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"))
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiment.id", ondelete="CASCADE"))
    experiment_version_id: Mapped[int] = mapped_column(
        ForeignKey("experiment_version.id", ondelete="CASCADE")
    )
    launch_id: Mapped[int] = mapped_column(ForeignKey("launch.id", ondelete="CASCADE"))
    # NULL once the lab is deleted: the run history outlives the hardware it ran on.
    lab_id: Mapped[int | None] = mapped_column(ForeignKey("lab.id", ondelete="SET NULL"))
    rerun_of_id: Mapped[int | None] = mapped_column(ForeignKey("run.id", ondelete="SET NULL"))
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"))

    # A capacity search's probe (backend/models/capacity_search.py): its search and the value it
    # probed (req/s or connections); NULL for every other run.
    search_id: Mapped[int | None] = mapped_column(ForeignKey("capacity_search.id", ondelete="CASCADE"))
    probe_value: Mapped[float | None] = mapped_column(Numeric(asdecimal=False))

    # Position in the sweep: index of the point in the cartesian product, and repetition (0-based).
    point_index: Mapped[int] = mapped_column(Integer)
    repetition: Mapped[int] = mapped_column(SmallInteger)
    # The swept values of this point, keyed by dotted path, e.g. {"proxy.global.maxconn": 40}.
    params: Mapped[dict[str, Any]]
    # The fully resolved ExperimentSpec of this run (sweep values applied), as JSON.
    spec: Mapped[dict[str, Any]]

    state: Mapped[RunState] = mapped_column(
        Enum(RunState, native_enum=False, create_constraint=True, length=16, name="run_state"),
        default=RunState.queued,
    )
    state_changed_at: Mapped[datetime | None]
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    cancel_requested_at: Mapped[datetime | None]
    celery_task_id: Mapped[str | None] = mapped_column(String(64))

    rendered_config: Mapped[str | None] = mapped_column(Text)
    # Exact argv of every tool the run started, by agent: {"injector-1": [["wrk", "-t2", ...]]}.
    command_lines: Mapped[dict[str, Any]] = mapped_column(default=dict)
    # What each load tool printed (stdout, then stderr; bounded by the agent), by agent. Deferred:
    # only the raw-output download reads it, never a list of runs.
    tool_output: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default="{}", deferred=True)
    # The agents' host facts (haproxy -vv, kernel, tools, sysctls), resolved names, applied shaping.
    environment: Mapped[RunEnvironment] = mapped_column(
        ModelJSON(RunEnvironment, stored_environment), default=RunEnvironment
    )
    # contract.lint warnings of this run's resolved spec at launch ([{field, message}]): settings that
    # do nothing or contradict each other, kept with the run it was measured with.
    config_warnings: Mapped[list[dict[str, Any]]] = mapped_column(
        JSONB, default=list, server_default=text("'[]'::jsonb")
    )
    # contract.results.RunSummary once collected (read through stored_summary: older shapes too).
    summary: Mapped[RunSummary | None] = mapped_column(ModelJSON(RunSummary, stored_summary))
    error: Mapped[str | None] = mapped_column(Text)
    # contract.thresholds.ThresholdReport: every threshold rule's value, limit and outcome, once
    # collected (None: the spec has no rules, or the run was not judged: failed, cancelled).
    thresholds: Mapped[ThresholdReport | None] = mapped_column(ModelJSON(ThresholdReport))

    # The History's figures, generated by PostgreSQL from the summary whenever it is written (by
    # collect, a cut-short run, a test or a bench seed alike), so they can never disagree with it;
    # named by their metric registry key (contract/metrics.py). Small indexed columns make the list
    # sortable by them without reading a single summary.
    # One per figure of contract.metrics.HISTORY_METRICS, written into the class body from the registry
    # (a new one needs its migration: tests/infra/test_migrations_match_models.py says which).
    for _metric in HISTORY_METRICS:
        vars()[_metric.key] = _figure_column(_FIGURE_SQL.get(_metric.key) or _figure(_metric.key))
    del _metric
    if TYPE_CHECKING:  # what the loop above declares, for the type checker

        def __getattr__(self, key: str) -> Mapped[float | None]: ...

    bound: Mapped[str | None] = mapped_column(Text, Computed(_BOUND, persisted=True))
    # Did every threshold pass? For the History's filter; NULL when the run was not judged.
    thresholds_passed: Mapped[bool | None] = mapped_column(
        Boolean, Computed(_THRESHOLDS_PASSED, persisted=True)
    )

    @validates("summary")
    def _typed_summary(self, _key: str, value: object) -> RunSummary | None:
        return as_model(value, RunSummary, stored_summary)

    @validates("thresholds")
    def _typed_thresholds(self, _key: str, value: object) -> ThresholdReport | None:
        return as_model(value, ThresholdReport)

    @validates("environment")
    def _typed_environment(self, _key: str, value: object) -> RunEnvironment:
        return as_model(value or {}, RunEnvironment, stored_environment) or RunEnvironment()


# The History sorts a team's runs by these, either way, runs without the value last and ties by
# id (backend/runs/service.py _ordering): one index per direction, because a b-tree read backwards
# puts NULLs first. Each serves ORDER BY ... LIMIT by walking it, as (team_id, id) does for newest.
# And the same within a state filter (migration 0014), each state a range of its own: walking the
# team's index and testing each run's state read the whole index whenever the state's runs have
# no value (failed runs by p99: 3 s at a million runs).
SORTED_COLUMNS = ("finished_at", *HISTORY_KEYS)
for _name in SORTED_COLUMNS:
    _column = getattr(Run, _name)
    Index(f"ix_run_team_{_name}_desc", Run.team_id, _column.desc().nulls_last(), Run.id.desc())
    Index(f"ix_run_team_{_name}_asc", Run.team_id, _column, Run.id)  # ascending: NULLs last already
    Index(
        f"ix_run_team_state_{_name}_desc",
        Run.team_id,
        Run.state,
        _column.desc().nulls_last(),
        Run.id.desc(),
    )
    Index(f"ix_run_team_state_{_name}_asc", Run.team_id, Run.state, _column, Run.id)
