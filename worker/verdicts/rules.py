"""One detector per bound: each says whether its condition held during the run, with evidence.

Detectors read a RunObservation and return a BoundFinding or None. They do not know about each
other; decide.py orders them. Series are per steady second (observation.steady), and "held"
means in at least SATURATED_SHARE of those seconds, so a 1 Hz sample that dips or spikes on
a busy shared box neither makes nor breaks a verdict.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from contract.numbers import fixed
from contract.run_environment import SharedMachine
from contract.verdict import ADVICE, BoundFinding, Evidence
from worker.verdicts.observation import InjectorObservation, RunObservation

# A condition "held" when it was true in at least half the steady seconds: a bound is a state
# the run sat in, not a moment.
SATURATED_SHARE = 0.5
# Sessions count as "at maxconn" within 5% (at least 1) of it: the sampler reads scur at one
# instant, between a session ending and the next one being accepted.
MAXCONN_SLACK_SHARE = 0.05
# More than 1 request in 20 failing makes the throughput a measure of the failures.
ERROR_RATIO = 0.05
# An open loop "kept up" at 95% of the requested rate: tools pace in whole-second steps.
OFFERED_KEPT_UP = 0.95
# Above 90% busy there is no headroom left; HAProxy's own idle_pct and /proc/stat both say so.
CPU_BUSY_PCT = 90.0
# An injector fell behind its open-loop schedule when it never sent 1% of its slots, or sent a
# quarter of its requests late (> 10 ms after their slot): on the busy 2-core lab box vegeta kept
# its rate with at most 5% of its sends late (docs/benchmarks.md, open-loop rate accuracy).
DROPPED_SHARE = 0.01
LATE_SHARE = 0.25
# A load tool was starved of CPU when its threads waited for one longer than they ran, and on
# average at least half a thread waited all the time (a mostly idle tool's few waits are not it).
# Measured: capped at 4 % of a core, a spinning process waited 95 % of the time it was ready; on
# the busy lab box uncapped, 42 % (agents/tool_cpu.py).
TOOL_WAIT_SHARE = 0.5
TOOL_WAITING_THREADS = 0.5
# Starved outright: it waited four times as long as it ran (80%; a fair share of the busy lab
# box's two cores, a third, is 67%). A tool that could not run could not read its answers either,
# so the sessions it held open, its timeouts and its latencies are its doing: this comes first.
TOOL_STARVED_SHARE = 0.8
# Steal worth naming in an injector's CPU (worker/verdicts/caveats.py's caveat threshold too).
STEAL_SHARE_PCT = 5.0
# A host below 70% is clearly not the busy one: another host's saturation is the bound.
CPU_HEADROOM_PCT = 70.0
# At 90% of a shaped link's cap the link is full (tbf lets bursts slightly over it).
LINK_CAP_SHARE = 0.9
# A bytes/s plateau counts as a link only when it is flat (coefficient of variation <= 10%),
# carries at least 1 MB/s (below that no lab link is the limit) and the CPUs idle (< 50%).
PLATEAU_MAX_CV = 0.10
PLATEAU_MIN_BYTES_PER_S = 1_000_000
PLATEAU_IDLE_CPU_PCT = 50.0
# The servers are the bound when their response time is at least half of what clients waited,
# and long enough (5 ms) not to be the noise of a busy box.
UPSTREAM_SHARE = 0.5
UPSTREAM_MIN_RTIME_MS = 5.0

Detector = Callable[[RunObservation], BoundFinding | None]


def share(values: Sequence[float], holds: Callable[[float], bool]) -> float:
    return sum(1 for v in values if holds(v)) / len(values) if values else 0.0


def median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def cv(values: Sequence[float]) -> float | None:
    """Coefficient of variation: how flat a series is (0 = perfectly flat)."""
    if len(values) < 2 or statistics.fmean(values) == 0:
        return None
    return statistics.pstdev(values) / statistics.fmean(values)


def ev(name: str, label: str, value: float, unit: str = "") -> Evidence:
    return Evidence(name=name, label=label, value=round(float(value), 3), unit=unit)


def error_ratio(obs: RunObservation) -> float:
    requests = obs.totals.requests
    return obs.totals.errors.total / requests if requests else 0.0


def _latency_ms(obs: RunObservation) -> float | None:
    return obs.totals.latency.mean if obs.totals.latency else None


# ------------------------------------------------------------------------- maxconn and queue


def maxconn_threshold(limit: int) -> float:
    return limit - max(1.0, MAXCONN_SLACK_SHARE * limit)


def maxconn_bound(obs: RunObservation) -> BoundFinding | None:
    """Sessions sat at the configured maxconn while more wanted in, or requests queued."""
    errors = obs.totals.errors
    waiting = errors.connect + errors.timeout
    queued_share = share(obs.qcur, lambda q: q > 0)
    at_limit = 0.0
    if obs.maxconn is not None:
        limit = obs.maxconn
        at_limit = share(obs.scur, lambda s: s >= maxconn_threshold(limit))
    wanted_more = obs.maxconn is not None and (
        obs.connections > obs.maxconn
        or waiting > obs.connections  # more than the clients a tool cuts off when the load stops
        or (
            obs.offered_rps is not None
            and (lat := _latency_ms(obs)) is not None
            and obs.offered_rps * lat / 1000 > obs.maxconn
        )
    )
    sessions_full = at_limit >= SATURATED_SHARE and wanted_more
    queued = queued_share >= SATURATED_SHARE
    if not (sessions_full or queued):
        return None
    evidence = [
        ev("max_scur", "most concurrent sessions", max(obs.scur, default=0), "conns"),
        ev("seconds_at_maxconn_pct", "share of steady seconds at maxconn", 100 * at_limit, "%"),
        ev("connections", "client connections", obs.connections, "conns"),
        ev("max_qcur", "most requests queued", max(obs.qcur, default=0), "reqs"),
        ev("connect_errors", "client connect errors", errors.connect),
        ev("timeouts", "client timeouts", errors.timeout),
        ev("econ", "failed server connections", obs.econ),
    ]
    if obs.maxconn is not None:
        evidence.insert(0, ev("maxconn", "configured maxconn", obs.maxconn, "conns"))
    if queued:
        evidence.append(ev("median_qtime_ms", "median queue time", median(obs.qtime_ms) or 0, "ms"))
        limit_text = f" (the servers' maxconn adds up to {obs.server_maxconn})" if obs.server_maxconn else ""
        sentence = (
            f"Queue-bound: requests waited in HAProxy's queue in {fixed(100 * queued_share, 0)}% of the "
            f"steady seconds (up to {fixed(max(obs.qcur), 0)} at once){limit_text}; the servers' maxconn "
            f"is the bound{ADVICE['maxconn'].ending}"
        )
    else:
        sentence = (
            f"maxconn-bound: HAProxy held {fixed(max(obs.scur), 0)} sessions, its maxconn of {obs.maxconn}, "
            f"in {fixed(100 * at_limit, 0)}% of the steady seconds while {obs.connections} clients wanted "
            f"in; {errors.timeout} requests timed out and {errors.connect} could not connect."
        )
    return BoundFinding(kind="maxconn", sentence=sentence, evidence=evidence)


# ------------------------------------------------------------------------- errors


def errors_bound(obs: RunObservation) -> BoundFinding | None:
    """Too many requests failed; the kinds, largest first."""
    ratio = error_ratio(obs)
    if ratio <= ERROR_RATIO:
        return None
    errors = obs.totals.errors
    kinds = {
        "timeout": errors.timeout,
        "connect": errors.connect,
        "non_2xx": errors.non_2xx,
        "other": errors.other,
    }
    named = ", ".join(
        f"{count} {kind}" for kind, count in sorted(kinds.items(), key=lambda kv: -kv[1]) if count
    )
    return BoundFinding(
        kind="errors",
        sentence=(
            f"Errors: {fixed(100 * ratio, 1)}% of {obs.totals.requests} requests failed ({named}); "
            "the throughput measures the failures, not the capacity."
        ),
        evidence=[
            ev("error_pct", "failed requests", 100 * ratio, "%"),
            *(ev(f"errors_{kind}", f"{kind} errors", count) for kind, count in kinds.items()),
        ],
    )


# ------------------------------------------------------------------------- open loop


def offered_load_bound(obs: RunObservation) -> BoundFinding | None:
    """An open-loop run that got the rate it asked for, without failures: nothing bound it.

    Got it: the requests of the window were answered (whenever the answers came, the tool's own
    count, `open_loop.answered`), which the rate of what completed inside the window understates by
    the requests still in flight as it closes (a 300 ms page at 60 req/s over 4 s: 55 req/s of 60,
    every page answered). Without that count (older summaries, tools without a schedule), the rate.
    """
    if obs.offered_rps is None or error_ratio(obs) > ERROR_RATIO:
        return None
    loop = obs.totals.open_loop
    answered = loop.answered if loop is not None and loop.sent > 0 else None
    if answered is not None and loop is not None:
        if (
            answered < OFFERED_KEPT_UP * obs.offered_rps * obs.totals.duration_s
        ):  # the schedule's, sent and answered
            return None
        kept = (
            f"{answered} of the {loop.sent} requests sent in the window answered "
            f"({fixed(obs.totals.rps, 1)} req/s completed in it)"
        )
    elif obs.totals.rps < OFFERED_KEPT_UP * obs.offered_rps:
        return None
    else:
        kept = f"{fixed(obs.totals.rps, 1)} req/s of the {obs.offered_rps:g} req/s offered"
    return BoundFinding(
        kind="offered_load",
        sentence=(
            f"Kept up: {kept}; nothing saturated, so this run shows the latency at that rate, not a capacity."
        ),
        evidence=[
            ev("rps", "successful requests per second", obs.totals.rps, "req/s"),
            ev("offered_rps", "offered rate", obs.offered_rps, "req/s"),
            *([ev("answered", "requests of the window answered", answered)] if answered is not None else []),
        ],
    )


# ------------------------------------------------------------------------- CPU


def proxy_cpu_bound(obs: RunObservation) -> BoundFinding | None:
    """HAProxy had no idle time left, or the proxy host did while the injector's did not."""
    busy = median(obs.haproxy_busy_pct)
    host = median(obs.proxy_host_cpu_pct)
    injector = median(obs.injector_cpu_pct)
    haproxy_full = busy is not None and busy >= CPU_BUSY_PCT
    host_full = (
        host is not None and host >= CPU_BUSY_PCT and injector is not None and injector < CPU_HEADROOM_PCT
    )
    if not (haproxy_full or host_full):
        return None
    flatness = cv(obs.proxy_rps)
    evidence = [ev("rps", "successful requests per second", obs.totals.rps, "req/s")]
    if busy is not None:
        evidence.append(ev("haproxy_busy_pct", "HAProxy busy (100 - idle_pct), median", busy, "%"))
    if host is not None:
        evidence.append(ev("proxy_host_cpu_pct", "proxy host CPU, median", host, "%"))
    if flatness is not None:
        evidence.append(ev("throughput_cv_pct", "throughput variation second to second", 100 * flatness, "%"))
    what = (
        f"HAProxy was {fixed(busy, 0)}% busy"
        if haproxy_full and busy is not None
        else f"the proxy host was {fixed(host, 0)}% busy"
    )
    if obs.shared_machine is not None:
        evidence.append(_shared_evidence(obs.shared_machine))
        sentence = (
            f"Proxy CPU-bound on a shared machine: {what} (median) at {fixed(obs.totals.rps, 0)} req/s, but "
            f"{_sharing(obs.shared_machine)}, so the load tool's CPU is in that figure too: this run "
            "cannot tell HAProxy's limit from the load tool's."
        )
    else:
        rps = fixed(obs.totals.rps, 0)
        sentence = f"Proxy CPU-bound: {what} (median) at {rps} req/s{ADVICE['proxy_cpu'].ending}"
    return BoundFinding(kind="proxy_cpu", sentence=sentence, evidence=evidence)


