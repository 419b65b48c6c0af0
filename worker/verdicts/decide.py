"""Run every detector in priority order; the first that holds names the run's bound.

Why this order:
0. injector_starved: a load tool that waited for a CPU four times as long as it ran (its own
   threads' scheduler statistics) could not read its answers either: the sessions it held open,
   its timeouts and its latencies are its doing, not HAProxy's.
1. maxconn/queue: a full maxconn explains timeouts and connect errors, so it comes before them.
1b. a shaped link at its cap explains them too (seed 002: requests time out behind the link).
2. errors: unexplained failures make every other number questionable.
2b. injector_schedule: an open-loop injector that did not send its schedule (dropped or late
   sends, the tool's own record) did not offer the load asked: what came back is no "kept up".
3. offered_load: an open loop that got its rate was not bounded, however busy the CPUs were.
4. proxy_cpu: HAProxy's own idle_pct is specific to it.
5. upstream before injector: clients waiting on slow servers are not short of CPU, and a
   host's CPU may be busy with other work (the local lab's hosts share one machine). The
   injector bound (an injector behind its schedule, its host's CPU or NIC full) replaces the
   client_cpu of older workers, whose stored verdicts still read.
6. network plateau (no known cap): needs idle CPUs and fast servers.
7. concurrency: the closed-loop fallback when nothing saturated.
"""

from __future__ import annotations

from contract.verdict import BoundFinding, RunVerdict
from worker.verdicts.observation import RunObservation
from worker.verdicts.phases import phase_notes
from worker.verdicts.rules import (
    Detector,
    concurrency_bound,
    errors_bound,
    injector_bound,
    injector_schedule_bound,
    injector_starved_bound,
    link_cap_bound,
    maxconn_bound,
    network_plateau_bound,
    offered_load_bound,
    proxy_cpu_bound,
    upstream_bound,
)

PRIORITY: tuple[Detector, ...] = (
    injector_starved_bound,
    maxconn_bound,
    link_cap_bound,
    errors_bound,
    injector_schedule_bound,
    offered_load_bound,
    proxy_cpu_bound,
    upstream_bound,
    injector_bound,
    network_plateau_bound,
    concurrency_bound,
)


def run_verdict(obs: RunObservation) -> RunVerdict:
    """The verdict of one run; `unknown` when nothing was requested or measured."""
    if obs.totals.requests == 0:
        return RunVerdict(
            kind="unknown", sentence="No verdict: the clients completed no requests.", evidence=[]
        )
    findings: list[BoundFinding] = [f for detect in PRIORITY if (f := detect(obs)) is not None]
    if not findings:
        return RunVerdict(
            kind="unknown",
            sentence="No verdict: no limit was reached and there is too little data to say why.",
            evidence=[],
        )
    first, *others = findings
    # The closed-loop fallback says nothing once a real bound was found; a kind read by two
    # detectors (the injector's) is said once, by the first.
    kinds = {first.kind}
    also = []
    for finding in others:
        if finding.kind != "concurrency" and finding.kind not in kinds:
            kinds.add(finding.kind)
            also.append(finding)
    verdict = RunVerdict(kind=first.kind, sentence=first.sentence, evidence=first.evidence, also=also)
    return with_phases(verdict, obs)


def with_phases(verdict: RunVerdict, obs: RunObservation) -> RunVerdict:
    """The verdict's sentence followed by what HAProxy's request log says of where time went
    (worker/verdicts/phases.py), its numbers added to the evidence; unchanged without the log."""
    notes = phase_notes(
        obs.timers,
        reuse_off=obs.reuse_off,
        timeouts=obs.totals.errors.timeout,
        timeout_s=obs.request_timeout_s,
    )
    if not notes.sentences:
        return verdict
    return verdict.model_copy(
        update={
            "sentence": " ".join([verdict.sentence, *notes.sentences])[:1000],
            "evidence": [*verdict.evidence, *notes.evidence][:30],
        }
    )
