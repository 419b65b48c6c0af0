"""A run as the verdict rules see it: its totals, its configuration, and per-second series.

Series are read by their registry names (contract.metrics.SAMPLE_SERIES, which knows the key
agents/proxy/metrics.py and agents/host_sampler.py give each): HAProxy's scur, req_s, bytes_in
and bytes_out (counter deltas), qcur, qtime, rtime (gauges, ms), econ, idle (its idle time over
all its threads) and maxconn (the global maxconn it runs with, when the spec sets none), and each
host's cpu (the whole machine), rx and tx. Each injector is also seen on its own (`injectors`:
its host's cpu, steal and busier NIC direction, and its summary's open-loop schedule), so the
injector bound can name the one that fell behind.
Only the measured seconds count (backend.runs.seconds: `measured`); the first and last are ramps,
so the `steady` series drop them when there are enough seconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from backend.runs.seconds import RunSeconds, SampleRows, Seconds
from contract.experiment import ExperimentSpec
from contract.injector_split import lab_connections, lab_rate
from contract.limits import client_limit, server_limit
from contract.metrics import SERIES_BY_KEY, series_sample_key
from contract.request_timers import RequestTimers
from contract.results import InjectorSummary, LoadTotals, OpenLoopStats, ToolCpu
from contract.run_environment import SharedMachine
from worker.verdicts.phases import ReuseOff

# The host sampler's share of CPU time the hypervisor gave other guests (agents/host_sampler.py);
# not a chart series, read by the verdict's rules and caveats alone.
STEAL_KEY = "steal_pct"


@dataclass(frozen=True)
class InjectorObservation:
    """One injector as the injector bound reads it: its host's steady seconds and its schedule."""

    agent: str
    cpu_pct: list[float] = field(default_factory=list)  # its host's CPU busy (steal included), per second
    steal_pct: list[float] = field(default_factory=list)  # of which the hypervisor ran other guests
    nic_bytes_per_s: list[float] = field(default_factory=list)  # its busier direction, rx or tx
    open_loop: OpenLoopStats | None = None  # how well it held its send schedule (vegeta), when it keeps one
    window_s: float = 0.0  # the seconds its schedule covered (its summary's duration)
    tool_cpu: ToolCpu | None = None  # its load tool's threads' CPU and wait for a CPU


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
    injectors: list[InjectorObservation] = field(default_factory=list)  # each injector, by name
    # HAProxy's request log over the window (RunSummary.timers), when the run collected it.
    timers: RequestTimers | None = None
    # Why no server connection was reused, when none was: the spec's `http-reuse never`, or HTTP
    # with HAProxy's reuse counter at 0 over the window while it connected ("unused").
    reuse_off: ReuseOff | None = None
    request_timeout_s: float = 0.0  # the clients' timeout (load.request_timeout_s)


def _busier_direction(host: Seconds) -> list[float]:
    received, sent = host.values(SERIES_BY_KEY["rx"].sample_key), host.values(SERIES_BY_KEY["tx"].sample_key)
    return sent if sum(sent) >= sum(received) else received


def busiest(per_host: Sequence[Seconds], key: str) -> list[float]:
    """Per second, the highest value of `key` over several hosts' samples."""
    by_t: dict[int, float] = {}
    for seconds in per_host:
        for second in seconds:
            if key in second.data:
                by_t[second.t] = max(by_t.get(second.t, 0.0), float(second.data[key]))
    return [by_t[t] for t in sorted(by_t)]


def _process_maxconn(proxy: Seconds) -> int | None:
    """HAProxy's own global maxconn (show info Maxconn) when the spec leaves it to HAProxy."""
    values = proxy.values(SERIES_BY_KEY["maxconn"].sample_key)
    return int(max(values)) if values else None


def observe(
    spec: ExperimentSpec,
    totals: LoadTotals,
    samples: RunSeconds | SampleRows,
    *,
    frontend: str,
    backend: str,
    proxy_agent: str | None,
    injector_agents: Sequence[str],
    link_cap_bytes_per_s: float | None = None,
    shared_machine: SharedMachine | None = None,
    injector_summaries: Sequence[InjectorSummary] = (),
    timers: RequestTimers | None = None,
) -> RunObservation:
    """Build the observation of one run from its seconds by source."""
    run = RunSeconds.of(samples)
    duration = spec.load.duration_s
    all_proxy = run.proxy()
    proxy = all_proxy.steady(duration)

    def haproxy(series: str) -> list[float]:
        return proxy.values(series_sample_key(series, frontend, backend))

    bytes_in, bytes_out = haproxy("bytes_in"), haproxy("bytes_out")
    cpu = SERIES_BY_KEY["cpu"].sample_key
    hosts = [run.host(agent).steady(duration) for agent in injector_agents]
    reported = {summary.agent: summary for summary in injector_summaries}
    injectors = [
        InjectorObservation(
            agent=agent,
            cpu_pct=host.values(cpu),
            steal_pct=host.values(STEAL_KEY),
            nic_bytes_per_s=_busier_direction(host),
            open_loop=reported[agent].open_loop if agent in reported else None,
            window_s=reported[agent].duration_s if agent in reported else 0.0,
            tool_cpu=reported[agent].tool_cpu if agent in reported else None,
        )
        for agent, host in zip(injector_agents, hosts, strict=True)
    ]
    proxy_host = run.host(proxy_agent).steady(duration) if proxy_agent else Seconds()
    return RunObservation(
        totals=totals,
        # The profile is what the whole lab sends (or, `whole`, what each injector sends).
        connections=lab_connections(spec.load, len(injector_agents)),
        offered_rps=lab_rate(spec.load, len(injector_agents)),
        maxconn=client_limit(spec) or _process_maxconn(proxy),
        server_maxconn=server_limit(spec),
        link_cap_bytes_per_s=link_cap_bytes_per_s,
        shared_machine=shared_machine,
        scur=haproxy("scur"),
        qcur=haproxy("qcur"),
        qtime_ms=haproxy("qtime"),
        rtime_ms=haproxy("rtime"),
        proxy_rps=haproxy("req_s"),
        bytes_per_s=bytes_out if sum(bytes_out) >= sum(bytes_in) else bytes_in,
        haproxy_busy_pct=[max(0.0, 100.0 - value) for value in haproxy("idle")],
        proxy_host_cpu_pct=proxy_host.values(cpu),
        injector_cpu_pct=busiest(hosts, cpu),
        econ=int(all_proxy.measured(duration).total(series_sample_key("econ", frontend, backend))),
        injectors=injectors,
        timers=timers,
        reuse_off=_reuse_off(spec, all_proxy.measured(duration), frontend, backend),
        request_timeout_s=spec.load.request_timeout_s,
    )


def _reuse_off(spec: ExperimentSpec, measured: Seconds, frontend: str, backend: str) -> ReuseOff | None:
    """`never` when the entry backend's spec says http-reuse never; `unused` when an HTTP backend
    connected to its servers over the window and HAProxy's reuse counter never moved."""
    pool = spec.proxy.backend_like(backend)
    if pool is not None and pool.http_reuse == "never":
        return "never"
    _, entry = spec.entry_point()
    if spec.proxy.effective_mode(entry) != "http":
        return None
    connects = measured.total(series_sample_key("connect", frontend, backend))
    reuses = measured.total(series_sample_key("reuse", frontend, backend))
    return "unused" if connects > 0 and reuses == 0 else None
