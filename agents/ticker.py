"""A thread that takes one reading per second of a run's time origin, for 1 Hz sampling.

Every agent of a run gets the same origin t0 (StartSampling.t0), and every tick lands just after
t0 + n for a whole n, so readings of all sources and agents cover the same seconds. The tick
that lands at t0 + n closes second n - 1 (counters read then are the deltas of [n - 1, n)), and
that is the number it is given: the label comes from the schedule, not from the clock at the
moment the reading was taken, so a late or early wake-up (a loaded box, a clock slewed by NTP)
can never give two readings the same second or skip one it did take. A tick that runs more
than a second late skips the seconds it missed rather than bursting to catch up: counters are
read as deltas between readings, so nothing is lost, only merged into the next second.
"""

from __future__ import annotations

import logging
import math
import threading
from collections.abc import Callable

from agents.clock import host_time

log = logging.getLogger(__name__)

# SamplePoint.t bounds: an hour of warm-up before t0, a day after.
T_MIN, T_MAX = -3600, 86_400


class SecondTicker:
    """Calls `on_tick(t, now)` once per second of `origin` (epoch seconds on this host's clock,
    agents.clock.host_time; the dispatcher turns the run's t0 into it): `t` is the second that
    just ended (whole seconds since the origin, negative during warm-up), `now` the time of the
    call. Seconds outside what a SamplePoint accepts are not ticked."""

    def __init__(self, name: str, origin: float, on_tick: Callable[[int, float], None]) -> None:
        self._origin = origin
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
        boundary = math.floor(host_time() - self._origin) + 1  # the next t0 + n still ahead
        while True:
            now = host_time()
            boundary = max(boundary, math.floor(now - self._origin) + 1)
            if self._stop.wait(max(0.0, self._origin + boundary - now)):
                return
            second = boundary - 1
            boundary += 1
            if not T_MIN <= second <= T_MAX:
                continue
            try:
                self._on_tick(second, host_time())
            except Exception:
                # One bad reading must not end the run's sampling.
                log.exception("%s: a tick failed", self._thread.name)
