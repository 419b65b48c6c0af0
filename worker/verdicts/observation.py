"""A run as the verdict rules see it: its totals, its configuration, and per-second series.

Key names are the agents' (agents/proxy/metrics.py, agents/host_sampler.py):
- source "proxy" (overflow parts "proxy:2" ...): `{frontend}.scur`, `{frontend}.req_tot`,
  `{frontend}.bin`/`.bout` (counter deltas), `{backend}.qcur`, `.qtime`, `.rtime` (gauges, ms),
  `{backend}.econ`, `PROCESS.idle_pct` (HAProxy's idle time over all its threads) and
  `PROCESS.maxconn_max` (the global maxconn HAProxy runs with, when the spec sets none).
- source "host:<agent>" (every agent, whatever its roles): `cpu_pct` (the whole machine),
  `rx_bytes`/`tx_bytes` (counter deltas).
Only the measured seconds count (0 <= t < duration); the first and last are ramps, so the
`steady` series drop them when there are enough seconds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spec.experiment import ExperimentSpec
from spec.limits import client_limit, server_limit
from spec.results import LoadTotals
from spec.run_environment import SharedMachine

PROXY_SOURCE = "proxy"
HOST_PREFIX = "host:"  # every agent samples its host as host:<agent>
# With fewer measured seconds than this, keep the ramps: dropping them would leave too little.
MIN_SECONDS_TO_TRIM = 4

Seconds = Sequence[Mapping[str, Any]]  # [{"t": 0, "data": {...}}, ...]


@dataclass(frozen=True)
class RunObservation:
    totals: LoadTotals
    connections: int  # client connections over all injectors
    offered_rps: float | None = None  # load.rate: open loop; None: closed loop
    maxconn: int | None = None  # the entry point's client limit (limits.client_limit)
    server_maxconn: int | None = None  # sum of the servers' maxconn (limits.server_limit)
    link_cap_bytes_per_s: float | None = None  # a shaped link's cap, when the lab knows it
    # The machine HAProxy shared with the load tool, when it did (the local lab): its CPU is theirs.
    shared_machine: SharedMachine | None = None
    # Per steady second:
    scur: list[float] = field(default_factory=list)
    qcur: list[float] = field(default_factory=list)
    qtime_ms: list[float] = field(default_factory=list)
    rtime_ms: list[float] = field(default_factory=list)
    proxy_rps: list[float] = field(default_factory=list)
    bytes_per_s: list[float] = field(default_factory=list)  # the busier direction through the proxy
    haproxy_busy_pct: list[float] = field(default_factory=list)
    proxy_host_cpu_pct: list[float] = field(default_factory=list)
    injector_cpu_pct: list[float] = field(default_factory=list)  # the busiest injector host
    econ: int = 0  # over all measured seconds


def measured(seconds: Seconds, duration_s: int) -> list[Mapping[str, Any]]:
    """The seconds of the measured load (0 <= t < duration), warm-up and overrun left out."""
    return [s for s in seconds if 0 <= int(s["t"]) < duration_s]


def steady(seconds: Seconds, duration_s: int) -> list[Mapping[str, Any]]:
    """The measured seconds in t order, without the first and last when there are enough."""
    in_order = sorted(measured(seconds, duration_s), key=lambda s: s["t"])
    return in_order[1:-1] if len(in_order) >= MIN_SECONDS_TO_TRIM else in_order


def merged_by_t(parts: Sequence[Seconds]) -> list[dict[str, Any]]:
    """One {"t", "data"} per second from several sources (a large config's proxy:2 ...)."""
    by_t: dict[int, dict[str, Any]] = {}
    for seconds in parts:
        for second in seconds:
            by_t.setdefault(int(second["t"]), {}).update(second["data"])
    return [{"t": t, "data": data} for t, data in sorted(by_t.items())]


def series(seconds: Seconds, key: str) -> list[float]:
    return [float(s["data"][key]) for s in seconds if key in s["data"]]


def busiest(per_host: Sequence[Seconds], key: str) -> list[float]:
    """Per second, the highest value of `key` over several hosts' samples."""
    by_t: dict[int, float] = {}
    for seconds in per_host:
        for second in seconds:
            if key in second["data"]:
                t = int(second["t"])
                by_t[t] = max(by_t.get(t, 0.0), float(second["data"][key]))
    return [by_t[t] for t in sorted(by_t)]


def host_seconds(samples: Mapping[str, Seconds], agent: str) -> Seconds:
    """An agent's host samples (`host:<agent>`)."""
    return samples.get(f"{HOST_PREFIX}{agent}") or []


def _process_maxconn(proxy: Seconds) -> int | None:
    """HAProxy's own global maxconn (show info Maxconn) when the spec leaves it to HAProxy."""
    values = series(proxy, "PROCESS.maxconn_max")
    return int(max(values)) if values else None


def observe(
    spec: ExperimentSpec,
    totals: LoadTotals,
    samples: Mapping[str, Seconds],
    *,
    frontend: str,
    backend: str,
    proxy_agent: str | None,
    injector_agents: Sequence[str],
    link_cap_bytes_per_s: float | None = None,
    shared_machine: SharedMachine | None = None,
) -> RunObservation:
    """Build the observation of one run from its samples by source."""
    duration = spec.load.duration_s
    proxy_parts = [seconds for source, seconds in samples.items() if source.split(":")[0] == PROXY_SOURCE]
    proxy = steady(merged_by_t(proxy_parts), duration)
    bytes_in, bytes_out = series(proxy, f"{frontend}.bin"), series(proxy, f"{frontend}.bout")
    idle = series(proxy, "PROCESS.idle_pct")
    hosts = [steady(host_seconds(samples, agent), duration) for agent in injector_agents]
    proxy_host = steady(host_seconds(samples, proxy_agent), duration) if proxy_agent else []
    all_proxy = measured(merged_by_t(proxy_parts), duration)
    return RunObservation(
        totals=totals,
        # Every injector of the lab runs the load profile: the clients add up.
        connections=spec.load.connections * max(1, len(injector_agents)),
        offered_rps=spec.load.rate,
        maxconn=client_limit(spec) or _process_maxconn(proxy),
        server_maxconn=server_limit(spec),
        link_cap_bytes_per_s=link_cap_bytes_per_s,
        shared_machine=shared_machine,
        scur=series(proxy, f"{frontend}.scur"),
        qcur=series(proxy, f"{backend}.qcur"),
        qtime_ms=series(proxy, f"{backend}.qtime"),
        rtime_ms=series(proxy, f"{backend}.rtime"),
        proxy_rps=series(proxy, f"{frontend}.req_tot"),
        bytes_per_s=bytes_out if sum(bytes_out) >= sum(bytes_in) else bytes_in,
        haproxy_busy_pct=[max(0.0, 100.0 - value) for value in idle],
        proxy_host_cpu_pct=series(proxy_host, "cpu_pct"),
        injector_cpu_pct=busiest(hosts, "cpu_pct"),
        econ=int(sum(series(all_proxy, f"{backend}.econ"))),
    )
