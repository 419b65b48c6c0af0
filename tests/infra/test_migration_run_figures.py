"""Migrations 0004 and 0018 give runs stored before them their History figures, and go back cleanly."""

from __future__ import annotations

import json
import uuid

import psycopg
import pytest
from alembic import command

from dev.services import Postgres
from tests.api.experiment_factories import summary_doc
from tests.conftest import alembic_config

_FIGURES = ", ".join(
    [f"{name}::float8" for name in ("rps", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms", "error_pct")]
    + ["bound"]
)


def _insert(conn: psycopg.Connection, sql: str, params: tuple[object, ...] = ()) -> int:
    row = conn.execute(sql + " RETURNING id", params).fetchone()
    assert row is not None
    return int(row[0])


def _seed_runs_at_0003(conn: psycopg.Connection, summaries: list[dict[str, object] | None]) -> list[int]:
    team = _insert(conn, "INSERT INTO team (name, slug) VALUES ('t', 't')")
    experiment = _insert(
        conn,
        "INSERT INTO experiment (team_id, name, description, tags, latest_version, updated_at)"
        " VALUES (%s, 'e', '', '{}', 1, now())",
        (team,),
    )
    version = _insert(
        conn,
        "INSERT INTO experiment_version (experiment_id, version, spec_version, spec, note)"
        " VALUES (%s, 1, 1, '{}', '')",
        (experiment,),
    )
    launch = _insert(
        conn,
        "INSERT INTO launch (team_id, experiment_id, experiment_version_id, total_runs, overrides)"
        " VALUES (%s, %s, %s, 1, '{}')",
        (team, experiment, version),
    )
    return [
        _insert(
            conn,
            "INSERT INTO run (team_id, experiment_id, experiment_version_id, launch_id, point_index,"
            " repetition, params, spec, state, command_lines, environment, summary)"
            " VALUES (%s, %s, %s, %s, 0, 0, '{}', '{}', 'succeeded', '{}', '{}', %s)",
            (team, experiment, version, launch, None if doc is None else json.dumps(doc)),
        )
        for doc in summaries
    ]


def test_runs_stored_before_0004_get_their_figures_and_it_downgrades(pg: Postgres) -> None:
    name = f"migrate_{uuid.uuid4().hex[:8]}"
    pg.create_database(name)
    url = pg.url_for(name)
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    try:
        command.upgrade(alembic_config(url), "0003")
        older = {
            **summary_doc(rps=80.0, p99=120.0, timeouts=20),
            "bound": {"kind": "maxconn", "sentence": "s"},
        }
        with psycopg.connect(dsn) as conn:
            with_summary, without = _seed_runs_at_0003(conn, [older, None])

        command.upgrade(alembic_config(url), "head")

        with psycopg.connect(dsn) as conn:
            rows = dict(
                (row[0], row[1:])
                for row in conn.execute(f"SELECT id, {_FIGURES} FROM run ORDER BY id")  # noqa: S608
            )
            assert rows[with_summary] == (80, 10, None, 120, pytest.approx(100 * 20 / 120), "maxconn")
            assert rows[without] == (None,) * 6
            # New writes compute them too: the columns are generated, not copied once.
            conn.execute(
                "UPDATE run SET summary = %s WHERE id = %s", (json.dumps(summary_doc(rps=5.0)), without)
            )
            assert conn.execute("SELECT rps FROM run WHERE id = %s", (without,)).fetchone() == (5,)

        command.downgrade(alembic_config(url), "0003")

        with psycopg.connect(dsn) as conn:
            columns = {
                row[0]
                for row in conn.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = 'run'"
                )
            }
            assert columns.isdisjoint({"rps", "latency_p99_ms", "error_pct", "bound"})
            assert "summary" in columns
    finally:
        pg.drop_database(name)


def test_runs_stored_before_0018_get_their_max_connection_rate_and_it_downgrades(pg: Postgres) -> None:
    name = f"migrate_{uuid.uuid4().hex[:8]}"
    pg.create_database(name)
    url = pg.url_for(name)
    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    try:
        command.upgrade(alembic_config(url), "0017")
        measured = summary_doc(rps=80.0)
        measured["proxy"]["max_conn_rate"] = 42
        with psycopg.connect(dsn) as conn:
            with_figure, older, without = _seed_runs_at_0003(conn, [measured, summary_doc(rps=5.0), None])

        command.upgrade(alembic_config(url), "0018")

        with psycopg.connect(dsn) as conn:
            rows = dict(conn.execute("SELECT id, proxy_max_conn_rate::float8 FROM run").fetchall())
            # A summary of before the figure has none: NULL, never 0.
            assert rows == {with_figure: 42, older: None, without: None}
            sorted_by = conn.execute(
                "SELECT indexname FROM pg_indexes WHERE tablename = 'run' AND indexname LIKE %s",
                ("%proxy_max_conn_rate%",),
            ).fetchall()
            assert len(sorted_by) == 4  # each way, and each way within a state filter

        command.downgrade(alembic_config(url), "0017")

        with psycopg.connect(dsn) as conn:
            columns = {
                row[0]
                for row in conn.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = 'run'"
                )
            }
            assert "proxy_max_conn_rate" not in columns and "rps" in columns
    finally:
        pg.drop_database(name)
