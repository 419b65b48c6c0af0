"""A thread that calls a function at every wall-clock second, for 1 Hz sampling.

Ticks land just after each whole second of time.time(), so samples of different sources and
agents taken "at second k" line up. A tick that runs late skips the seconds it missed rather
than bursting to catch up: counters are read as deltas between readings, so nothing is lost.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class SecondTicker:
    def __init__(self, name: str, on_tick: Callable[[float], None]) -> None:
        self._on_tick = on_tick
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout_s: float = 5.0) -> None:
        self._stop.set()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout_s)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _run(self) -> None:
        while True:
            now = time.time()
            if self._stop.wait(math.floor(now) + 1 - now):
                return
            try:
                self._on_tick(time.time())
            except Exception:
                # One bad reading must not end the run's sampling.
                log.exception("%s: a tick failed", self._thread.name)
