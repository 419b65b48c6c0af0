"""A sweep read as a whole: per-point results, the knee, and Little's law for maxconn.

Pure functions over the runs' stored summaries (typed contract.results.RunSummary), so they are
computed on read and stay right when the rules change. The database side is analysis.service.

- Knee: walk the points in sweep order; the knee is the last point before the next one gains
  less than KNEE_MIN_GAIN_PCT throughput, or a gain its repetitions' spread explains (Welch's
  t-test, p >= 0.05, when both points have repetitions), or before errors start. Only along one swept axis
  (linked values count as one): across a cartesian product "the next point" means nothing.
- Little's law (L = lambda x W): `in_flight` = HAProxy's request rate over the measured window x
  its time per request (ttime) is what the proxy really held, ~maxconn when maxconn is the bound
  (the run's consistency check, worker/verdicts/consistency.py, holds it to that).
  `concurrency_needed` is what the load asks for: a closed loop of N clients holds at most N
  requests in flight, so N; an open loop at rate R with requests taking W holds R x W. A maxconn
  below it makes clients wait outside HAProxy.
- Injector-bound points: a run whose injectors fell behind (verdict `injector`, or `client_cpu` of
  older workers) measured the load tools, not HAProxy. The knee is not read at or past the first
  point with such a run ("injector_bound"), and a bound's advice is not checked against one.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, get_args

from backend.runs.analysis.schemas import AnalysisPoint, Knee, LittlesLaw
from backend.runs.statistics import difference, interval
from contract.numbers import fixed
from contract.results import RunSummary
from contract.verdict import ADVICE, INJECTOR_BOUNDS, BoundKind

# Less gain than this for the next point is no rise: CPU-bound figures move 10-30% run to run
# on shared cores (LAB-NOTES), so a smaller step is not evidence of more capacity.
KNEE_MIN_GAIN_PCT = 10.0
# A point with more than 5% failed requests has "errors" (the verdicts' threshold too).
ERROR_PCT = 5.0
# An open loop's rate x p50 leaves out the slower half of the requests; a fifth more holds them.
LITTLE_HEADROOM = 1.2
# A kind a newer or older worker stored that this API does not know is left out, not a 500.
BOUND_KINDS = frozenset(get_args(BoundKind))


@dataclass(frozen=True)
class RunResult:
    """What the analysis needs of one run."""

    run_id: int
    point_index: int
    params: dict[str, Any]
    summary: RunSummary | None  # None: not succeeded or not collected
    connections: int | None
    offered_rps: float | None
    maxconn: int | None


def _mean(values: Sequence[float | int | None]) -> float | None:
    known = [float(v) for v in values if v is not None]
    return round(statistics.fmean(known), 3) if known else None


def _error_pct(summary: RunSummary) -> float | None:
    total = summary.total
    return 100.0 * total.errors.total / total.requests if total.requests else None


def analyze_point(runs: Sequence[RunResult]) -> AnalysisPoint:
    """One point from its runs (all with the same point_index)."""
    first = runs[0]
    done = [r for r in runs if r.summary is not None]
    summaries = [r.summary for r in done if r.summary is not None]
    rps_runs = [s.total.rps for s in summaries]
    rps = _mean(rps_runs)
    spread = interval(rps_runs) if rps_runs else None
    latency_mean = _mean([s.total.latency.mean if s.total.latency else None for s in summaries])
    latency_p50 = _mean([s.total.latency.p50 if s.total.latency else None for s in summaries])
    ttime = _mean([s.proxy.avg_ttime_ms if s.proxy else None for s in summaries])
    held = _mean([in_flight(s) for s in summaries])
    maxconn = next(
        (s.proxy.maxconn for s in summaries if s.proxy and s.proxy.maxconn is not None), first.maxconn
    )
    verdicts = [s.verdict for s in summaries if s.verdict is not None]
    kinds = Counter(v.kind for v in verdicts if v.kind in BOUND_KINDS)
    bound = kinds.most_common(1)[0][0] if kinds else None
    verdict = next((v.sentence for v in verdicts if v.kind == bound), None)
    needed = concurrency_needed(first.connections, first.offered_rps, latency_p50)
    recommended = recommended_maxconn(needed, open_loop=first.offered_rps is not None)
    return AnalysisPoint(
        point_index=first.point_index,
        params=first.params,
        run_ids=[r.run_id for r in done],
        rps=rps,
        rps_runs=rps_runs,
        rps_stddev=spread.stddev if spread else None,
        rps_ci_low=spread.low if spread else None,
        rps_ci_high=spread.high if spread else None,
        noisy=spread.noisy if spread else False,
        error_pct=_mean([_error_pct(s) for s in summaries]),
        latency_mean_ms=latency_mean,
        latency_p50_ms=latency_p50,
        proxy_ttime_ms=ttime,
        connections=first.connections,
        offered_rps=first.offered_rps,
        maxconn=maxconn,
        in_flight=held,
        concurrency_needed=needed,
        recommended_maxconn=recommended,
        maxconn_sufficient=(maxconn >= needed) if maxconn is not None and needed is not None else None,
        bound=bound,
        verdict=verdict if isinstance(verdict, str) else None,
        injector_bound_run_ids=[
            r.run_id
            for r in done
            if r.summary and r.summary.verdict and r.summary.verdict.kind in INJECTOR_BOUNDS
        ],
    )


def in_flight(summary: RunSummary) -> float | None:
    """Requests HAProxy held at once on average, by Little's law: the requests it received over the
    measured window, per second, x its mean time per request (ttime, ms). HAProxy's own rate, not
    the clients': a client that gave up still held a slot while HAProxy served it (seed 000's
    impatient clients: 0.9 successes/s for 4 answers/s). Without HAProxy's request count (a
    direct run, TCP mode) the clients' rate stands in, and without ttime their mean latency."""
    proxy, total = summary.proxy, summary.total
    ttime = proxy.avg_ttime_ms if proxy else None
    time_ms = ttime or (total.latency.mean if total.latency else None)
    if not time_ms:
        return None
    if proxy is not None and proxy.requests and summary.completeness is not None:
        rate = proxy.requests / summary.completeness.window_s
    else:
        rate = total.rps
    return round(rate * time_ms / 1000, 3)