@dataclass(frozen=True)
class _BehindInjector:
    """One injector that fell behind, with what says so (injector_bound)."""

    agent: str
    reasons: list[str]  # the clauses of the sentence, e.g. "its host 97% busy (median)"
    evidence: list[Evidence]
    schedule_missed: float  # share of its schedule sent late or never (0 for a closed loop)
    cpu: float  # its host's median CPU busy
    tool_waited: float  # share of its tool's ready time spent waiting for a CPU, when starved (else 0)
    # Read from the tool itself (its schedule, its threads' wait for a CPU), not from its host's
    # CPU: on a machine shared with HAProxy it still names the injector as the limit.
    specific: bool = False


def _behind(injector: InjectorObservation, link_cap: float | None) -> _BehindInjector | None:
    """What says `injector` fell behind: its schedule, its tool's wait for a CPU, its host's CPU
    (steal included), its NIC."""
    name = injector.agent or "injector"
    reasons: list[str] = []
    evidence: list[Evidence] = []
    missed = 0.0
    loop = injector.open_loop
    if loop is not None and loop.target_rate > 0:
        slots = loop.target_rate * (injector.window_s or 0.0)
        dropped = loop.dropped_sends / slots if slots else 0.0
        late = loop.late_sends / loop.sent if loop.sent else 0.0
        if dropped >= DROPPED_SHARE or late >= LATE_SHARE:
            missed = dropped + (1 - dropped) * late
            shortfall = [
                *([f"{loop.dropped_sends} slots of the window never sent"] if loop.dropped_sends else []),
                *(
                    [f"{loop.late_sends} sent more than {fixed(loop.late_threshold_ms, 0)} ms late"]
                    if loop.late_sends
                    else []
                ),
            ]
            asked = f"it sent {fixed(loop.send_rate, 1)} of the {loop.target_rate:g} req/s asked"
            reasons.append(f"{asked} ({', '.join(shortfall)})")
            evidence += [
                ev("injector_send_rate", f"{name}: requests/s sent", loop.send_rate, "req/s"),
                ev("injector_target_rate", f"{name}: requests/s asked", loop.target_rate, "req/s"),
                ev("injector_dropped_sends", f"{name}: sends of the schedule never sent", loop.dropped_sends),
                ev("injector_late_sends", f"{name}: sends later than their slot", loop.late_sends),
                ev("injector_max_send_lag_ms", f"{name}: worst send lag", loop.max_send_lag_ms, "ms"),
            ]
    tool = injector.tool_cpu
    waited = 0.0
    if tool is not None and tool.wall_s > 0 and tool.cpu_s + tool.wait_s > 0:
        waited = tool.wait_s / (tool.cpu_s + tool.wait_s)
        if waited < TOOL_WAIT_SHARE or tool.wait_s / tool.wall_s < TOOL_WAITING_THREADS:
            waited = 0.0
        else:
            reasons.append(
                f"its load tool waited for a CPU {fixed(100 * waited, 0)}% of the time it was ready to run "
                f"(its threads {fixed(tool.wait_s, 1)} s waiting, {fixed(tool.cpu_s, 1)} s running, "
                f"in its {fixed(tool.wall_s, 1)} s)"
            )
            evidence += [
                ev(
                    "injector_tool_wait_pct",
                    f"{name}: load tool's ready time spent waiting for a CPU",
                    100 * waited,
                    "%",
                ),
                ev(
                    "injector_tool_wait_s", f"{name}: load tool's threads waiting for a CPU", tool.wait_s, "s"
                ),
                ev("injector_tool_cpu_s", f"{name}: load tool's threads on a CPU", tool.cpu_s, "s"),
            ]
    cpu = median(injector.cpu_pct)
    steal = median(injector.steal_pct)
    if cpu is not None and cpu >= CPU_BUSY_PCT:
        stolen = (
            f", {fixed(steal, 0)}% of it stolen by the hypervisor"
            if steal and steal >= STEAL_SHARE_PCT
            else ""
        )
        reasons.append(f"its host was {fixed(cpu, 0)}% busy (median{stolen})")
        evidence.append(ev("injector_cpu_pct", f"{name}: host CPU busy (steal included), median", cpu, "%"))
        if steal is not None:
            evidence.append(
                ev("injector_steal_pct", f"{name}: CPU stolen by the hypervisor, median", steal, "%")
            )
    nic = median(injector.nic_bytes_per_s)
    if link_cap and nic is not None and nic >= LINK_CAP_SHARE * link_cap:
        reasons.append(f"its NIC carried {_mb(nic)} MB/s of the link's {_mb(link_cap)} MB/s cap")
        evidence.append(
            ev("injector_nic_bytes_per_s", f"{name}: NIC bytes/s, busier direction, median", nic, "B/s")
        )
    if not reasons:
        return None
    return _BehindInjector(
        name, reasons, evidence, missed, cpu or 0.0, waited, specific=missed > 0 or waited > 0
    )


