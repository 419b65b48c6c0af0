"""The REST automation example (examples/sweep_via_api.py) against a live API and a real worker.

Everything real: uvicorn serving the app, PostgreSQL, Redis, a Celery worker. The script
authenticates with an API token only, as a CI job would.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from live_processes import ROOT, ApiServer, wait_until
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from backend.bootstrap import ensure_admin
from backend.models import Run
from backend.teams.tokens import create_api_token
from contract.run_state import RunState


def _admin_token_file(database_url: str, path: Path) -> Path:
    engine = create_engine(database_url)
    with Session(engine) as db:
        user, team = ensure_admin(db, "ci@example.test", "a-long-password", "CI team")
        _, secret = create_api_token(db, user.id, team.id, "ci", "editor")
        db.commit()
    engine.dispose()
    path.write_text(secret)
    return path


def test_sweep_script_launches_12_runs_in_order_and_cancels_one(
    live_api: ApiServer, start_worker: object, fresh_database: str, tmp_path: Path
) -> None:
    start_worker(agent_wait=1)  # type: ignore[operator]
    token_file = _admin_token_file(fresh_database, tmp_path / "token")

    done = subprocess.run(
        [sys.executable, "examples/sweep_via_api.py", "--url", live_api.url, "--token-file", str(token_file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert done.returncode == 0, done.stdout + done.stderr
    assert "12 runs in the expected order" in done.stdout
    engine = create_engine(fresh_database)
    try:
        with Session(engine) as db:
            runs = db.scalars(select(Run).order_by(Run.id)).all()
            assert len(runs) == 12
            assert runs[-1].state == RunState.cancelled and runs[-1].started_at is None

            # The worker takes the others one at a time; with no agents in this lab, the first
            # ends failed with an error naming what is missing.
            def first_finished() -> Run | None:
                db.expire_all()
                first = db.get(Run, runs[0].id)
                return first if first is not None and first.state.is_terminal else None

            first = wait_until(first_finished, 30, "the first run to finish")
            assert first.state == RunState.failed
            assert "no online agent" in (first.error or "")
    finally:
        engine.dispose()
