"""The collect phase's step: read the run's samples, add the verdict and its caveats to its summary
(the checks that the run's figures agree with each other among them, first).

Kept apart from the pure rules so they stay testable without a database. A verdict that
cannot be computed never fails the run: the summary is stored without one.
"""

from __future__ import annotations

import logging

from backend.db import session_scope
from backend.runs.seconds import RunSeconds, SampleRows, read_run_seconds
from contract.experiment import ExperimentSpec
from contract.limits import client_limit
from contract.results import RunSummary
from worker.execution import Execution
from worker.verdicts.caveats import run_caveats
from worker.verdicts.clocks import clock_caveats
from worker.verdicts.consistency import figure_caveats
from worker.verdicts.decide import run_verdict
from worker.verdicts.observation import observe
from worker.verdicts.sanity import sanity_caveats

log = logging.getLogger(__name__)


def run_samples(run_id: int) -> RunSeconds:
    """Every second of the run, by source (backend.runs.seconds)."""
    with session_scope() as db:
        return read_run_seconds(db, run_id)


def with_verdict(
    ex: Execution, summary: RunSummary, samples: RunSeconds, frontend: str, backend: str
) -> RunSummary:
    """`summary` with its verdict (caveats included) and the proxy summary's maxconn;
    `samples` are the run's, by source (run_samples: read once by the collect phase)."""
    try:
        proxy_agent = ex.agents.get("proxy")
        observation = observe(
            ex.spec,
            summary.total,
            samples,
            frontend=frontend,
            backend=backend,
            proxy_agent=proxy_agent.name if proxy_agent else None,
            injector_agents=[agent.name for agent in ex.injectors],
            link_cap_bytes_per_s=ex.environment.link_cap_bytes_per_s,
            shared_machine=ex.environment.sharing("proxy", "injector"),
            injector_summaries=summary.injectors,
            timers=summary.timers,
        )
        verdict = run_verdict(observation)
        # A tool may end before the spec's duration (mariadb-slap's is a time cap): judge the seconds it ran.
        ran_s = min(ex.spec.load.duration_s, int(summary.total.duration_s)) or ex.spec.load.duration_s
        caveats = run_caveats(samples, ran_s, expect_proxy=ex.spec.load.via != "direct")
        caveats += sanity_caveats(ex.spec, summary, observation.link_cap_bytes_per_s)
        caveats += clock_caveats(ex.environment, summary.injectors)
        verdict = verdict.model_copy(update={"caveats": caveats})
    except Exception:  # a verdict is a reading of the results, never a reason to lose them
        log.exception("run %s: no verdict", ex.run_id)
        return summary
    proxy = summary.proxy.model_copy(update={"maxconn": client_limit(ex.spec)}) if summary.proxy else None
    judged = summary.model_copy(update={"verdict": verdict, "proxy": proxy})
    return with_figures_checked(ex.spec, judged, samples)


def with_figures_checked(
    spec: ExperimentSpec, summary: RunSummary, samples: RunSeconds | SampleRows
) -> RunSummary:
    """`summary` with a `figures_disagree` caveat, first of all, for every pair of its figures that
    contradict each other (consistency.py); it reads the verdict (the in-flight comparison), so it
    comes last."""
    if summary.verdict is None:
        return summary
    try:
        disagreements = figure_caveats(spec, summary, samples)
    except Exception:  # a check of the results, never a reason to lose them
        log.exception("figures of a %s run not checked", spec.load.driver)
        return summary
    if not disagreements:
        return summary
    caveats = [*disagreements, *summary.verdict.caveats][:20]  # RunVerdict keeps at most 20
    return summary.model_copy(update={"verdict": summary.verdict.model_copy(update={"caveats": caveats})})
