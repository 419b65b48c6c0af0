"""sample_key: the metric keys each source of a run has sent, so columnar reads need no key scan.

Revision ID: 0012
Revises: 0011
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sample_key",
        sa.Column("run_id", sa.BigInteger(), nullable=False),
        sa.Column("source", sa.String(length=64), nullable=False),
        sa.Column("key", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["run_id"], ["run.id"], name=op.f("fk_sample_key_run_id_run"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("run_id", "source", "key", name=op.f("pk_sample_key")),
    )
    # The keys of the samples already stored: one pass over the table (minutes at tens of millions
    # of rows; new samples record their keys as they are written, backend/runs/samples/service.py).
    op.execute(
        "INSERT INTO sample_key (run_id, source, key)"
        " SELECT DISTINCT run_id, source, jsonb_object_keys(data) FROM sample"
    )


def downgrade() -> None:
    op.drop_table("sample_key")
