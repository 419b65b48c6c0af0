"""Migration 0016 encrypts the webhook secrets stored before it, makes pending deliveries due, and
goes back cleanly."""

from __future__ import annotations

import uuid

import psycopg
from alembic import command

from backend.webhooks import secret_box
from dev.services import Postgres
from tests.conftest import alembic_config


def _insert(conn: psycopg.Connection, sql: str, params: tuple[object, ...] = ()) -> int:
    row = conn.execute(sql + " RETURNING id", params).fetchone()
    assert row is not None
    return int(row[0])


def test_secrets_stored_before_0016_are_encrypted_and_it_downgrades(pg: Postgres) -> None:
    name = f"migrate_{uuid.uuid4().hex[:8]}"
    pg.create_database(name)
    url = pg.url_for(name)
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    try:
        command.upgrade(alembic_config(url), "0015")
        with psycopg.connect(dsn) as conn:
            team = _insert(conn, "INSERT INTO team (name, slug) VALUES ('t', 't')")
            hook = _insert(
                conn,
                "INSERT INTO webhook (team_id, name, url, secret, events, payload_format, active)"
                " VALUES (%s, 'h', 'https://hooks.example.com/x', 'plain-secret-1', '{run.failed}',"
                " 'haplab', true)",
                (team,),
            )
            deliveries = [
                _insert(
                    conn,
                    "INSERT INTO webhook_delivery (webhook_id, event, payload, status, attempts)"
                    " VALUES (%s, 'ping', '{}', %s, 0)",
                    (hook, status),
                )
                for status in ("pending", "delivered")
            ]

        command.upgrade(alembic_config(url), "head")

        with psycopg.connect(dsn) as conn:
            row = conn.execute("SELECT secret_encrypted FROM webhook WHERE id = %s", (hook,)).fetchone()
            assert row is not None and "plain-secret-1" not in row[0]
            assert secret_box.unseal(row[0]) == "plain-secret-1"
            due = dict(
                conn.execute(
                    "SELECT id, next_attempt_at IS NOT NULL FROM webhook_delivery WHERE id = ANY(%s)",
                    (deliveries,),
                ).fetchall()
            )
            assert due == {deliveries[0]: True, deliveries[1]: False}

        command.downgrade(alembic_config(url), "0015")
        with psycopg.connect(dsn) as conn:
            row = conn.execute("SELECT secret FROM webhook WHERE id = %s", (hook,)).fetchone()
            assert row == ("plain-secret-1",)
    finally:
        pg.drop_database(name)
