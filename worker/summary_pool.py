"""Run summaries computed in processes of their own, off the threads that orchestrate runs.

The runs' worker orchestrates hundreds of runs on threads of one process (backend/queue.py): each
mostly waits, but a summary computes (every second's samples read and merged, HdrHistograms,
verdicts, thresholds: tens to hundreds of milliseconds). Computed on its run's thread it would
hold the interpreter's lock from every other run meanwhile: their load leases (renewed every
2.5 s), their start instants, their cancels. So the collecting phase hands the run's Execution to
a small pool of processes (settings.summary_processes) and waits for the answer.

The processes are started by a forkserver (forking the threaded worker itself is unsafe), which
imports the summary code once, so a summary does not pay for imports. A process that dies (a
kill, an out-of-memory) fails that run's collection with a message saying so, and the pool is
made again for the next one.
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from backend.settings import get_settings
from worker.execution import Execution

log = logging.getLogger(__name__)

# What the forkserver imports before forking each process: the summary's whole code.
PRELOAD = ["worker.summarize"]
T = TypeVar("T")


class SummaryProcessLost(Exception):  # noqa: N818 - read as what happened
    """The process computing a summary died before it answered."""


_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def _executor() -> ProcessPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(PRELOAD)
            _pool = ProcessPoolExecutor(max_workers=get_settings().summary_processes, mp_context=context)
        return _pool


def _forget(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def summarize_elsewhere(execution: Execution, timeout_s: float) -> list[str]:
    """worker.summarize.summarize(execution) in a summary process: writes the run's summary and
    thresholds and returns why the load did not cover its window (empty: it did)."""
    from worker.summarize import summarize

    return in_summary_process(timeout_s, summarize, execution)


def in_summary_process(timeout_s: float, fn: Callable[..., T], *args: Any) -> T:
    """fn(*args) in a summary process (fn and args are pickled: a module-level function)."""
    pool = _executor()
    try:
        future: Future[T] = pool.submit(fn, *args)
        return future.result(timeout=timeout_s)
    except BrokenProcessPool:
        _forget(pool)
        log.error("a summary process died; the pool is made again")
        raise SummaryProcessLost("the process computing the run's summary died before it answered") from None


def shut_down() -> None:
    """Stop the summary processes (the worker's shutdown; tests)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)
