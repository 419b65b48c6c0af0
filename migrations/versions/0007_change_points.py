"""Change points: where a sweep point's figure moved to a new level over its runs.

Revision ID: 0007
Revises: 0006
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "change_point",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("team_id", sa.BigInteger(), nullable=False),
        sa.Column("experiment_id", sa.BigInteger(), nullable=False),
        sa.Column("params", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("params_key", sa.Text(), nullable=False),
        sa.Column("metric", sa.String(length=64), nullable=False),
        sa.Column("run_id", sa.BigInteger(), nullable=False),
        sa.Column("before_run_id", sa.BigInteger(), nullable=False),
        sa.Column("before_mean", sa.Float(), nullable=False),
        sa.Column("after_mean", sa.Float(), nullable=False),
        sa.Column("before_n", sa.Integer(), nullable=False),
        sa.Column("after_n", sa.Integer(), nullable=False),
        sa.Column("change_pct", sa.Float(), nullable=False),
        sa.Column("worse", sa.Boolean(), nullable=True),
        sa.Column("p_value", sa.Float(), nullable=False),
        sa.Column("differences", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("status_by_id", sa.BigInteger(), nullable=True),
        sa.Column("status_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(["before_run_id"], ["run.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["experiment_id"], ["experiment.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_id"], ["run.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["status_by_id"], ["user_account.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("experiment_id", "params_key", "metric", "run_id"),
    )
    op.create_index(op.f("ix_change_point_experiment_id"), "change_point", ["experiment_id"], unique=False)
    op.create_index(op.f("ix_change_point_run_id"), "change_point", ["run_id"], unique=False)
    op.create_index(op.f("ix_change_point_team_id"), "change_point", ["team_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_change_point_team_id"), table_name="change_point")
    op.drop_index(op.f("ix_change_point_run_id"), table_name="change_point")
    op.drop_index(op.f("ix_change_point_experiment_id"), table_name="change_point")
    op.drop_table("change_point")
