"""The constants the browser takes from the OpenAPI document (backend/api/constants.py) are the
backend's own, in the document the app serves and the clients are generated from
(tests/infra/test_api_client_fresh.py holds the generated files to that document)."""

from __future__ import annotations

from backend.app import create_app
from backend.runs.queue_estimate import DEFAULT_OVERHEAD_S
from contract.run_state import STATE_GROUPS, RunState
from contract.verdict import MEASUREMENT_TOLERANCE


def test_the_served_document_carries_each_state_group_as_spec_says_it() -> None:
    schemas = create_app().openapi()["components"]["schemas"]
    for name, (states, meaning) in STATE_GROUPS.items():
        assert schemas[name]["enum"] == [state.value for state in RunState if state in states], name
        assert schemas[name]["description"] == meaning


def test_the_served_document_carries_the_default_run_overhead() -> None:
    """The designer's "3 s per run" is the figure a queued run's expected start uses on a new lab."""
    schema = create_app().openapi()["components"]["schemas"]["DefaultRunOverheadSeconds"]
    assert schema["const"] == DEFAULT_OVERHEAD_S == 3.0


def test_the_served_document_carries_the_measurement_tolerance() -> None:
    """The run page's side-by-side table calls a gap noise by the verdict's own tolerance."""
    schema = create_app().openapi()["components"]["schemas"]["MeasurementTolerance"]
    assert schema["const"] == MEASUREMENT_TOLERANCE == 0.05
