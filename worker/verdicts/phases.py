"""Verdicts that name the phase: where the slow requests' time went, from HAProxy's request log
(RunSummary.timers, worker/request_timers.py).

The bound's sentence (decide.py) gains, when the run logged its requests:
- where p99 went: the breakdown's band at p99, its phases that hold a share worth naming, largest
  first ("p99 2.0 s: 1.0 s in HAProxy's queue (Tw), 1.0 s at the server (Tr)");
- connect time worth removing: at p50 Tc holds CONNECT_SHARE of the request's own time while the
  backend reuses no server connection (its spec says `http-reuse never`, or HAProxy's reuse counter
  stayed at 0 in an HTTP run), so reuse would remove it;
- the client's aborts: when the clients timed out (their load.request_timeout_s) and HAProxy's log
  shows requests ended by the client, which states and what each means.
A sampled log (timers.one_in > 1) says so in the sentence. Pure: an observation in, sentences out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from contract.numbers import fixed
from contract.request_timers import (
    PHASE_LABEL,
    PhaseName,
    PhaseSplit,
    RequestTimers,
    describe_state,
    state_group,
)
from contract.verdict import Evidence

# A phase is named when it holds at least this share of the band's own time (the rest is noise
# beside the phases that matter), the largest first, at most MAX_PHASES_NAMED of them.
PHASE_SHARE = 0.10
MAX_PHASES_NAMED = 3
# Connect time worth a sentence: this share of the median request's own time, and at least a
# millisecond (loopback connects log as 0 ms: nothing to remove).
CONNECT_SHARE = 0.20
CONNECT_MIN_MS = 1.0
# Client states named in the aborts' sentence, the most frequent first.
MAX_STATES_NAMED = 3

PHASE_WHERE: dict[PhaseName, str] = {
    "th": "in the client's handshake (Th)",
    "treq": "receiving the request (TR)",
    "tw": "in HAProxy's queue (Tw)",
    "tc": "connecting to the server (Tc)",
    "tr": "at the server (Tr)",
    "td": "moving the data (Td)",
}


@dataclass(frozen=True)
class PhaseNotes:
    """What the request log adds to a verdict: sentences to append, the numbers they read."""

    sentences: list[str]
    evidence: list[Evidence]


def duration(ms: float) -> str:
    """2.0 s, 350 ms, 0.4 ms: seconds from a second on, whole ms from 10 ms."""
    if ms >= 1000:
        return f"{fixed(ms / 1000, 1)} s"
    return f"{fixed(ms, 0 if ms >= 10 else 1)} ms"


def _split(timers: RequestTimers, percentile: float) -> PhaseSplit | None:
    return next((s for s in timers.breakdown if s.percentile == percentile), None)


def _sampled(timers: RequestTimers, *, inside_brackets: bool = False) -> str:
    if timers.one_in == 1:
        return ""
    said = f"HAProxy's log of one request in {timers.one_in}"
    return f", {said}" if inside_brackets else f" ({said})"


def where_p99_went(timers: RequestTimers) -> tuple[str, list[Evidence]] | None:
    """'p99 2.0 s: 1.0 s in HAProxy's queue (Tw), 1.0 s at the server (Tr).'"""
    split = _split(timers, 99)
    if split is None or split.total_ms <= 0:
        return None
    named = sorted(
        ((phase, ms) for phase, ms in split.phases.items() if ms >= PHASE_SHARE * split.total_ms and ms > 0),
        key=lambda item: -item[1],
    )[:MAX_PHASES_NAMED]
    if not named:
        return None
    parts = ", ".join(f"{duration(ms)} {PHASE_WHERE[phase]}" for phase, ms in named)
    sentence = f"p99 {duration(split.total_ms)}: {parts}{_sampled(timers)}."
    evidence = [
        Evidence(
            name="p99_own_ms",
            label="p99 of the requests' own time (HAProxy's log)",
            value=split.total_ms,
            unit="ms",
        )
    ]
    evidence += [
        Evidence(name=f"p99_{phase}_ms", label=f"at p99: {PHASE_LABEL[phase]}, mean", value=ms, unit="ms")
        for phase, ms in named
    ]
    return sentence, evidence


ReuseOff = Literal["never", "unused"]


def connect_advice(timers: RequestTimers, reuse_off: ReuseOff | None) -> tuple[str, list[Evidence]] | None:
    """'Connect time is 40% of p50 (...): http-reuse would remove it.' where reuse was off."""
    split = _split(timers, 50)
    if reuse_off is None or timers.mode != "http" or split is None or split.total_ms <= 0:
        return None
    connect = split.phases.get("tc", 0.0)
    if connect < CONNECT_MIN_MS or connect < CONNECT_SHARE * split.total_ms:
        return None
    why = (
        "the backend's http-reuse is never, so every request opens its own server connection"
        if reuse_off == "never"
        else "HAProxy reused no server connection (its reuse counter stayed at 0)"
    )
    share = 100 * connect / split.total_ms
    sentence = (
        f"Connect time is {fixed(share, 0)}% of p50 ({duration(connect)} of {duration(split.total_ms)}"
        f"{_sampled(timers, inside_brackets=True)}): {why}; http-reuse would remove it."
    )
    return sentence, [
        Evidence(name="p50_tc_ms", label="at p50: connect (Tc), mean", value=connect, unit="ms"),
        Evidence(
            name="p50_tc_share_pct",
            label="connect's share of p50's own time",
            value=round(share, 3),
            unit="%",
        ),
    ]


def client_aborts(
    timers: RequestTimers, timeouts: int, timeout_s: float
) -> tuple[str, list[Evidence]] | None:
    """When the clients' timeout ended requests: the log's client-ended states, named."""
    if timeouts <= 0 or timers.ended_by_client <= 0:
        return None
    by_client = sorted(
        ((state, n) for state, n in timers.states.items() if state_group(state) == "client"),
        key=lambda item: (-item[1], item[0]),
    )
    named = "; ".join(
        f"{state} {fixed(n, 0, grouping=True)}: {describe_state(state)}"
        for state, n in by_client[:MAX_STATES_NAMED]
    )
    sentence = (
        f"The clients' {timeout_s:g} s timeout ended requests: {fixed(timeouts, 0, grouping=True)} timed "
        f"out, and HAProxy's log shows {fixed(timers.ended_by_client, 0, grouping=True)} ended by the client"
        f"{_sampled(timers)} ({named})."
    )
    return sentence, [
        Evidence(
            name="ended_by_client",
            label="requests the client ended (HAProxy's log)",
            value=timers.ended_by_client,
        ),
        Evidence(name="client_timeouts", label="the clients' timeouts", value=timeouts),
    ]


def phase_notes(
    timers: RequestTimers | None, *, reuse_off: ReuseOff | None, timeouts: int, timeout_s: float
) -> PhaseNotes:
    """Every note the request log adds to the run's verdict, in the order they are read."""
    if timers is None:
        return PhaseNotes([], [])
    found = [
        where_p99_went(timers),
        connect_advice(timers, reuse_off),
        client_aborts(timers, timeouts, timeout_s),
    ]
    notes = [note for note in found if note is not None]
    return PhaseNotes([s for s, _ in notes], [e for _, evidence in notes for e in evidence])
