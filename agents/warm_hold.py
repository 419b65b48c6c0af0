"""A role's processes kept running after their run ended, until the next run adopts them or time runs out.

The proxy and target roles keep HAProxy and the target servers after a Teardown that asks it
(contract.protocol.Teardown.keep_warm_s), unbound to any run. A WarmHold is that keep: the run
they were started for, and a timer that calls the role back to stop them when nobody adopted them
in time (a worker that died between two runs). The role decides under its own lock whether the
hold is still the current one, so an expiry racing an adoption stops nothing that was adopted.
The processes stay in the agent's session ledger all along (agents.sessions): an agent killed
while holding them reaps them when it starts again.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class WarmHold:
    def __init__(
        self, what: str, from_run: int, seconds: float, on_expiry: Callable[[WarmHold], None]
    ) -> None:
        self.what = what
        self.from_run = from_run
        self.seconds = seconds
        self._timer = threading.Timer(seconds, self._expired, args=(on_expiry,))
        self._timer.name = f"warm-hold-{what}-{from_run}"
        self._timer.daemon = True
        self._timer.start()
        log.info("keeping %s of run %d warm for %g s", what, from_run, seconds)

    def _expired(self, on_expiry: Callable[[WarmHold], None]) -> None:
        log.info(
            "%s kept after run %d: not adopted within %g s, stopping", self.what, self.from_run, self.seconds
        )
        on_expiry(self)

    def cancel(self) -> None:
        """Adopted or stopped: the timer must not fire (if it already runs, the role's check of
        `is` its current hold makes it a no-op)."""
        self._timer.cancel()
