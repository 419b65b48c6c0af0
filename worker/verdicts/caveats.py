"""Caveats: what may have disturbed the measurement itself, read from the run's own samples.

A verdict says what bounded the run; a caveat says when the figures deserve less trust than
usual, so that nobody compares a run that stalled with one that did not without knowing:
- host_stalled: a host's sampler woke late (`tick_late_ms`, agents/host_sampler.py). A host
  that cannot run a thread on time also holds up the load tool and HAProxy on it, so the
  latencies carry the stall and an open loop sends late.
- cpu_steal: the hypervisor ran other guests on the host's CPUs (`steal_pct`): CPU-bound
  figures are lower than the hardware gives and move from run to run.
- samples_missing: a source (HAProxy, a host) sent fewer of the measured seconds than the run
  lasted (its agent died or could not deliver): the figures read from it are partial.
"""

from __future__ import annotations

import statistics

from backend.runs.seconds import PROXY_SOURCE, RunSeconds, SampleRows, Seconds
from contract.numbers import fixed
from contract.verdict import Caveat
from worker.verdicts.observation import STEAL_KEY
from worker.verdicts.rules import ev

# A sampler that wakes this late was not scheduled for a third of a second: far beyond the few
# milliseconds a healthy host needs, and enough to move a latency percentile or a send slot.
STALL_MS = 300.0
# Steal this high (averaged over the measured seconds) takes a visible share of a CPU-bound run.
STEAL_PCT = 5.0
# One measured second may be lost at either end (a batch racing the collect); more is a gap.
MISSING_SECONDS_TOLERATED = 1


def stalled(agent: str, seconds: Seconds) -> Caveat | None:
    late = seconds.values("tick_late_ms")
    if not late or max(late) < STALL_MS:
        return None
    count = sum(1 for v in late if v >= STALL_MS)
    worst = max(late)
    return Caveat(
        kind="host_stalled",
        sentence=(
            f"Host {agent} stalled: its sampler woke up to {fixed(worst / 1000, 2)} s late "
            f"({count} of {len(late)} measured seconds at least {fixed(STALL_MS / 1000, 1)} s late). "
            "What ran there waited too, so latencies and send times carry the stall; "
            "re-run on a quieter host before comparing."
        ),
        evidence=[
            ev("max_tick_late_ms", f"{agent}: latest wake-up of the sampler", worst, "ms"),
            ev("stalled_seconds", f"{agent}: seconds with a wake-up >= {STALL_MS:g} ms late", count, "s"),
        ],
    )


def stolen(agent: str, seconds: Seconds) -> Caveat | None:
    steal = seconds.values(STEAL_KEY)
    if not steal or statistics.fmean(steal) < STEAL_PCT:
        return None
    mean = statistics.fmean(steal)
    return Caveat(
        kind="cpu_steal",
        sentence=(
            f"The hypervisor ran other guests on host {agent}'s CPUs for {fixed(mean, 0)}% of the time "
            f"(steal, at most {fixed(max(steal), 0)}% in one second): CPU-bound figures are lower than "
            "this hardware gives and will vary between runs."
        ),
        evidence=[
            ev("mean_steal_pct", f"{agent}: CPU time stolen, mean", mean, "%"),
            ev("max_steal_pct", f"{agent}: CPU time stolen, worst second", max(steal), "%"),
        ],
    )


def missing(name: str, seconds: Seconds, duration_s: int) -> Caveat | None:
    present = len(seconds.measured(duration_s).present())
    if present >= duration_s - MISSING_SECONDS_TOLERATED:
        return None
    return Caveat(
        kind="samples_missing",
        sentence=(
            f"{name} sent {present} of the {duration_s} measured seconds: figures read from it "
            "(charts, the proxy summary, the verdict) cover only those."
        ),
        evidence=[
            ev("seconds_present", f"{name}: measured seconds received", present, "s"),
            ev("seconds_expected", "measured seconds of the run", duration_s, "s"),
        ],
    )


def run_caveats(samples: RunSeconds | SampleRows, duration_s: int, *, expect_proxy: bool) -> list[Caveat]:
    """Every caveat of one run, hosts in name order; HAProxy's gaps first when it was sampled."""
    run = RunSeconds.of(samples)
    caveats: list[Caveat] = []
    if expect_proxy:
        gap = missing("HAProxy (source proxy)", run.source(PROXY_SOURCE), duration_s)
        if gap is not None:
            caveats.append(gap)
    for agent, all_seconds in run.hosts().items():
        seconds = all_seconds.measured(duration_s)
        for caveat in (
            stalled(agent, seconds),
            stolen(agent, seconds),
            missing(f"host {agent}", all_seconds, duration_s),
        ):
            if caveat is not None:
                caveats.append(caveat)
    return caveats
