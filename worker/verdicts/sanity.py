"""Physical sanity checks on every run's figures; each failed check is a caveat, shown first.

- above_link_cap: the clients report more bytes/s than the lab's shaped link carries. Nothing
  crosses a link faster than its cap: the figure divides by the wrong time (replies that drained
  after the window) or counts what never crossed. It is not shown as delivered.
- above_target_rate: an open loop reports more successes per second than it was asked to send.
The clients' counts against HAProxy's, and every other pair of figures that describe the same
thing, are held to each other in consistency.py (`figures_disagree`).
"""

from __future__ import annotations

from contract.experiment import ExperimentSpec
from contract.injector_split import lab_rate
from contract.numbers import fixed
from contract.results import RunSummary
from contract.verdict import MEASUREMENT_TOLERANCE as TOLERANCE
from contract.verdict import Caveat
from worker.verdicts.rules import ev


def sanity_caveats(
    spec: ExperimentSpec, summary: RunSummary, link_cap_bytes_per_s: float | None
) -> list[Caveat]:
    found = [
        above_link_cap(summary, link_cap_bytes_per_s),
        above_target_rate(spec, summary),
    ]
    return [caveat for caveat in found if caveat is not None]


def above_link_cap(summary: RunSummary, cap: float | None) -> Caveat | None:
    delivered = summary.total.bytes_per_s
    if not cap or delivered <= cap * (1 + TOLERANCE):
        return None
    return Caveat(
        kind="above_link_cap",
        sentence=(
            f"The clients report {fixed(delivered / 1e6, 1)} MB/s, above the {fixed(cap / 1e6, 1)} MB/s "
            "the lab's shaped "
            "link can carry: no link delivers that, so the figure divides by too short a time (replies that "
            "drained after the measured window) and is not a delivered rate."
        ),
        evidence=[
            ev("client_bytes_per_s", "bytes/s the clients report", delivered, "B/s"),
            ev("link_cap_bytes_per_s", "shaped link cap", cap, "B/s"),
        ],
    )


def above_target_rate(spec: ExperimentSpec, summary: RunSummary) -> Caveat | None:
    target = lab_rate(spec.load, len(summary.injectors), shares_kept=summary.shares_kept)
    rps = summary.total.rps
    if target is None or rps <= target * (1 + TOLERANCE) + 1:
        return None
    return Caveat(
        kind="above_target_rate",
        sentence=(
            f"{fixed(rps, 1)} successes/s reported for an open loop asked for {target:g} req/s: more than "
            "was "
            "sent, so the rate divides by too short a time (replies that drained after the window)."
        ),
        evidence=[
            ev("rps", "successes/s reported", rps, "req/s"),
            ev("target_rate", "rate asked for", target, "req/s"),
        ],
    )
