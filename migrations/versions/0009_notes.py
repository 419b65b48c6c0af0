"""Notes on runs and on detected changes.

Revision ID: 0009
Revises: 0008
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "note",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("team_id", sa.BigInteger(), nullable=False),
        sa.Column("run_id", sa.BigInteger(), nullable=True),
        sa.Column("change_id", sa.BigInteger(), nullable=True),
        sa.Column("author_id", sa.BigInteger(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("(run_id IS NULL) <> (change_id IS NULL)", name=op.f("ck_note_one_subject")),
        sa.ForeignKeyConstraint(["author_id"], ["user_account.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["change_id"], ["change_point.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["run_id"], ["run.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_note_change_id"), "note", ["change_id"], unique=False)
    op.create_index(op.f("ix_note_run_id"), "note", ["run_id"], unique=False)
    op.create_index(op.f("ix_note_team_id"), "note", ["team_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_note_team_id"), table_name="note")
    op.drop_index(op.f("ix_note_run_id"), table_name="note")
    op.drop_index(op.f("ix_note_change_id"), table_name="note")
    op.drop_table("note")