def concurrency_needed(
    connections: int | None, offered_rps: float | None, p50_ms: float | None
) -> float | None:
    """Requests in flight the load asks for: N clients (closed loop), or rate x p50 (open loop)."""
    if offered_rps is None:
        return float(connections) if connections is not None else None
    if p50_ms is None:
        return None
    return round(offered_rps * p50_ms / 1000, 3)


def recommended_maxconn(needed: float | None, *, open_loop: bool) -> int | None:
    """A closed loop never holds more than its clients; an open loop gets LITTLE_HEADROOM."""
    if needed is None:
        return None
    return max(1, math.ceil(needed * LITTLE_HEADROOM if open_loop else needed))


def find_knee(points: Sequence[AnalysisPoint], axis_count: int) -> Knee:
    """The last point before throughput stops rising or errors start, in sweep order."""
    measured = [p for p in points if p.rps is not None]
    if axis_count > 1:
        return Knee(
            reason="several_axes",
            point_index=None,
            params=None,
            rps=None,
            sentence="No knee: it is read along one swept axis, and this sweep has several.",
        )
    if len(measured) < 2:
        return Knee(
            reason="too_few_points",
            point_index=None,
            params=None,
            rps=None,
            sentence="No knee: fewer than two points have results.",
        )
    if measured[0].injector_bound_run_ids:
        return _injector_knee(None, measured[0])
    for current, following in pairwise(measured):
        assert current.rps is not None and following.rps is not None
        if following.injector_bound_run_ids:  # its throughput is the injectors': no knee reads it
            return _injector_knee(current, following)
        if (following.error_pct or 0) > ERROR_PCT >= (current.error_pct or 0):
            return _knee(
                current, "errors_start", f"errors start at the next point ({fixed(following.error_pct, 1)}%)"
            )
        gain = 100 * (following.rps - current.rps) / current.rps if current.rps > 0 else math.inf
        if gain < KNEE_MIN_GAIN_PCT:
            return _knee(current, "throughput_flat", f"the next point gains {fixed(gain, 0)}% throughput")
        if len(current.rps_runs) > 1 and len(following.rps_runs) > 1:
            # Repetitions on both sides: a gain their spread explains is no gain.
            test = difference(current.rps_runs, following.rps_runs)
            if not test.significant:
                return _knee(
                    current,
                    "throughput_flat",
                    f"the next point's {fixed(gain, 0)}% gain is within its repetitions' noise "
                    f"(Welch's t-test p = {fixed(test.p_value, 2)})",
                )
    last = measured[-1]
    return Knee(
        reason="still_rising",
        point_index=last.point_index,
        params=last.params,
        rps=last.rps,
        sentence=(
            f"No knee within the sweep: throughput still rose by at least {KNEE_MIN_GAIN_PCT:g}% "
            f"at every step, up to {fixed(last.rps, 1)} req/s at {_params_text(last)}."
        ),
    )


def _injector_knee(last: AnalysisPoint | None, limited: AnalysisPoint) -> Knee:
    """No knee past `limited`: its injectors were the limit. `last`, the point before it, measured
    HAProxy, but only as a lower bound on its capacity (the knee is somewhere past it)."""
    ids = limited.injector_bound_run_ids
    runs = f"run{'s' if len(ids) > 1 else ''} {', '.join(map(str, ids))}"
    where = (
        f"at {_params_text(limited)}, {runs} found the injectors, not HAProxy, to be the limit (or, on a "
        "machine they shared with HAProxy, could not tell them apart)"
    )
    before = (
        f"; HAProxy served at least {fixed(last.rps, 1)} req/s at {_params_text(last)}"
        if last is not None and last.rps is not None
        else ""
    )
    return Knee(
        reason="injector_bound",
        point_index=None,
        params=None,
        rps=None,
        sentence=(
            f"No knee read: {where}, so that point's throughput is no capacity of HAProxy's{before}. "
            "Add injectors (or give them CPU) to measure further."
        ),
    )


