"""An agent's clock against the API's, as it measured it just before its last hello
(contract.clock.ClockMeasurement: offset, round trip, when), shown on the lab page. NULL until an
agent that measures says hello. Adding a nullable column without a default rewrites nothing.

Revision ID: 0019
Revises: 0018
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("agent", sa.Column("clock", postgresql.JSONB(astext_type=sa.Text()), nullable=True))


def downgrade() -> None:
    op.drop_column("agent", "clock")
