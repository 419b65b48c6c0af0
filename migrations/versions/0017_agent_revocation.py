"""Agents can be revoked and their names enrolled again: a name is unique among a lab's live
agents only (a partial unique index), so a revoked agent keeps its row and name beside the agent
that replaced it (backend/labs/revocation.py, backend/labs/enrollment.py).

Revision ID: 0017
Revises: 0016
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_constraint("uq_agent_lab_id_name", "agent", type_="unique")
    op.create_index(
        "uq_agent_lab_id_name_live",
        "agent",
        ["lab_id", "name"],
        unique=True,
        postgresql_where=sa.text("revoked_at IS NULL"),
    )


def downgrade() -> None:
    # A name may be shared by a live agent and revoked ones now: of each name, the older rows go
    # (the revoked ones; the live one, or else the latest, stays), as the old constraint demands.
    op.execute(
        sa.text(
            "DELETE FROM agent AS old USING agent AS newer"
            " WHERE old.lab_id = newer.lab_id AND old.name = newer.name"
            " AND old.revoked_at IS NOT NULL"
            " AND (newer.revoked_at IS NULL OR newer.id > old.id)"
        )
    )
    op.drop_index("uq_agent_lab_id_name_live", table_name="agent")
    op.create_unique_constraint("uq_agent_lab_id_name", "agent", ["lab_id", "name"])
