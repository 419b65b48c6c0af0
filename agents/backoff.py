"""Exponential backoff with jitter, for reconnecting to the backend and resending."""

from __future__ import annotations

import random


class Backoff:
    """Delays that double from `initial_s` up to `max_s`, each jittered into [d/2, d].

    Jitter keeps a fleet of agents from reconnecting in lockstep after a backend restart.
    """

    def __init__(self, initial_s: float = 0.5, max_s: float = 30.0) -> None:
        self.initial_s = initial_s
        self.max_s = max_s
        self._attempt = 0

    def next_delay(self) -> float:
        ceiling = min(self.max_s, self.initial_s * 2**self._attempt)
        self._attempt = min(self._attempt + 1, 32)
        return max(self.initial_s, random.uniform(ceiling / 2, ceiling))

    def reset(self) -> None:
        self._attempt = 0
