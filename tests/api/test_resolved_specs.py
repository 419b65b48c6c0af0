"""The per-process cache of runs' validated specs (backend/runs/resolved_specs.py): pure logic."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from backend.runs import resolved_specs
from backend.runs.resolved_specs import resolved_spec
from contract.experiment import ExperimentSpec
from tests.api.experiment_factories import small_spec

CREATED = datetime(2026, 11, 26, 9, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    resolved_specs._validated.clear()


def test_a_run_is_validated_once_then_read_from_the_cache() -> None:
    first = resolved_spec(7, CREATED, small_spec())
    assert isinstance(first, ExperimentSpec)
    assert resolved_spec(7, CREATED, small_spec()) is first


def test_the_same_id_in_another_database_is_another_run() -> None:
    spec = small_spec()
    spec["load"]["duration_s"] = 6  # type: ignore[index]
    here = resolved_spec(7, CREATED, small_spec())
    elsewhere = resolved_spec(7, CREATED + timedelta(microseconds=1), spec)
    assert isinstance(here, ExperimentSpec) and isinstance(elsewhere, ExperimentSpec)
    assert (here.load.duration_s, elsewhere.load.duration_s) == (5, 6)


def test_a_spec_a_stricter_model_refuses_is_shown_as_stored_and_not_kept() -> None:
    stored = small_spec()
    stored["load"]["duration_s"] = -1  # type: ignore[index]
    assert resolved_spec(8, CREATED, stored) is stored
    assert (8, CREATED) not in resolved_specs._validated


def test_only_the_latest_runs_are_kept() -> None:
    spec = small_spec()
    for run_id in range(resolved_specs.CACHED_RUNS + 10):
        resolved_spec(run_id, CREATED, spec)
    assert len(resolved_specs._validated) == resolved_specs.CACHED_RUNS
    assert (0, CREATED) not in resolved_specs._validated
    assert (resolved_specs.CACHED_RUNS + 9, CREATED) in resolved_specs._validated
