"""The run queue with a real Celery worker: one run at a time per lab, in id order; labs in parallel."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import pytest
from factories import RunRow, add_agent, lab, make_lab, make_runs, runs
from live_processes import StartWorker, wait_until

from backend.queue import LAB_QUEUE, enqueue_lab_dispatch
from contract.run_state import RunState

pytestmark = pytest.mark.slow


def all_ended(run_ids: Sequence[int]) -> list[RunRow] | None:
    rows = runs(run_ids)
    return rows if all(r.state.is_terminal for r in rows) else None


def overlap(a: RunRow, b: RunRow) -> bool:
    assert a.started_at and a.finished_at and b.started_at and b.finished_at
    return a.started_at < b.finished_at and b.started_at < a.finished_at


def assert_one_at_a_time_in_id_order(rows: Sequence[RunRow]) -> None:
    for before, after in pairwise(rows):
        assert before.finished_at is not None and after.started_at is not None
        assert before.finished_at <= after.started_at, f"run {after.id} started before run {before.id} ended"


def test_runs_on_one_lab_run_one_at_a_time_in_id_order(start_worker: StartWorker) -> None:
    start_worker(agent_wait=1)
    lab_id = make_lab("bench-a")
    run_ids = make_runs(lab_id, 4)

    for _ in run_ids:  # one kick per run, as a launch sends: extra kicks must be harmless
        enqueue_lab_dispatch(lab_id)
    rows = wait_until(lambda: all_ended(run_ids), 30, "all 4 runs to end")

    assert [r.state for r in rows] == [RunState.failed] * 4
    assert {r.error for r in rows} == {
        "lab 'bench-a' has no online agent with roles proxy, injector, target (waited 1 s)"
    }
    assert all(r.celery_task_id for r in rows)
    for r in rows:  # each really waited for its agents
        assert r.started_at and r.finished_at
        assert (r.finished_at - r.started_at).total_seconds() >= 0.9
    assert_one_at_a_time_in_id_order(rows)
    assert lab(lab_id).active_run_id is None


def test_different_labs_run_in_parallel(start_worker: StartWorker) -> None:
    start_worker(agent_wait=1.5)
    lab_a, lab_b = make_lab("bench-a"), make_lab("bench-b")
    runs_a, runs_b = make_runs(lab_a, 2), make_runs(lab_b, 2)

    enqueue_lab_dispatch(lab_a)
    enqueue_lab_dispatch(lab_b)
    rows = wait_until(lambda: all_ended(runs_a + runs_b), 30, "all 4 runs to end")
    by_lab = {lab_a: [r for r in rows if r.lab_id == lab_a], lab_b: [r for r in rows if r.lab_id == lab_b]}

    assert_one_at_a_time_in_id_order(by_lab[lab_a])
    assert_one_at_a_time_in_id_order(by_lab[lab_b])
    # Both labs' first runs were claimed at once by the two worker processes.
    assert overlap(by_lab[lab_a][0], by_lab[lab_b][0])


def test_online_agents_let_a_run_go_on_and_a_silent_one_fails_it_by_name(start_worker: StartWorker) -> None:
    start_worker(agent_wait=10)
    lab_id = make_lab("bench-a")
    # Rows of agents that were heard from 12 s ago and never again: online for 3 more seconds,
    # long enough to pass `preparing`, then silent while the worker waits for their answer.
    add_agent(lab_id, "proxy-1", ["proxy"], seen_seconds_ago=12)
    add_agent(lab_id, "loadgen-1", ["injector", "target"], seen_seconds_ago=12)
    [run_id] = make_runs(lab_id, 1)

    enqueue_lab_dispatch(lab_id)
    [row] = wait_until(lambda: all_ended([run_id]), 30, "the run to end")

    assert row.state == RunState.failed
    assert "no online agent" not in (row.error or "")  # it got past the wait for agents
    assert "agent loadgen-1 lost" in (row.error or ""), row.error


def test_two_worker_hosts_share_many_labs_and_never_dispatch_a_run_twice(start_worker: StartWorker) -> None:
    # Two runs' workers, as two hosts would run them (each its own node, both on the runs' queue):
    # every kick is sent three times, so both see kicks for the same lab at the same moment.
    workers = [start_worker(agent_wait=0.5, queues=LAB_QUEUE), start_worker(agent_wait=0.5, queues=LAB_QUEUE)]
    labs = [make_lab(f"bench-{i}") for i in range(12)]
    run_ids = {lab_id: make_runs(lab_id, 3) for lab_id in labs}
    for _ in range(3):
        for lab_id in labs:
            for _ in run_ids[lab_id]:
                enqueue_lab_dispatch(lab_id)
    every_run = [run_id for ids in run_ids.values() for run_id in ids]
    rows = wait_until(lambda: all_ended(every_run), 60, "all 36 runs to end")

    assert {r.state for r in rows} == {RunState.failed}  # no agents: each waited, then failed
    for lab_id in labs:
        # One at a time, in id order. The times are their statements' (statement_timestamp(), not
        # the transaction's start): a claim writes its start only once it holds the lab, which is
        # after the previous run's end committed. Two runs really at once would overlap by the
        # whole agent wait (0.5 s).
        lab_runs = [r for r in rows if r.lab_id == lab_id]
        assert [r.id for r in sorted(lab_runs, key=lambda r: r.started_at or r.id)] == sorted(
            r.id for r in lab_runs
        )
        for before, after in pairwise(lab_runs):
            assert before.finished_at is not None and after.started_at is not None
            overlap_s = (before.finished_at - after.started_at).total_seconds()
            assert overlap_s < 0.01, f"run {after.id} started {overlap_s:.3f} s before run {before.id} ended"
    logs = [worker.log() for worker in workers]
    dispatched = {
        run_id: sum(log.count(f"lab {lab_id}: run {run_id} is preparing") for log in logs)
        for lab_id, ids in run_ids.items()
        for run_id in ids
    }
    assert set(dispatched.values()) == {1}, {r: n for r, n in dispatched.items() if n != 1}
    # Both hosts took part: the claims, not the kicks, decided who ran what.
    assert all("is preparing" in log for log in logs)
