"""The History's sixth figure: HAProxy's most client connections accepted in a second of the
window (proxy_max_conn_rate, summary proxy.max_conn_rate, from the entry frontend's conn_tot), a
generated column of run from the stored summary like the five of 0004, with its indexes to sort a
team's runs by it (0004) and within a state filter (0014). Runs collected before the figure was
measured have none (NULL). Adding a stored generated column rewrites the table once (seconds for
100,000 runs); the indexes are built CONCURRENTLY, so a live history keeps taking runs meanwhile.

Revision ID: 0018
Revises: 0017
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NAME = "proxy_max_conn_rate"
# A frozen copy of backend/models/run.py's expression for the summary path (a migration must not
# change when the models do later).
_AT = "'{proxy,max_conn_rate}'::text[]"
_SQL = (
    f"CASE WHEN (jsonb_typeof((summary #> {_AT})) = 'number'::text)"
    f" THEN ((summary #>> {_AT}))::numeric ELSE NULL::numeric END"
)


def _indexes() -> dict[str, list[str | sa.TextClause]]:
    # One per direction: a b-tree read backwards would put the NULLs (no figure) first.
    return {
        f"ix_run_team_{_NAME}_desc": ["team_id", sa.text(f"{_NAME} DESC NULLS LAST"), sa.text("id DESC")],
        f"ix_run_team_{_NAME}_asc": ["team_id", _NAME, "id"],
        f"ix_run_team_state_{_NAME}_desc": [
            "team_id",
            "state",
            sa.text(f"{_NAME} DESC NULLS LAST"),
            sa.text("id DESC"),
        ],
        f"ix_run_team_state_{_NAME}_asc": ["team_id", "state", _NAME, "id"],
    }


def upgrade() -> None:
    op.add_column("run", sa.Column(_NAME, sa.Numeric(), sa.Computed(_SQL, persisted=True), nullable=True))
    with op.get_context().autocommit_block():
        for name, columns in _indexes().items():
            op.create_index(name, "run", columns, postgresql_concurrently=True, if_not_exists=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        for name in reversed(_indexes()):
            op.drop_index(name, "run", postgresql_concurrently=True, if_exists=True)
    op.drop_column("run", _NAME)
