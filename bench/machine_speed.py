"""How fast this machine runs just now: the CPU time of a fixed pure-Python loop.

On a shared host the same work took from 0.29 to 0.51 s of CPU minutes apart (2026-11-26), which
moves every rate and CPU figure a bench reports with it. Benches print this beside their figures
(taken while their own load is off), so two runs can be read against each other.
"""

from __future__ import annotations

import time

LOOP = 1_000_000


def reference_loop_ms() -> float:
    """Milliseconds of CPU for LOOP multiply-adds in Python, median of three."""
    times = []
    for _ in range(3):
        started, total = time.process_time(), 0
        for i in range(LOOP):
            total += i * i
        times.append(1000 * (time.process_time() - started))
    return sorted(times)[1]
