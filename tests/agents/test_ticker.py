"""The sampling clock: one tick per second of the run's origin, labelled with the second it closes."""

from __future__ import annotations

import itertools
import threading
import time

from live_processes import wait_until

from agents.ticker import SecondTicker


def record_ticks(origin: float, count: int, on_tick_extra: float = 0.0) -> list[tuple[int, float]]:
    ticks: list[tuple[int, float]] = []
    done = threading.Event()

    def on_tick(t: int, now: float) -> None:
        ticks.append((t, now))
        if len(ticks) >= count:
            done.set()
        time.sleep(on_tick_extra)

    ticker = SecondTicker("test-ticker", origin, on_tick)
    ticker.start()
    try:
        assert done.wait(count + 3), ticks
    finally:
        ticker.stop()
    return ticks


def test_ticks_land_just_after_each_second_of_the_origin_and_name_the_second_they_close() -> None:
    # An origin with a fraction far from the wall clock's: ticks follow the origin, not whole seconds.
    origin = time.time() + 0.37
    ticks = record_ticks(origin, 3)
    for t, now in ticks:
        assert 0 <= now - (origin + t + 1) < 0.25, (t, now - origin)
    labels = [t for t, _ in ticks]
    assert labels == list(range(labels[0], labels[0] + 3))
    assert labels[0] in (-1, 0)  # the first tick closes the second that ends at origin + 0 or + 1


def test_a_slow_reading_skips_seconds_but_never_repeats_one() -> None:
    """A reading that takes longer than a second (a loaded box) makes the next tick late: it
    skips the missed second instead of giving two readings one label."""
    ticks = record_ticks(time.time() - 100.5, 3, on_tick_extra=1.3)
    labels = [t for t, _ in ticks]
    assert labels == sorted(set(labels)), labels
    assert all(b - a == 2 for a, b in itertools.pairwise(labels)), labels


def test_stop_ends_the_thread_between_ticks() -> None:
    ticker = SecondTicker("test-ticker", time.time(), lambda t, now: None)
    ticker.start()
    ticker.stop()
    wait_until(lambda: not ticker.running or None, 2, "the ticker thread to end")
