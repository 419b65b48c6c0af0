"""Capacity searches (issue 34): one row per launch, sweep point and repetition of a spec with a
`search`, its answer once it has one; and on run, the search a probe belongs to and the value it
probed.

Revision ID: 0022
Revises: 0021
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "capacity_search",
        sa.Column("id", sa.BigInteger(), autoincrement=True, nullable=False),
        sa.Column("team_id", sa.BigInteger(), nullable=False),
        sa.Column("launch_id", sa.BigInteger(), nullable=False),
        sa.Column("lab_id", sa.BigInteger(), nullable=True),
        sa.Column("point_index", sa.Integer(), nullable=False),
        sa.Column("repetition", sa.SmallInteger(), nullable=False),
        sa.Column("params", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("spec", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("answer", postgresql.JSONB(astext_type=sa.Text()), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(["lab_id"], ["lab.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["launch_id"], ["launch.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["team_id"], ["team.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint(
            "launch_id",
            "point_index",
            "repetition",
            name=op.f("uq_capacity_search_launch_id_point_index_repetition"),
        ),
    )
    op.create_index(op.f("ix_capacity_search_team_id"), "capacity_search", ["team_id"], unique=False)
    op.create_index(
        "ix_capacity_search_open",
        "capacity_search",
        ["lab_id"],
        unique=False,
        postgresql_where=sa.text("answer IS NULL"),
    )
    op.add_column("run", sa.Column("search_id", sa.BigInteger(), nullable=True))
    op.add_column("run", sa.Column("probe_value", sa.Numeric(), nullable=True))
    op.create_foreign_key(
        op.f("fk_run_search_id_capacity_search"),
        "run",
        "capacity_search",
        ["search_id"],
        ["id"],
        ondelete="CASCADE",
    )
    op.create_index("ix_run_search", "run", ["search_id", "id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_run_search", table_name="run")
    op.drop_constraint(op.f("fk_run_search_id_capacity_search"), "run", type_="foreignkey")
    op.drop_column("run", "probe_value")
    op.drop_column("run", "search_id")
    op.drop_index("ix_capacity_search_open", table_name="capacity_search")
    op.drop_index(op.f("ix_capacity_search_team_id"), table_name="capacity_search")
    op.drop_table("capacity_search")