def injector_starved_bound(obs: RunObservation) -> BoundFinding | None:
    """An injector's load tool waited for a CPU most of the time it was ready to run (its own
    threads' scheduler statistics): whatever else the run shows, the client could not run."""
    behind = _injectors_behind(obs)
    if not any(b.tool_waited >= TOOL_STARVED_SHARE for b in behind):
        return None
    return _injector_finding(obs, behind)


def injector_schedule_bound(obs: RunObservation) -> BoundFinding | None:
    """An open-loop injector did not send what its schedule asked (the tool's own record of its
    sends): the load HAProxy got was not the load asked, whatever the rate that came back says."""
    behind = _injectors_behind(obs)
    if not any(b.schedule_missed > 0 for b in behind):
        return None
    return _injector_finding(obs, behind)


def injector_bound(obs: RunObservation) -> BoundFinding | None:
    """An injector's load tool waited for a CPU longer than it ran, or its host had no CPU left
    (steal included), or its NIC sat at the link's cap, and no injector missed its schedule
    (injector_schedule_bound said that first)."""
    behind = _injectors_behind(obs)
    if not behind or any(b.schedule_missed > 0 for b in behind):
        return None
    return _injector_finding(obs, behind)


def _injectors_behind(obs: RunObservation) -> list[_BehindInjector]:
    # An observation without its injectors (built by hand) has the busiest host's CPU alone.
    injectors = obs.injectors or [InjectorObservation(agent="", cpu_pct=obs.injector_cpu_pct)]
    behind = [b for i in injectors if (b := _behind(i, obs.link_cap_bytes_per_s)) is not None]
    # The one furthest behind first: its tool starved, its schedule missed (the tool's own record),
    # then its host's CPU.
    return sorted(behind, key=lambda b: (-b.tool_waited, -b.schedule_missed, not b.specific, -b.cpu, b.agent))


