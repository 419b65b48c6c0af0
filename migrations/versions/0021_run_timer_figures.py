"""The History's seventh and eighth figures: where a slow p99 went, from HAProxy's request log
(issue 32): tw_p99_ms (the 99th percentile of the time requests waited in HAProxy's queues, summary
timers.tw.p99) and tr_p99_ms (of the server's response time, timers.tr.p99), generated columns of
run from the stored summary like proxy_max_conn_rate (0018), each with its indexes to sort a team's
runs by it and within a state filter. Runs collected without the log (before it, or with
timers.collect off) have none (NULL). Adding the stored generated columns rewrites the table once;
the indexes are built CONCURRENTLY.

Revision ID: 0021
Revises: 0020
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Column -> its summary path, as text[] (frozen copies of backend/models/run.py's expression: a
# migration must not change when the models do later).
_COLUMNS = {
    "tw_p99_ms": "'{timers,tw,p99}'::text[]",
    "tr_p99_ms": "'{timers,tr,p99}'::text[]",
}


def _sql(at: str) -> str:
    return (
        f"CASE WHEN (jsonb_typeof((summary #> {at})) = 'number'::text)"
        f" THEN ((summary #>> {at}))::numeric ELSE NULL::numeric END"
    )


def _indexes(name: str) -> dict[str, list[str | sa.TextClause]]:
    # One per direction: a b-tree read backwards would put the NULLs (no figure) first.
    return {
        f"ix_run_team_{name}_desc": ["team_id", sa.text(f"{name} DESC NULLS LAST"), sa.text("id DESC")],
        f"ix_run_team_{name}_asc": ["team_id", name, "id"],
        f"ix_run_team_state_{name}_desc": [
            "team_id",
            "state",
            sa.text(f"{name} DESC NULLS LAST"),
            sa.text("id DESC"),
        ],
        f"ix_run_team_state_{name}_asc": ["team_id", "state", name, "id"],
    }


def upgrade() -> None:
    for name, at in _COLUMNS.items():
        op.add_column("run", sa.Column(name, sa.Numeric(), sa.Computed(_sql(at), persisted=True), nullable=True))
    with op.get_context().autocommit_block():
        for name in _COLUMNS:
            for index, columns in _indexes(name).items():
                op.create_index(index, "run", columns, postgresql_concurrently=True, if_not_exists=True)


def downgrade() -> None:
    with op.get_context().autocommit_block():
        for name in reversed(_COLUMNS):
            for index in reversed(_indexes(name)):
                op.drop_index(index, "run", postgresql_concurrently=True, if_exists=True)
    for name in reversed(_COLUMNS):
        op.drop_column("run", name)
