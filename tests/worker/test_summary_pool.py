"""The summary processes of the runs' worker (worker/summary_pool.py), as real processes: work
runs in another process, a process killed with SIGKILL fails only what it was computing (with a
message saying so), and the pool is made again for what comes next."""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections.abc import Iterator

import pytest
from factories import RUN_SPEC

from contract.experiment import ExperimentSpec
from worker import summary_pool
from worker.execution import Execution


@pytest.fixture
def pool() -> Iterator[None]:
    yield
    summary_pool.shut_down()


def test_work_runs_in_another_process_and_a_killed_one_is_replaced(pool: None) -> None:
    first = summary_pool.in_summary_process(30, os.getpid)
    assert first != os.getpid()

    with pytest.raises(summary_pool.SummaryProcessLost, match="died before it answered"):
        summary_pool.in_summary_process(30, signal.raise_signal, signal.SIGKILL)

    again = summary_pool.in_summary_process(30, os.getpid)
    assert again not in (os.getpid(), first)  # a new process of a new pool


def test_an_execution_crosses_to_a_summary_process_without_its_event() -> None:
    execution = Execution(run_id=7, lab_id=3, lab_name="lab", spec=ExperimentSpec.model_validate(RUN_SPEC))
    execution.incomplete_reasons = ["short"]
    execution.stopped.set()

    copy = pickle.loads(pickle.dumps(execution))  # noqa: S301 - our own bytes, as the pool sends them

    assert (copy.run_id, copy.spec, copy.incomplete_reasons) == (7, execution.spec, ["short"])
    assert isinstance(copy.stopped, threading.Event) and not copy.stopped.is_set()
    assert execution.stopped.is_set()  # the original keeps its own