def _injector_finding(obs: RunObservation, behind: list[_BehindInjector]) -> BoundFinding:
    """The injector bound's finding: the injector furthest behind named, the others after it. The
    load that reached HAProxy was the injectors' limit, not HAProxy's."""
    worst, *others = behind
    evidence = [*worst.evidence, ev("rps", "successful requests per second", obs.totals.rps, "req/s")]
    if (busy := median(obs.haproxy_busy_pct)) is not None:
        evidence.append(ev("haproxy_busy_pct", "HAProxy busy (100 - idle_pct), median", busy, "%"))
    if obs.shared_machine is not None:
        evidence.append(_shared_evidence(obs.shared_machine))
    for other in others:  # the others' keys name them: one evidence key per number
        evidence += [e.model_copy(update={"name": f"{e.name}.{other.agent}"[:64]}) for e in other.evidence]
    named = f"injector {worst.agent}" if worst.agent else "the injector"
    what = f"{named} fell behind: {'; '.join(worst.reasons)}"
    also = f" ({', '.join(o.agent for o in others)} too)" if others else ""
    rps = fixed(obs.totals.rps, 0)
    if obs.shared_machine is not None and not worst.specific:
        sentence = (
            f"Injector-bound on a shared machine: {what}{also}, at {rps} req/s, but "
            f"{_sharing(obs.shared_machine)}, so that CPU was HAProxy's too: this run cannot tell the load "
            "tool's limit from HAProxy's."
        )
    else:
        shared = (
            f" {_sharing(obs.shared_machine)}: HAProxy's CPU use may have starved the load tool."
            if obs.shared_machine is not None
            else ""
        )
        sentence = (
            f"Injector-bound: {what}{also}. The {rps} req/s measured are the load the injectors delivered, "
            f"not HAProxy's capacity: add injectors or give them CPU.{shared}"
        )
    return BoundFinding(kind="injector", sentence=sentence, evidence=evidence[:30])


