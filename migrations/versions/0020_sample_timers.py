"""A second of HAProxy's request log (contract.request_timers.TimerSecond: per-timer histograms,
termination states) on the sample of source "timers". NULL on every other sample. Adding a
nullable column without a default rewrites nothing.

Revision ID: 0020
Revises: 0019
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sample", sa.Column("timers", postgresql.JSONB(astext_type=sa.Text()), nullable=True))


def downgrade() -> None:
    op.drop_column("sample", "timers")
