"""A run's resolved spec, validated once per API process rather than on every read.

A run's page and every script polling `GET /runs/{id}` validate the run's stored spec (~0.3 ms of
a read's ~2.5 ms of CPU, docs/benchmarks.md "API capacity"), and a run's spec never changes once
launched (backend/runs/queued_runs.py writes it with the run). So the validated model is kept for the
runs read most recently, keyed by the run's id and creation time (ids restart in another
database, a creation time to the microsecond does not). The caller has already found the run in
its team: the cache only saves the validation, it never decides what anyone may read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from contract.experiment import ExperimentSpec

CACHED_RUNS = 512  # ~10 kB each

_lock = threading.Lock()
_validated: OrderedDict[tuple[int, datetime], ExperimentSpec] = OrderedDict()


def resolved_spec(
    run_id: int, created_at: datetime, stored: dict[str, Any]
) -> ExperimentSpec | dict[str, Any]:
    """The run's stored spec as the model; as stored when a later, stricter model refuses it
    (RunDetail shows such a spec as it is; not kept, they are rare)."""
    key = (run_id, created_at)
    with _lock:
        spec = _validated.get(key)
        if spec is not None:
            _validated.move_to_end(key)
            return spec
    try:
        spec = ExperimentSpec.model_validate(stored)
    except ValidationError:
        return stored
    with _lock:
        _validated[key] = spec
        while len(_validated) > CACHED_RUNS:
            _validated.popitem(last=False)
    return spec
