"""A background thread that keeps a run's lab lease alive while the run executes.

The run's own thread may block (waiting on an agent, a slow query); the lease must not expire
because of that, only because the worker died. If a renewal finds the lab no longer ours (the
reaper judged us dead), `lost` is set, `on_lost` is called (it wakes the orchestrator) and the
orchestrator stops the run.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from types import TracebackType

from backend.db import session_scope
from worker.lab_lock import renew_lease

log = logging.getLogger(__name__)


class LeaseRenewer:
    def __init__(
        self, lab_id: int, run_id: int, lease_seconds: float, on_lost: Callable[[], None] | None = None
    ) -> None:
        self.lab_id = lab_id
        self.run_id = run_id
        self.lease_seconds = lease_seconds
        self.on_lost = on_lost
        # Three renewals per lease: one late or failed renewal does not lose the lab.
        self.interval_seconds = max(0.5, lease_seconds / 3)
        self.lost = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name=f"lease-lab-{lab_id}", daemon=True)

    def __enter__(self) -> LeaseRenewer:
        self._thread.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._stop.set()
        self._thread.join(timeout=10)

    def _loop(self) -> None:
        while not self._stop.wait(self.interval_seconds):
            try:
                with session_scope() as db:
                    still_ours = renew_lease(db, self.lab_id, self.run_id, self.lease_seconds)
            except Exception:
                # A database blip: keep trying; if it lasts, the lease expires and the reaper acts.
                log.exception("renewing the lease of lab %s for run %s failed", self.lab_id, self.run_id)
                continue
            if not still_ours:
                log.warning("lab %s is no longer held by run %s; stopping the run", self.lab_id, self.run_id)
                self.lost.set()
                if self.on_lost is not None:
                    self.on_lost()
                return