def _sharing(machine: SharedMachine) -> str:
    """ "HAProxy and the load tool ran on one machine (agents proxy-1, injector-1, target-1)"."""
    return f"HAProxy and the load tool ran on one machine (agents {', '.join(machine.agents)})"


def _shared_evidence(machine: SharedMachine) -> Evidence:
    return ev(
        "roles_on_one_machine", f"roles on one machine ({', '.join(machine.roles)})", len(machine.roles)
    )


# ------------------------------------------------------------------------- network


def link_cap_bound(obs: RunObservation) -> BoundFinding | None:
    """Bytes/s at (or beyond) the lab's shaped link cap."""
    rate, cap = median(obs.bytes_per_s), obs.link_cap_bytes_per_s
    if rate is None or not cap or rate < LINK_CAP_SHARE * cap:
        return None
    # HAProxy counts bytes handed to the kernel, so above a cap it can read more than the link
    # carries (socket buffers fill, then requests time out): the link is still what bounds it,
    # and a figure above the cap is never stated as delivered.
    if rate <= cap:
        share = f"{fixed(100 * rate / cap, 0)}% of the link's {_mb(cap)} MB/s cap"
        sentence = f"Network-bound: {_mb(rate)} MB/s through the proxy, {share}."
    else:
        sentence = (
            f"Network-bound: the link's {_mb(cap)} MB/s cap. HAProxy handed {_mb(rate)} MB/s to the kernel, "
            "more than the link can deliver: its byte counters count bytes queued in socket buffers, not "
            "bytes that arrived."
        )
    return BoundFinding(
        kind="network",
        sentence=sentence,
        evidence=[
            ev("bytes_per_s", "bytes/s HAProxy handed to the kernel, median", rate, "B/s"),
            ev("link_cap_bytes_per_s", "shaped link cap", cap, "B/s"),
        ],
    )


