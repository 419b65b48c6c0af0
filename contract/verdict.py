"""What bounded a run: the verdict's types (computed by worker.verdicts, stored in the summary).

A verdict names one bound (the first condition that held, in the priority order of
worker.verdicts.rules), says it in one sentence and shows the numbers it was read from, so a
reader can check it. Other conditions that also held are kept, in priority order, in `also`.
Caveats are not bounds: they say when the lab itself may have distorted the figures (a host
that stalled, CPU stolen by the hypervisor, samples that never arrived), or when two figures of the
run contradict each other (worker/verdicts/consistency.py).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import Field

from contract.strict import StrictModel

BoundKind = Literal[
    "maxconn",  # sessions at the configured maxconn, or requests waiting in HAProxy's queue
    "errors",  # too many requests failed for the throughput to mean anything
    "offered_load",  # open loop: the proxy kept up with the requested rate; nothing bound it
    "proxy_cpu",  # HAProxy (or the proxy host) had no CPU left
    "injector",  # an injector fell behind (its schedule, host CPU or NIC): the load was the limit
    "client_cpu",  # stored by older workers (the injector host's CPU alone): shown as injector-bound
    "network",  # bytes/s at the link's cap, or a flat bytes/s plateau with idle CPUs
    "upstream",  # the servers' response time made most of the latency, the proxy was not saturated
    "concurrency",  # closed loop, nothing saturated: throughput = clients / latency
    "unknown",  # not enough data to say
]


class Advice(NamedTuple):
    """What a bound's verdict tells people to change, as data: the worker ends the verdict's sentence
    with `ending`, and the sweep analysis (backend/runs/analysis/sweep.py) checks the advice against
    the next point up when the launch swept `lever`."""

    lever: str  # the setting to raise, as the last part of a sweep axis' spec path names it
    ending: str  # the sentence's last words, from their punctuation on


# Bounds that say the load tools, not HAProxy, were the limit: a run with one of these measured its
# injectors, so its throughput is no capacity of HAProxy's (the sweep analysis skips it as a knee).
INJECTOR_BOUNDS: frozenset[BoundKind] = frozenset({"injector", "client_cpu"})

# Measurement error a sanity check tolerates: TBF lets a burst through, counters round, clocks
# drift (worker/verdicts/sanity.py; the run page's side-by-side table reads it from the OpenAPI
# document, MeasurementTolerance).
MEASUREMENT_TOLERANCE = 0.05

# The advice of each bound kind that gives one, said once. A maxconn-bound run whose requests
# waited in HAProxy's queue says so under this kind too (worker/verdicts/rules.py maxconn_bound).
ADVICE: dict[BoundKind, Advice] = {
    "proxy_cpu": Advice(lever="nbthread", ending="; more threads or cores raise it."),
    "maxconn": Advice(lever="maxconn", ending=", raise it or add servers."),
}


class Evidence(StrictModel):
    """One number a verdict was read from."""

    name: str = Field(max_length=64, description="Stable key, e.g. max_scur, injector_cpu_pct.")
    label: str = Field(max_length=200, description="What the number is, for people.")
    value: float = Field(description="The measured or configured value.")
    unit: str = Field(default="", max_length=20, description="conns, %, ms, req/s, B/s ... or empty.")


class BoundFinding(StrictModel):
    """One condition that held during the run."""

    kind: BoundKind
    sentence: str = Field(max_length=1000, description="The finding in one sentence, with its numbers.")
    evidence: list[Evidence] = Field(default_factory=list, max_length=30)


CaveatKind = Literal[
    "host_stalled",  # a lab host could not run its threads on time: the tool and proxy waited too
    "cpu_steal",  # the hypervisor gave a lab host's CPU to other guests (a noisy neighbour)
    "samples_missing",  # a source sent fewer measured seconds than the run lasted
    "above_link_cap",  # the clients report more bytes/s than the lab's shaped link carries
    "above_target_rate",  # an open loop reports more successes/s than the rate it was asked for
    "counts_disagree",  # (stored by older workers) the clients' and HAProxy's counts differed
    "figures_disagree",  # two figures of one thing differ beyond what the window's edges explain
    "clocks_apart",  # injectors started apart, or an agent's clock is off the API's (contract.clock)
]


class Caveat(StrictModel):
    """Something that may have disturbed the measurement itself, with the numbers it was read from."""

    kind: CaveatKind
    sentence: str = Field(max_length=1000, description="What happened and what it means for the figures.")
    evidence: list[Evidence] = Field(default_factory=list, max_length=30)


class RunVerdict(BoundFinding):
    """What bounded the run: the highest-priority finding, plus the others that also held."""

    also: list[BoundFinding] = Field(
        default_factory=list, max_length=10, description="Other conditions that held, in priority order."
    )
    caveats: list[Caveat] = Field(
        default_factory=list,
        max_length=20,
        description="What may have disturbed the measurement: a stalled host, stolen CPU, missing samples.",
    )
