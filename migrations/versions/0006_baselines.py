"""Baselines: a sweep point's runs pinned as what later runs of that point are compared with.

Revision ID: 0006
Revises: 0005
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "baseline",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("team_id", sa.BigInteger(), nullable=False),
        sa.Column("experiment_id", sa.BigInteger(), nullable=False),
        sa.Column("params", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("params_key", sa.Text(), nullable=False),
        sa.Column("run_ids", postgresql.ARRAY(sa.BigInteger()), nullable=False),
        sa.Column("pinned_from", sa.String(length=16), nullable=False),
        sa.Column("launch_id", sa.BigInteger(), nullable=True),
        sa.Column("created_by_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(["created_by_id"], ["user_account.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["experiment_id"], ["experiment.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["launch_id"], ["launch.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("experiment_id", "params_key"),
    )
    op.create_index(op.f("ix_baseline_experiment_id"), "baseline", ["experiment_id"], unique=False)
    op.create_index(op.f("ix_baseline_team_id"), "baseline", ["team_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_baseline_team_id"), table_name="baseline")
    op.drop_index(op.f("ix_baseline_experiment_id"), table_name="baseline")
    op.drop_table("baseline")
