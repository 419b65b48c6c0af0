"""An experiment's run counts by state, read from an index: (experiment_id, id) carries the state
too (INCLUDE team_id, state).

The Experiments page and each experiment's page count its runs by state (backend/experiments/
summaries.py). The index gave the runs but not their state, so every run's row was read: at a
million runs in five experiments, GET /experiments read all million rows on every view. With the
state in the index the count is an index-only scan. Rebuilt as in 0014: built beside the old one
(CONCURRENTLY, so a live history keeps taking runs), the old one dropped, the new one renamed.

Revision ID: 0015
Revises: 0014
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _rebuild(include: list[str]) -> None:
    op.create_index(
        "ix_run_experiment_new",
        "run",
        ["experiment_id", "id"],
        postgresql_include=include,
        postgresql_concurrently=True,
        if_not_exists=True,
    )
    op.drop_index("ix_run_experiment", "run", postgresql_concurrently=True, if_exists=True)
    op.execute(sa.text("ALTER INDEX ix_run_experiment_new RENAME TO ix_run_experiment"))


def upgrade() -> None:
    with op.get_context().autocommit_block():
        _rebuild(["team_id", "state"])


def downgrade() -> None:
    with op.get_context().autocommit_block():
        _rebuild(["team_id"])
