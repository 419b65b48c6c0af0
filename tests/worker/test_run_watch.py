"""The run watch (worker/run_watch.py) against real PostgreSQL and Redis: a cancel or an end of
the run wakes it through the run's control channel; without messages it reads the row only
every `fallback_s`; without Redis it still reads it."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from factories import make_lab, make_runs
from sqlalchemy import func, update

from backend.db import session_scope
from backend.labs.revocation import revoke
from backend.models import Agent, Lab, Run
from backend.runs.transitions import request_cancel, transition
from backend.settings import get_settings
from contract.run_state import RunState
from dev.services import free_port
from worker.phases.base import RunContext
from worker.run_watch import RunWatch, Stopped


@pytest.fixture
def preparing_run(fresh_database: str, redis_client: object) -> Iterator[RunContext]:
    """A run in `preparing`."""
    lab_id = make_lab("watched")
    [run_id] = make_runs(lab_id, 1)
    with session_scope() as db:
        assert transition(db, run_id, RunState.preparing, expected=RunState.queued)
    yield RunContext(run_id=run_id, lab_id=lab_id, lab_name="watched")


def woken_within(ctx: RunContext, seconds: float) -> float | None:
    """Seconds until the wake event was set, or None if it was not within `seconds`."""
    start = time.monotonic()
    return time.monotonic() - start if ctx.wake.wait(seconds) else None


def test_without_messages_the_row_is_read_once_per_fallback_interval(preparing_run: RunContext) -> None:
    with RunWatch(preparing_run, fallback_s=0.5) as watch:
        assert watch.check() is None  # the first check reads at once
        assert watch.reads == 1
        for _ in range(20):
            assert watch.check() is None
        assert watch.reads == 1  # not again before the interval
        assert 0.4 < watch.seconds_to_next_read() <= 0.5
        time.sleep(0.55)
        assert watch.check() is None
        assert watch.reads == 2


def test_a_cancel_wakes_the_watch_at_once(preparing_run: RunContext) -> None:
    with RunWatch(preparing_run, fallback_s=60) as watch:
        assert watch.check() is None
        preparing_run.wake.clear()
        with session_scope() as db:
            assert request_cancel(db, preparing_run.run_id) == RunState.preparing
        waited = woken_within(preparing_run, 2)
        assert waited is not None and waited < 0.5
        assert watch.check() == Stopped(cancelled=True, state=RunState.preparing)
        assert watch.reads == 2 and watch.messages == 1


def test_an_end_elsewhere_wakes_the_watch_at_once(preparing_run: RunContext) -> None:
    with RunWatch(preparing_run, fallback_s=60) as watch:
        assert watch.check() is None
        preparing_run.wake.clear()
        with session_scope() as db:  # what the reaper does to a run whose worker's lease expired
            assert transition(db, preparing_run.run_id, RunState.failed, error="worker lost")
        waited = woken_within(preparing_run, 2)
        assert waited is not None and waited < 0.5
        assert watch.check() == Stopped(cancelled=False, state=RunState.failed)


def test_a_lost_message_is_made_up_for_by_the_fallback_read(preparing_run: RunContext) -> None:
    with RunWatch(preparing_run, fallback_s=2) as watch:
        assert watch.check() is None
        preparing_run.wake.clear()
        with session_scope() as db:  # cancel_requested_at written without its message
            db.execute(
                update(Run).where(Run.id == preparing_run.run_id).values(cancel_requested_at=func.now())
            )
        assert woken_within(preparing_run, 0.5) is None  # nobody told the watch
        assert watch.check() is None  # and the row is not due yet
        assert watch.reads == 1
        time.sleep(watch.seconds_to_next_read())
        assert watch.check() == Stopped(cancelled=True, state=RunState.preparing)
        assert watch.reads == 2


@pytest.fixture
def redis_gone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """backend.settings pointed at a port where no Redis listens, for this test only."""
    monkeypatch.setenv("HAPLAB_REDIS_URL", f"redis://127.0.0.1:{free_port()}/0")
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def test_without_redis_the_run_is_still_watched_by_reading_its_row(
    preparing_run: RunContext, redis_gone: None
) -> None:
    with RunWatch(preparing_run, fallback_s=0.3) as watch:  # no subscription: no error either
        assert watch.check() is None
        with session_scope() as db:
            assert request_cancel(db, preparing_run.run_id) == RunState.preparing  # its message is lost
        time.sleep(0.35)
        assert watch.check() == Stopped(cancelled=True, state=RunState.preparing)


def test_the_revocation_of_an_agent_of_the_run_wakes_the_watch_and_names_it(
    preparing_run: RunContext,
) -> None:
    with session_scope() as db:
        team_id = db.get_one(Lab, preparing_run.lab_id).team_id
        agents = [
            Agent(team_id=team_id, lab_id=preparing_run.lab_id, name=name, roles=[role], token_hash=name * 4)
            for name, role in (("spare-1", "injector"), ("inj-1", "injector"))
        ]
        db.add_all(agents)
        db.flush()
        spare_id, used_id = (agent.id for agent in agents)
    picked: list[int] = []  # the run's agents: none before they are picked
    with RunWatch(preparing_run, fallback_s=60, agent_ids=lambda: picked) as watch:
        assert watch.check() is None
        picked.append(used_id)
        preparing_run.wake.clear()
        # An agent of the lab the run does not use: the watch is told and reads, the run goes on.
        with session_scope() as db:
            assert revoke(db, spare_id)
        assert woken_within(preparing_run, 2) is not None
        assert watch.check() is None
        preparing_run.wake.clear()
        # One the run uses: told at once, named.
        with session_scope() as db:
            assert revoke(db, used_id)
        waited = woken_within(preparing_run, 2)
        assert waited is not None and waited < 0.5
        assert watch.check() == Stopped(cancelled=False, state=RunState.preparing, revoked_agent="inj-1")
        assert watch.reads == 3 and watch.messages == 2
