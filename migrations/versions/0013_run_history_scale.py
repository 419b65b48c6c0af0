"""The History at a million runs: three indexes of run.

- (team_id, created_at, id): the list's creation order and its date filters (since/until) in one
  range of one index, read either way; the list sorts by creation time (ties by id) through it.
- (team_id, state, created_at, id): the state filter (failed runs, say) as a range in creation
  order, for the page and for the count up to 10,000 without reading a run per entry.
- (experiment_version_id, id): runs of the versions whose note a text search found (and the
  cascade when a version is deleted), instead of reading every run.

Built CONCURRENTLY, so a live history keeps taking runs while they build (about 2 s each per
million runs).

Revision ID: 0013
Revises: 0012
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_INDEXES = {
    "ix_run_team_created_at": ["team_id", "created_at", "id"],
    "ix_run_team_state": ["team_id", "state", "created_at", "id"],
    "ix_run_experiment_version": ["experiment_version_id", "id"],
}


def upgrade() -> None:
    with op.get_context().autocommit_block():
        for name, columns in _INDEXES.items():
            op.create_index(name, "run", columns, postgresql_concurrently=True, if_not_exists=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        for name in reversed(_INDEXES):
            op.drop_index(name, "run", postgresql_concurrently=True, if_exists=True)