def _knee(point: AnalysisPoint, reason: Any, why: str) -> Knee:
    return Knee(
        reason=reason,
        point_index=point.point_index,
        params=point.params,
        rps=point.rps,
        sentence=f"Knee at {_params_text(point)} ({fixed(point.rps, 1)} req/s): {why}.",
    )


def _params_text(point: AnalysisPoint) -> str:
    return (
        ", ".join(f"{path.rsplit('.', 1)[-1]} {value}" for path, value in point.params.items()) or "the point"
    )


def littles_law(points: Sequence[AnalysisPoint]) -> LittlesLaw:
    """The sweep's maxconn recommendation: the largest over its points, and why."""
    candidates = [p for p in points if p.recommended_maxconn is not None]
    if not candidates:
        return LittlesLaw(
            recommended_maxconn=None, headroom=LITTLE_HEADROOM, sentence="No point has results yet."
        )
    top = max(candidates, key=lambda p: p.recommended_maxconn or 0)
    short = [p for p in points if p.maxconn_sufficient is False]
    if top.offered_rps is None:
        need = f"{top.connections} clients keep up to {top.connections} requests in flight"
    else:
        need = (
            f"{top.offered_rps:g} req/s x {fixed(top.latency_p50_ms, 0)} ms (p50) = "
            f"{fixed(top.concurrency_needed, 1)} "
            f"requests in flight, plus {fixed(100 * (LITTLE_HEADROOM - 1), 0)}%"
        )
    verdict = (
        f"{len(short)} of {len(points)} points had a maxconn below that, so clients waited outside HAProxy."
        if short
        else "Every point's maxconn held it."
    )
    return LittlesLaw(
        recommended_maxconn=top.recommended_maxconn,
        headroom=LITTLE_HEADROOM,
        sentence=f"maxconn >= {top.recommended_maxconn}: {need} (Little's law). {verdict}",
    )


# ------------------------------------------------------------------ advice that reads the sweep

# A bound's advice names a lever (contract.verdict.ADVICE); when the sweep moved that lever, the
# neighbouring points say whether pulling it helped.


def advice_from_the_sweep(
    points: list[AnalysisPoint], axis: str | None, axis_count: int
) -> list[AnalysisPoint]:
    """Each point's verdict, its advice checked against the next point up the swept lever.

    A run's verdict is read from that run alone: "more threads raise it" is a guess. When the
    launch swept nbthread (or the maxconn a queue-bound verdict names), the next point up says
    whether it did; advice the sweep contradicts is replaced by what the sweep measured.
    """
    if axis is None or axis_count != 1:
        return points
    lever = axis.rsplit(".", 1)[-1]
    ordered = sorted(
        (p for p in points if isinstance(p.params.get(axis), int | float) and p.rps is not None),
        key=lambda p: float(p.params[axis] or 0),  # numbers only, filtered just above
    )
    following = {id(a): b for a, b in pairwise(ordered)}
    out = []
    for point in points:
        advice = ADVICE.get(point.bound) if point.bound is not None else None
        nxt = following.get(id(point))
        if advice is None or advice.lever != lever or nxt is None or point.verdict is None or not point.rps:
            out.append(point)
            continue
        assert nxt.rps is not None
        if nxt.injector_bound_run_ids:  # the next point measured its injectors: it checks nothing
            sentence = (
                f"{point.verdict} The sweep cannot check this: at {lever} {nxt.params[axis]} the injectors, "
                "not HAProxy, were the limit."
            )
            out.append(point.model_copy(update={"verdict": sentence}))
            continue
        pct = 100 * (nxt.rps - point.rps) / point.rps
        test = (
            difference(point.rps_runs, nxt.rps_runs)
            if len(point.rps_runs) > 1 and len(nxt.rps_runs) > 1
            else None
        )
        helped = pct >= KNEE_MIN_GAIN_PCT and (test is None or test.significant)
        measured = f"{lever} {nxt.params[axis]} measured {fixed(nxt.rps, 0)} req/s ({pct:+.0f}%)"
        if helped:
            sentence = f"{point.verdict} The sweep agrees: {measured}."
        else:
            noise = (
                f", within noise (p = {fixed(test.p_value, 2)})"
                if test is not None and not test.significant
                else ""
            )
            # The advice the sweep contradicts goes; a sentence without it (a maxconn-bound run whose
            # sessions, not its queue, were full) stays as it is. What the request log adds (where the
            # time went, worker/verdicts/phases.py) follows the advice and stays.
            advised = advice.ending in point.verdict
            base = point.verdict.replace(advice.ending, ".", 1) if advised else point.verdict
            sentence = f"{base} The sweep says raising {lever} does not help here: {measured}{noise}."
        out.append(point.model_copy(update={"verdict": sentence}))
    return out
