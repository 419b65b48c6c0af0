"""Run state `partial` (a run whose load did not cover the window it was asked for), and the
config lint warnings a run was launched with.

Revision ID: 0003
Revises: 0002
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BEFORE = ("queued", "preparing", "warming", "running", "collecting", "succeeded", "failed", "cancelled")
_AFTER = (*_BEFORE[:6], "partial", *_BEFORE[6:])


def _allow(states: Sequence[str]) -> None:
    # The enum is stored as VARCHAR(16) with a CHECK constraint (native_enum=False).
    op.drop_constraint(op.f("ck_run_run_state"), "run", type_="check")
    listed = ", ".join(f"'{state}'" for state in states)
    op.create_check_constraint(op.f("ck_run_run_state"), "run", f"state IN ({listed})")


def upgrade() -> None:
    _allow(_AFTER)
    op.add_column(
        "run",
        sa.Column(
            "config_warnings",
            postgresql.JSONB(astext_type=sa.Text()),
            server_default=sa.text("'[]'::jsonb"),
            nullable=False,
        ),
    )


def downgrade() -> None:
    op.drop_column("run", "config_warnings")
    op.execute("UPDATE run SET state = 'failed' WHERE state = 'partial'")
    _allow(_BEFORE)
