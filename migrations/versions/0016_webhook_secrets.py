"""Webhook secrets encrypted at rest; each delivery says when it is next due.

`webhook.secret` (plain text) becomes `webhook.secret_encrypted`: every existing secret is
encrypted here with the first of HAPLAB_WEBHOOK_SECRET_KEYS (Fernet; backend/webhooks/
secret_box.py), so the settings the migration runs with must be the API's and the worker's.

`webhook_delivery.next_attempt_at` says when a pending delivery is due: a delivery whose message
was lost (a worker killed mid-attempt; webhook tasks are acknowledged when they start) is found
by it and queued again (backend/webhooks/service.py, requeue_lost). Pending rows become due now.

Revision ID: 0016
Revises: 0015
"""

from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op
from cryptography.fernet import Fernet, MultiFernet

from backend.settings import get_settings

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

def _box() -> MultiFernet:
    return MultiFernet([Fernet(key.get_secret_value()) for key in get_settings().webhook_secret_keys])


def _recode(column: str, recode: Callable[[str], str]) -> None:
    table = sa.table("webhook", sa.column("id", sa.BigInteger), sa.column(column, sa.Text))
    conn = op.get_bind()
    for row_id, value in conn.execute(sa.select(table.c.id, table.c[column])).all():
        conn.execute(table.update().where(table.c.id == row_id).values({column: recode(value)}))


def upgrade() -> None:
    box = _box()
    _recode("secret", lambda plain: box.encrypt(plain.encode()).decode("ascii"))
    op.alter_column("webhook", "secret", new_column_name="secret_encrypted")
    op.add_column(
        "webhook_delivery",
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=True),
    )
    op.execute("UPDATE webhook_delivery SET next_attempt_at = NULL WHERE status <> 'pending'")
    op.create_index(
        "ix_webhook_delivery_due",
        "webhook_delivery",
        ["next_attempt_at"],
        postgresql_where=sa.text("status = 'pending'"),
    )


def downgrade() -> None:
    op.drop_index("ix_webhook_delivery_due", table_name="webhook_delivery")
    op.drop_column("webhook_delivery", "next_attempt_at")
    op.alter_column("webhook", "secret_encrypted", new_column_name="secret")
    box = _box()
    _recode("secret", lambda sealed: box.decrypt(sealed.encode("ascii")).decode())
