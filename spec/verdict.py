"""What bounded a run: the verdict's types (computed by worker.verdicts, stored in the summary).

A verdict names one bound (the first condition that held, in the priority order of
worker.verdicts.rules), says it in one sentence and shows the numbers it was read from, so a
reader can check it. Other conditions that also held are kept, in priority order, in `also`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from spec.strict import StrictModel

BoundKind = Literal[
    "maxconn",  # sessions at the configured maxconn, or requests waiting in HAProxy's queue
    "errors",  # too many requests failed for the throughput to mean anything
    "offered_load",  # open loop: the proxy kept up with the requested rate; nothing bound it
    "proxy_cpu",  # HAProxy (or the proxy host) had no CPU left
    "client_cpu",  # the injector host had no CPU left: the clients, not the proxy, were the limit
    "network",  # bytes/s at the link's cap, or a flat bytes/s plateau with idle CPUs
    "upstream",  # the servers' response time made most of the latency, the proxy was not saturated
    "concurrency",  # closed loop, nothing saturated: throughput = clients / latency
    "unknown",  # not enough data to say
]


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


class RunVerdict(BoundFinding):
    """What bounded the run: the highest-priority finding, plus the others that also held."""

    also: list[BoundFinding] = Field(
        default_factory=list, max_length=10, description="Other conditions that held, in priority order."
    )
