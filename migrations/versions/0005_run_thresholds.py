"""Thresholds: each run's judged rules (contract.thresholds.ThresholdReport) and, generated from them,
whether all passed, indexed for the History's filter.

Revision ID: 0005
Revises: 0004
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# A frozen copy of backend/models/run.py's expression as of this revision.
_PASSED = (
    "CASE WHEN (jsonb_typeof((thresholds -> 'passed'::text)) = 'boolean'::text)"
    " THEN ((thresholds ->> 'passed'::text))::boolean ELSE NULL::boolean END"
)


def upgrade() -> None:
    op.add_column("run", sa.Column("thresholds", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column(
        "run", sa.Column("thresholds_passed", sa.Boolean(), sa.Computed(_PASSED, persisted=True), nullable=True)
    )


def downgrade() -> None:
    op.drop_column("run", "thresholds_passed")
    op.drop_column("run", "thresholds")
