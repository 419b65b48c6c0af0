"""A collected run's summary: what its samples say, its verdict and thresholds, written to its row.

Runs in a summary process (worker/summary_pool.py), off the threads that orchestrate runs; the
collecting phase (worker/phases/collect.py) has already waited for the last second's samples.
"""

from __future__ import annotations

from contract.numbers import fixed
from contract.results import RunSummary
from worker.completeness import assess, entry_mode, entry_sections, window_total
from worker.execution import Execution
from worker.request_timers import request_timers
from worker.summaries import merge_stages, proxy_summary
from worker.thresholds import judge_collected
from worker.verdicts.collected import run_samples, with_verdict


def summarize(ex: Execution) -> list[str]:
    """Write the run's summary and thresholds; returns why its load did not cover the window it
    was asked for (empty: it did), which ends the run `partial`."""
    samples = run_samples(ex.run_id)
    completeness = assess(ex.spec, ex.injector_summaries, samples, ex.t0)
    frontend, backend = entry_sections(ex.spec)
    # HAProxy's rates cover the seconds the load ran, not idle seconds after a tool stopped early.
    window = completeness.window_s
    seconds = samples.proxy()
    proxy = proxy_summary(seconds, frontend, backend, window, entry_mode(ex.spec)) if seconds else None
    summary = RunSummary(
        injectors=ex.injector_summaries,
        total=window_total(ex.spec, ex.injector_summaries, seconds, window),
        proxy=proxy,
        timers=request_timers(samples, window, entry_mode(ex.spec), frontend, backend),
        completeness=completeness,
        stages=merge_stages(ex.spec.load, ex.injector_summaries),
    )
    summary = with_verdict(ex, summary, samples, frontend, backend)  # what bounded the run
    thresholds = judge_collected(ex, summary, samples, window)
    reasons = list(completeness.reasons)
    if ex.threshold_abort is not None:
        index, lost = ex.threshold_abort
        value = "not measured" if lost.value is None else f"{lost.value:g}"
        reasons.insert(
            0,
            f"stopped early by threshold {index} ({lost.text}): it was {value} after "
            f"{fixed(ex.threshold_abort_at_s, 0)} s of load",
        )
    # The columns type them (backend/models/typed_json.py).
    ex.record(summary=summary, thresholds=thresholds)
    return reasons
