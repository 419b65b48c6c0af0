"""Schedules, their firings, launch.schedule_id; Celery beat's own tables (sqlalchemy-celery-beat).

Revision ID: 0011
Revises: 0010
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The library's models name this schema; its tables are created from its own metadata (pinned in
# uv.lock), so the API can write a schedule's beat entry before beat ever started. A library
# upgrade that changes its tables needs a migration of its own.
BEAT_SCHEMA = "celery_schema"


def upgrade() -> None:
    op.create_table(
        "schedule",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("team_id", sa.BigInteger(), nullable=False),
        sa.Column("experiment_id", sa.BigInteger(), nullable=False),
        sa.Column("lab_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("cron", sa.String(length=400), nullable=False),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("if_lab_busy", sa.String(length=16), nullable=False),
        sa.Column("if_previous_running", sa.String(length=16), nullable=False),
        sa.Column("overrides", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("created_by_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(["created_by_id"], ["user_account.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["experiment_id"], ["experiment.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["lab_id"], ["lab.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_schedule_team_id"), "schedule", ["team_id"], unique=False)
    op.create_index(op.f("ix_schedule_experiment_id"), "schedule", ["experiment_id"], unique=False)
    op.create_index(op.f("ix_schedule_lab_id"), "schedule", ["lab_id"], unique=False)
    op.create_table(
        "schedule_firing",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("schedule_id", sa.BigInteger(), nullable=False),
        sa.Column("task_id", sa.String(length=80), nullable=False),
        sa.Column("fired_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("outcome", sa.String(length=32), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("launch_id", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["launch_id"], ["launch.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["schedule_id"], ["schedule.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("task_id", name=op.f("uq_schedule_firing_task_id")),
    )
    op.create_index(op.f("ix_schedule_firing_schedule_id"), "schedule_firing", ["schedule_id"], unique=False)
    op.add_column("launch", sa.Column("schedule_id", sa.BigInteger(), nullable=True))
    op.create_foreign_key(
        op.f("fk_launch_schedule_id_schedule"),
        "launch",
        "schedule",
        ["schedule_id"],
        ["id"],
        ondelete="SET NULL",
    )
    op.create_index(op.f("ix_launch_schedule_id"), "launch", ["schedule_id"], unique=False)

    from sqlalchemy_celery_beat.session import ModelBase

    op.execute(sa.text(f"CREATE SCHEMA IF NOT EXISTS {BEAT_SCHEMA}"))
    ModelBase.metadata.create_all(op.get_bind())


def downgrade() -> None:
    op.execute(sa.text(f"DROP SCHEMA IF EXISTS {BEAT_SCHEMA} CASCADE"))
    op.drop_index(op.f("ix_launch_schedule_id"), table_name="launch")
    op.drop_constraint(op.f("fk_launch_schedule_id_schedule"), "launch", type_="foreignkey")
    op.drop_column("launch", "schedule_id")
    op.drop_index(op.f("ix_schedule_firing_schedule_id"), table_name="schedule_firing")
    op.drop_table("schedule_firing")
    op.drop_index(op.f("ix_schedule_lab_id"), table_name="schedule")
    op.drop_index(op.f("ix_schedule_experiment_id"), table_name="schedule")
    op.drop_index(op.f("ix_schedule_team_id"), table_name="schedule")
    op.drop_table("schedule")
