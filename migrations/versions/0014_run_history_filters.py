"""The History at a million runs, filtered: a figure sorted within a state filter, and the count
under an experiment, tag or text filter.

- (team_id, state, <sorted column>, id), one per direction (NULLs last both ways, as the
  (team_id, <column>, id) pair of 0004), for finish time and the five figures: 12 indexes. Without
  them, failed runs sorted by p99 walked the team's p99 index and read each run's state: failed
  runs have no p99, so the 800,000 runs with one were read before the first failed run (3 s at a
  million runs); any state whose runs lack the value (queued or running ones have no finish time
  either), or are few, did the same. With them each state filtered is a range read in the list's
  order, and the page stops after 50 (backend/runs/service.py _page_keys merges several states).
- (experiment_id, id) and (experiment_version_id, id) carry team_id (INCLUDE): the total, counted
  up to 10,001 runs under an experiment or tag filter (or a text search, through the versions),
  is read from the index instead of the runs' rows (40-50 ms -> 2 ms at a million runs). Each is
  rebuilt under a new name, the old one dropped, the new one renamed: the same two indexes.

About 55 MB per index per million runs. Built CONCURRENTLY, so a live history keeps taking runs
while they build (2-6 s each per million runs).

Revision ID: 0014
Revises: 0013
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_SORTED = ("finished_at", "rps", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms", "error_pct")

# Indexes of run whose rows also give the team: (name, leading column).
_WITH_TEAM = (("ix_run_experiment", "experiment_id"), ("ix_run_experiment_version", "experiment_version_id"))


def _state_sort_indexes() -> dict[str, list[str | sa.TextClause]]:
    indexes: dict[str, list[str | sa.TextClause]] = {}
    for name in _SORTED:
        # One per direction, as in 0004: a b-tree read backwards would put the NULLs first.
        indexes[f"ix_run_team_state_{name}_desc"] = [
            "team_id",
            "state",
            sa.text(f"{name} DESC NULLS LAST"),
            sa.text("id DESC"),
        ]
        indexes[f"ix_run_team_state_{name}_asc"] = ["team_id", "state", name, "id"]
    return indexes


def _rebuild(name: str, column: str, include: list[str]) -> None:
    """Index `name` as (column, id) INCLUDE (include), built beside the old one then renamed."""
    op.create_index(
        f"{name}_new",
        "run",
        [column, "id"],
        postgresql_include=include,
        postgresql_concurrently=True,
        if_not_exists=True,
    )
    op.drop_index(name, "run", postgresql_concurrently=True, if_exists=True)
    op.execute(sa.text(f"ALTER INDEX {name}_new RENAME TO {name}"))


def upgrade() -> None:
    with op.get_context().autocommit_block():
        for name, columns in _state_sort_indexes().items():
            op.create_index(name, "run", columns, postgresql_concurrently=True, if_not_exists=True)
        for name, column in _WITH_TEAM:
            _rebuild(name, column, ["team_id"])


def downgrade() -> None:
    with op.get_context().autocommit_block():
        for name, column in _WITH_TEAM:
            _rebuild(name, column, [])
        for name in reversed(_state_sort_indexes()):
            op.drop_index(name, "run", postgresql_concurrently=True, if_exists=True)