def network_plateau_bound(obs: RunObservation) -> BoundFinding | None:
    """No known cap: a flat bytes/s plateau while the CPUs idle and the servers answer fast."""
    rate = median(obs.bytes_per_s)
    if rate is None or obs.link_cap_bytes_per_s:
        return None
    evidence = [ev("bytes_per_s", "bytes/s through the proxy, median", rate, "B/s")]
    flatness = cv(obs.bytes_per_s)
    cpu = max(median(obs.injector_cpu_pct) or 0.0, median(obs.haproxy_busy_pct) or 0.0)
    rtime, latency = median(obs.rtime_ms), _latency_ms(obs)
    server_dominates = rtime is not None and latency is not None and rtime >= UPSTREAM_SHARE * latency
    if (
        flatness is None
        or flatness > PLATEAU_MAX_CV
        or rate < PLATEAU_MIN_BYTES_PER_S
        or cpu >= PLATEAU_IDLE_CPU_PCT
        or server_dominates
    ):
        return None
    evidence += [
        ev("bytes_cv_pct", "bytes/s variation second to second", 100 * flatness, "%"),
        ev("busiest_cpu_pct", "busier of HAProxy and the injector host, median", cpu, "%"),
    ]
    return BoundFinding(
        kind="network",
        sentence=(
            f"Network-bound: bytes/s held flat at {_mb(rate)} MB/s (varying {fixed(100 * flatness, 0)}%) "
            "while "
            f"CPUs stayed below {fixed(cpu, 0)}% busy and the servers answered fast: a link caps it."
        ),
        evidence=evidence,
    )


def _mb(bytes_per_s: float) -> str:
    return fixed(bytes_per_s / 1e6, 1)


# ------------------------------------------------------------------------- upstream


def upstream_bound(obs: RunObservation) -> BoundFinding | None:
    """The servers' response time is most of the latency while the proxy is not saturated."""
    rtime, latency = median(obs.rtime_ms), _latency_ms(obs)
    if rtime is None or latency is None or latency <= 0:
        return None
    if rtime < UPSTREAM_MIN_RTIME_MS or rtime < UPSTREAM_SHARE * latency:
        return None
    busy = median(obs.haproxy_busy_pct)
    if busy is not None and busy >= CPU_BUSY_PCT:
        return None
    evidence = [
        ev("median_rtime_ms", "server response time (HAProxy rtime), median", rtime, "ms"),
        ev("latency_mean_ms", "client latency, mean", latency, "ms"),
    ]
    if busy is not None:
        evidence.append(ev("haproxy_busy_pct", "HAProxy busy (100 - idle_pct), median", busy, "%"))
    return BoundFinding(
        kind="upstream",
        sentence=(
            f"Upstream-bound: the servers took {fixed(rtime, 0)} ms to answer, "
            f"{fixed(100 * min(1.0, rtime / latency), 0)}% of the {fixed(latency, 0)} ms clients waited, "
            "while HAProxy was not saturated."
        ),
        evidence=evidence,
    )


# ------------------------------------------------------------------------- the fallback


def concurrency_bound(obs: RunObservation) -> BoundFinding | None:
    """Closed loop, nothing saturated: N clients each waiting L ms give N / L req/s."""
    latency = _latency_ms(obs)
    if obs.offered_rps is not None or latency is None or latency <= 0:
        return None
    expected = obs.connections / (latency / 1000)
    return BoundFinding(
        kind="concurrency",
        sentence=(
            f"Concurrency-bound: {obs.connections} clients x {fixed(latency, 1)} ms each allow about "
            f"{fixed(expected, 0)} req/s (Little's law; measured {fixed(obs.totals.rps, 0)}); nothing "
            "saturated, "
            "more clients would send more."
        ),
        evidence=[
            ev("connections", "client connections", obs.connections, "conns"),
            ev("latency_mean_ms", "client latency, mean", latency, "ms"),
            ev(
                "littles_law_rps",
                "connections / mean latency",
                expected if math.isfinite(expected) else 0,
                "req/s",
            ),
            ev("rps", "successful requests per second", obs.totals.rps, "req/s"),
        ],
    )
