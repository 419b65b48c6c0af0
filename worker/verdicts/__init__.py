"""What bounded a run: read from its summary and samples after collect, stored as summary.bound.

- contract.limits: the limits the spec configured (the entry point's maxconn, the servers' maxconn).
- `observation`: the measured seconds, as per-second series with the sample keys resolved.
- `rules`: one detector per bound, with its thresholds as named constants.
- `decide`: runs the detectors in priority order; the first that holds is the verdict.
"""

from worker.verdicts.decide import run_verdict
from worker.verdicts.observation import RunObservation, observe

__all__ = ["RunObservation", "observe", "run_verdict"]
