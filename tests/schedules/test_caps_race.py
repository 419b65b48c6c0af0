"""Two requests at once cannot both pass a cap: two launches that each fit the lab's queue but not
together, and two schedules where one more fits, sent at the same moment to a real API server on
a real PostgreSQL. Exactly one of each pair is accepted; the other is refused with the numbers.

So that the two really meet (not one after the other by luck), the test holds the lab's row
(FOR UPDATE, as a slow transaction could) while the two requests arrive: neither can insert a row
naming the lab until PostgreSQL shows both waiting and the test lets go. Without the team's lock
around count and insert, both would have counted the same queue by then and both be accepted
(checked: with lock_team a no-op both tests fail).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_processes import ApiServer, start_api_server, wait_until
from sqlalchemy import create_engine, func, select, text

from backend.bootstrap import ensure_admin
from backend.db import session_scope
from backend.experiments.schemas import ExperimentCreate
from backend.experiments.service import create_experiment
from backend.labs.service import create_lab
from backend.models import Run, Schedule
from backend.teams.tokens import create_api_token
from contract.run_state import RunState
from dev.services import Redis, free_port
from tests.api.experiment_factories import small_spec

API = "/api/v1"


@pytest.fixture
def capped_api(
    fresh_database: str, redis_server: Redis, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[ApiServer]:
    """The API with room for one 3-run launch per lab (not two) and one schedule per team."""
    monkeypatch.setenv("HAPLAB_MAX_QUEUED_RUNS_PER_LAB", "4")
    monkeypatch.setenv("HAPLAB_MAX_SCHEDULES_PER_TEAM", "1")
    server = start_api_server(
        database_url=fresh_database, redis_url=redis_server.url, log_dir=tmp_path, port=free_port()
    )
    yield server
    server.stop()
    print(f"===== API server log =====\n{server.log()}")


def _at_once(
    fresh_database: str, lab_id: int, tokens: list[str], send: Callable[[str], httpx.Response]
) -> list[httpx.Response]:
    """Send a request with each token, from a thread each, while the lab's row is held; let go
    once both wait. Two tokens: requests with one token would also queue up behind each other on
    its row (its last use is written), hiding a missing lock."""
    answers: list[httpx.Response] = []
    threads = [threading.Thread(target=lambda t=token: answers.append(send(t))) for token in tokens]
    engine = create_engine(fresh_database)
    try:
        watching = engine.execution_options(isolation_level="AUTOCOMMIT")  # pg_stat_activity anew each time
        with engine.connect() as holder, watching.connect() as watcher:
            held = holder.begin()
            holder.execute(text("SELECT id FROM lab WHERE id = :id FOR UPDATE"), {"id": lab_id})
            for thread in threads:
                thread.start()

            def both_waiting() -> bool:
                waiting = watcher.execute(
                    text(
                        "SELECT count(*) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND wait_event_type = 'Lock'"
                    )
                ).scalar_one()
                return bool(waiting == 2)

            wait_until(both_waiting, timeout=60, what="both requests waiting on the lab's row")
            held.rollback()
        for thread in threads:
            thread.join(60)
    finally:
        engine.dispose()
    return answers


def _team_with_experiment(fresh_database: str) -> tuple[int, int, int, list[str]]:
    """A team, its lab 'bench', an experiment of 3 runs and two API tokens of its admin."""
    with session_scope() as db:
        user, team = ensure_admin(db, "race@example.test", "a-long-password", "Race team")
        tokens = [create_api_token(db, user.id, team.id, f"race-{i}", "admin")[1] for i in range(2)]
        lab = create_lab(db, team_id=team.id, name="bench")
        experiment = create_experiment(
            db, team.id, user.id, ExperimentCreate(name="three", spec=small_spec(repetitions=3))
        )
        return team.id, lab.id, experiment.id, tokens


def test_two_launches_at_once_do_not_both_pass_the_queue_cap(
    capped_api: ApiServer, fresh_database: str
) -> None:
    _, lab_id, experiment_id, tokens = _team_with_experiment(fresh_database)

    def launch(token: str) -> httpx.Response:
        return httpx.post(
            f"{capped_api.url}{API}/experiments/{experiment_id}/launch",
            json={"lab_id": lab_id},
            headers={"Authorization": f"Bearer {token}"},
            timeout=60,
        )

    answers = _at_once(fresh_database, lab_id, tokens, launch)
    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    [refused] = [a for a in answers if a.status_code == 409]
    assert refused.json()["message"].startswith(
        "this launch adds 3 runs; lab 'bench' has 3 queued of at most 4"
    )
    with session_scope() as db:
        queued = db.scalar(select(func.count()).where(Run.lab_id == lab_id, Run.state == RunState.queued))
    assert queued == 3


def test_two_schedules_at_once_do_not_both_pass_the_team_cap(
    capped_api: ApiServer, fresh_database: str
) -> None:
    team_id, lab_id, experiment_id, tokens = _team_with_experiment(fresh_database)

    def create(token: str) -> httpx.Response:
        return httpx.post(
            f"{capped_api.url}{API}/experiments/{experiment_id}/schedules",
            json={"lab_id": lab_id, "cron": "@daily"},
            headers={"Authorization": f"Bearer {token}"},
            timeout=60,
        )

    answers: list[Any] = _at_once(fresh_database, lab_id, tokens, create)
    assert sorted(a.status_code for a in answers) == [201, 409], [a.text for a in answers]
    [refused] = [a for a in answers if a.status_code == 409]
    assert refused.json()["message"].startswith("the team has 1 schedules of at most 1")
    with session_scope() as db:
        assert db.scalar(select(func.count()).select_from(Schedule).where(Schedule.team_id == team_id)) == 1
