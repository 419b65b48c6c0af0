"""Caps on runs waiting (state queued) per lab and per team (backend/runs/queued_runs.py): a launch
or a re-run that would pass one is refused, 409 naming `lab_id`, with the runs it adds, those
queued and the cap, and nothing is written. (A schedule's firing: tests/api/test_schedules.py;
two launches at once: tests/schedules/test_caps_race.py.)"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.experiments import config_check
from backend.models import Launch, Run
from backend.settings import get_settings
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, make_experiment, small_spec
from tests.api.helpers import API, Member, make_lab, new_member


@pytest.fixture
def caps(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., None]]:
    def set_caps(**values: int) -> None:
        for name, value in values.items():
            monkeypatch.setenv(f"HAPLAB_{name.upper()}", str(value))
        get_settings.cache_clear()

    yield set_caps
    monkeypatch.undo()
    get_settings.cache_clear()


def _launch(client: TestClient, member: Member, experiment_id: int, lab_id: int) -> Any:
    return client.post(
        f"{API}/experiments/{experiment_id}/launch", json={"lab_id": lab_id}, headers=member.headers
    )


def _queued(db: Session, **where: int) -> int:
    return db.query(Run).filter_by(state=RunState.queued, **where).count()


def test_a_launch_past_the_lab_or_the_team_cap_is_refused_with_the_numbers(
    client: TestClient, db: Session, caps: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    caps(max_queued_runs_per_lab=5, max_queued_runs_per_team=8)
    member = new_member(db)
    experiment = make_experiment(db, member, spec=small_spec(repetitions=3))
    bench, spare, third = (make_lab(db, member.team, name=name) for name in ("bench", "spare", "third"))

    first = _launch(client, member, experiment.id, bench.id)
    assert first.status_code == 201, first.text
    checks: list[int] = []
    real_check_all = config_check.check_all
    monkeypatch.setattr(
        config_check, "check_all", lambda configs: checks.append(1) or real_check_all(configs)
    )

    on_lab = _launch(client, member, experiment.id, bench.id)
    assert on_lab.status_code == 409, on_lab.text
    message = (
        "this launch adds 3 runs; lab 'bench' has 3 queued of at most 5: wait for them to run, or cancel some"
    )
    assert on_lab.json()["message"] == message
    assert on_lab.json()["fields"] == [{"field": "lab_id", "message": message}]
    assert checks == []  # refused before any haproxy -c

    assert _launch(client, member, experiment.id, spare.id).status_code == 201
    in_team = _launch(client, member, experiment.id, third.id)
    assert in_team.status_code == 409, in_team.text
    assert in_team.json()["message"].startswith(
        f"this launch adds 3 runs; team '{member.team.name}' has 6 queued on its labs of at most 8"
    )
    assert (
        _queued(db, team_id=member.team.id),
        db.query(Launch).filter_by(team_id=member.team.id).count(),
    ) == (6, 2)

    # A re-run is a launch of one run: the same caps.
    bench_run = db.query(Run).filter_by(lab_id=bench.id).order_by(Run.id).first()
    assert bench_run is not None
    for _ in range(2):
        assert client.post(f"{API}/runs/{bench_run.id}/rerun", headers=member.headers).status_code == 201
    rerun = client.post(f"{API}/runs/{bench_run.id}/rerun", headers=member.headers)
    assert rerun.status_code == 409, rerun.text
    assert rerun.json()["message"].startswith("this launch adds 1 run; lab 'bench' has 5 queued of at most 5")

    # Runs that started (or ended) no longer wait: room again.
    for run in db.query(Run).filter_by(lab_id=bench.id).order_by(Run.id).limit(3):
        finish_run(db, run.id)
    assert _launch(client, member, experiment.id, bench.id).status_code == 201
    assert _queued(db, lab_id=bench.id) == 5


def test_other_teams_queues_do_not_count(client: TestClient, db: Session, caps: Callable[..., None]) -> None:
    caps(max_queued_runs_per_lab=3, max_queued_runs_per_team=3)
    busy, other = new_member(db), new_member(db)
    for member in (busy, other):
        experiment = make_experiment(db, member, spec=small_spec(repetitions=3))
        assert _launch(client, member, experiment.id, make_lab(db, member.team).id).status_code == 201
