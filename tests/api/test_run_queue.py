"""A queued run's place on its lab and its expected start (GET /runs/{id} `queue`), from real rows.

Every request in these tests shares the test's transaction, so the database's now() (the clock the
estimate reads) is the same instant in the test and in the API.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.queue_estimate import DEFAULT_OVERHEAD_S
from backend.runs.transitions import transition
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec
from tests.api.helpers import API, Member, make_lab, new_member

WARMUP_S, DURATION_S = 2, 5
LOAD_S = WARMUP_S + DURATION_S


def _spec(points: int) -> dict[str, object]:
    spec = small_spec(sweep=[("proxy.global.maxconn", [20 * (i + 1) for i in range(points)])])
    spec["load"]["warmup_s"] = WARMUP_S  # type: ignore[index]
    spec["load"]["duration_s"] = DURATION_S  # type: ignore[index]
    return spec


def _now(db: Session) -> datetime:
    return db.execute(select(func.now())).scalar_one()


def _ran_for(db: Session, run_id: int, state: RunState, wall_s: float, now: datetime) -> None:
    """Finish a run as if it had taken wall_s seconds from preparing to its end."""
    finish_run(db, run_id, state)
    db.execute(
        update(Run)
        .where(Run.id == run_id)
        .values(started_at=now - timedelta(seconds=wall_s + 60), finished_at=now - timedelta(seconds=60))
    )
    db.commit()


def _detail(client: TestClient, member: Member, run_id: int) -> dict[str, object]:
    r = client.get(f"{API}/runs/{run_id}", headers=member.headers)
    assert r.status_code == 200, r.text
    body: dict[str, object] = r.json()
    return body


def test_queued_runs_know_their_place_and_expected_start(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    now = _now(db)
    # The lab's history: succeeded runs that took 1, 2 and 9 s beyond their 7 s of load (median
    # 2 s), and a failed one whose 100 s say nothing about orchestration and are left out.
    history = launch(db, member, make_experiment(db, member, spec=_spec(4)), lab).run_ids
    for run_id, wall_s in zip(history[:3], (LOAD_S + 1, LOAD_S + 2, LOAD_S + 9), strict=True):
        _ran_for(db, run_id, RunState.succeeded, wall_s, now)
    _ran_for(db, history[3], RunState.failed, LOAD_S + 100, now)
    overhead = 2.0

    active, first, cancelled, last = launch(
        db, member, make_experiment(db, member, spec=_spec(4)), lab
    ).run_ids
    # The lab's active run began 3 s ago: it still needs 7 + 2 - 3 = 6 s.
    for step in (RunState.preparing, RunState.warming, RunState.running):
        assert transition(db, active, step)
    db.execute(update(Run).where(Run.id == active).values(started_at=now - timedelta(seconds=3)))
    assert transition(db, cancelled, RunState.cancelled)
    # Another lab's queue is not this lab's.
    other_lab = make_lab(db, member.team)
    launch(db, member, make_experiment(db, member, spec=_spec(2)), other_lab)
    db.commit()

    next_up = _detail(client, member, first)
    queue = next_up["queue"]
    assert isinstance(queue, dict)
    assert (queue["position"], queue["runs_ahead"], queue["active_run_id"]) == (1, 1, active)
    assert datetime.fromisoformat(str(queue["expected_start_at"])) == now + timedelta(seconds=6)
    assert next_up["overhead_s"] == overhead
    # Behind the active run (6 s) and the first queued one (7 s + 2 s); the cancelled one waits for nothing.
    behind = _detail(client, member, last)["queue"]
    assert isinstance(behind, dict)
    assert (behind["position"], behind["runs_ahead"]) == (2, 2)
    expected = now + timedelta(seconds=6 + LOAD_S + overhead)
    assert datetime.fromisoformat(str(behind["expected_start_at"])) == expected

    active_detail = _detail(client, member, active)
    assert active_detail["queue"] is None and active_detail["overhead_s"] == overhead
    # A finished run still gives its lab's overhead: its sweep's end is estimated with it.
    finished = _detail(client, member, history[0])
    assert finished["queue"] is None and finished["overhead_s"] == overhead


def test_a_lab_without_history_uses_the_default_overhead(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    now = _now(db)
    first, _, third = launch(db, member, make_experiment(db, member, spec=_spec(3)), lab).run_ids

    queue = _detail(client, member, third)["queue"]
    next_up = _detail(client, member, first)["queue"]

    # A free lab: the two runs ahead each take their load and the default overhead; the first starts now.
    assert isinstance(queue, dict) and isinstance(next_up, dict)
    assert (queue["position"], queue["runs_ahead"], queue["active_run_id"]) == (3, 2, None)
    expected = now + timedelta(seconds=2 * (LOAD_S + DEFAULT_OVERHEAD_S))
    assert datetime.fromisoformat(str(queue["expected_start_at"])) == expected
    assert (next_up["position"], next_up["runs_ahead"]) == (1, 0)
    assert datetime.fromisoformat(str(next_up["expected_start_at"])) == now


def test_each_run_page_gives_its_own_labs_overhead(client: TestClient, db: Session) -> None:
    """The overhead is the median of the run's own lab's history, not of every lab's runs."""
    member = new_member(db, "editor")
    now = _now(db)
    walls = {"fast": (1, 2, 9), "slow": (10, 20, 30, 40, 50)}
    labs, pages = {}, {}
    for name, overheads in walls.items():
        labs[name] = make_lab(db, member.team)
        runs = launch(db, member, make_experiment(db, member, spec=_spec(len(overheads))), labs[name]).run_ids
        for run_id, extra_s in zip(runs, overheads, strict=True):
            _ran_for(db, run_id, RunState.succeeded, LOAD_S + extra_s, now)
        pages[name] = runs[0]
    # A lab with queued runs only, and another team's lab with a long history of its own.
    fresh = launch(db, member, make_experiment(db, member, spec=_spec(1)), make_lab(db, member.team)).run_ids[
        0
    ]
    stranger = new_member(db, "editor")
    elsewhere = launch(
        db, stranger, make_experiment(db, stranger, spec=_spec(3)), make_lab(db, stranger.team)
    ).run_ids
    for run_id in elsewhere:
        _ran_for(db, run_id, RunState.succeeded, LOAD_S + 100, now)

    assert _detail(client, member, pages["fast"])["overhead_s"] == 2.0
    assert _detail(client, member, pages["slow"])["overhead_s"] == 30.0
    assert _detail(client, member, fresh)["overhead_s"] == DEFAULT_OVERHEAD_S
    assert _detail(client, stranger, elsewhere[0])["overhead_s"] == 100.0
