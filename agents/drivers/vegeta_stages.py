"""A staged load's schedule for vegeta (pure logic): the plan the vegeta_stages program follows,
and the same slots read back by the results tally.

vegeta's CLI holds one constant rate; agents/tools/vegeta_stages (a small Go program on vegeta's
library, built by dev/prereqs.sh) runs LoadProfile.stages from a JSON plan:
- open loop: `segments` in ns after the attack began, each a constant or linear rate. The warm-up
  holds the first stage's rate; stage i then begins at warm-up + the durations before it, its
  first ramp_s seconds a linear segment from the previous stage's rate. Request n (from 0) is due
  where the schedule's expected hits reach n + 1, as vegeta's constant pacer puts it at
  (n + 1) x interval; StagedPace.slot_ns is the Go program's stagedPacer.slot, float for float.
- closed loop: `steps`, each a worker count held for its duration (the warm-up joins the first).

The tally (agents/drivers/vegeta_results.py) reads each stage over its own window (contract.load
.stage_windows: after its ramp and a settling second), in the schedule's ns like the run's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from contract.load import LoadProfile, stage_windows

NS_PER_S = 1_000_000_000


@dataclass(frozen=True)
class Segment:
    """The rate goes linearly from `from_rate` to `to_rate` (req/s) over [start_ns, end_ns)."""

    start_ns: int
    end_ns: int
    from_rate: float
    to_rate: float

    @property
    def hits(self) -> float:
        return (self.from_rate + self.to_rate) / 2 * (self.end_ns - self.start_ns) / NS_PER_S


class StagedPace:
    """An open loop's schedule of segments: when each request is due, and how many are due by a time."""

    def __init__(self, segments: list[Segment]) -> None:
        if not segments:
            raise ValueError("a staged pace needs at least one segment")
        self.segments = segments
        self._hits_at = [0.0]
        for segment in segments:
            self._hits_at.append(self._hits_at[-1] + segment.hits)

    @classmethod
    def of(cls, profile: LoadProfile) -> StagedPace:
        segments: list[Segment] = []
        at = 0
        first = profile.stages[0].rate or 0.0
        if profile.warmup_s:
            at = profile.warmup_s * NS_PER_S
            segments.append(Segment(0, at, first, first))
        previous = first
        for stage in profile.stages:
            rate = stage.rate or 0.0
            if stage.ramp_s:
                ramp_end = at + stage.ramp_s * NS_PER_S
                segments.append(Segment(at, ramp_end, previous, rate))
                at = ramp_end
            end = at + (stage.duration_s - stage.ramp_s) * NS_PER_S
            segments.append(Segment(at, end, rate, rate))
            at, previous = end, rate
        return cls(segments)

    def mean_rate(self, start_ns: int, end_ns: int) -> float:
        """The mean asked rate over (start_ns, end_ns] (a stopped run's window: what it covered)."""
        return (self._hits(end_ns) - self._hits(start_ns)) * NS_PER_S / (end_ns - start_ns)

    @property
    def end_ns(self) -> int:
        return self.segments[-1].end_ns

    def slot_ns(self, seq: int) -> int:
        """When request `seq` (from 0) is due, ns after the attack began (past the end: the last
        segment's rate carried on, which only a row the tool should not have sent can ask)."""
        want = float(seq + 1)
        for index, segment in enumerate(self.segments):
            if want <= self._hits_at[index + 1]:
                return _slot_in(segment, want - self._hits_at[index])
        last = self.segments[-1]
        return last.end_ns + math.floor((want - self._hits_at[-1]) * NS_PER_S / last.to_rate + 0.5)

    def slots_until(self, t_ns: int) -> int:
        """How many slots are due at or before t_ns: the n with slot_ns(n - 1) <= t_ns."""
        if t_ns <= 0:
            return 0
        n = max(0, math.floor(self._hits(t_ns)))
        while n > 0 and self.slot_ns(n - 1) > t_ns:  # float rounding at a slot's own nanosecond
            n -= 1
        while self.slot_ns(n) <= t_ns:
            n += 1
        return n

    def _hits(self, t_ns: int) -> float:
        for index, segment in enumerate(self.segments):
            if t_ns < segment.end_ns:
                x = (t_ns - segment.start_ns) / NS_PER_S
                span = (segment.end_ns - segment.start_ns) / NS_PER_S
                rate_then = segment.from_rate + (segment.to_rate - segment.from_rate) * x / span
                return self._hits_at[index] + (segment.from_rate + rate_then) / 2 * x
        return self._hits_at[-1]


def _slot_in(segment: Segment, hits: float) -> int:
    """Where `hits` expected hits into the segment fall: a*x + slope/2*x^2 = hits, solved in the
    form that stays exact for a constant rate (slope 0); the Go program's stagedPacer.slot."""
    a = segment.from_rate / 1e9
    slope = (segment.to_rate - segment.from_rate) / 1e9 / (segment.end_ns - segment.start_ns)
    x = 2 * hits / (a + math.sqrt(a * a + 2 * slope * hits))
    return math.floor(segment.start_ns + x + 0.5)


def plan(profile: LoadProfile) -> dict[str, Any]:
    """The vegeta_stages program's plan: open-loop segments or closed-loop steps."""
    if profile.rate is not None:
        return {
            "segments": [
                {"start_ns": s.start_ns, "end_ns": s.end_ns, "from_rate": s.from_rate, "to_rate": s.to_rate}
                for s in StagedPace.of(profile).segments
            ]
        }
    steps = [
        {"duration_ns": stage.duration_s * NS_PER_S, "workers": stage.connections} for stage in profile.stages
    ]
    steps[0]["duration_ns"] = int(steps[0]["duration_ns"] or 0) + profile.warmup_s * NS_PER_S
    return {"steps": steps}


@dataclass(frozen=True)
class StageSpan:
    """A stage's measured window in ns after the schedule's origin (the warm-up's start), and its
    place in run time t (seconds after t0)."""

    index: int
    kind: str
    target: float
    start_ns: int
    end_ns: int
    start_s: float
    end_s: float


def stage_spans(profile: LoadProfile) -> list[StageSpan]:
    warmup_ns = profile.warmup_s * NS_PER_S
    return [
        StageSpan(
            index=w.index,
            kind=w.kind,
            target=w.target,
            start_ns=warmup_ns + w.start_s * NS_PER_S,
            end_ns=warmup_ns + w.end_s * NS_PER_S,
            start_s=float(w.start_s),
            end_s=float(w.end_s),
        )
        for w in stage_windows(profile.stages)
    ]
