"""Constants the browser and the CLI read from the OpenAPI document instead of writing them again.

Each is a named schema in `components.schemas`, so the generated clients carry it: the
TypeScript client exports `<Name>Schema` (its `enum` or `const` at run time) and a type of the
same name; the CLI's client an enum class. No route returns them: they are the API's vocabulary,
added to the document the app serves (create_app) and the clients are generated from.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from backend.runs.queue_estimate import DEFAULT_OVERHEAD_S
from contract.clock import CLOCK_BOUND_MS
from contract.run_state import STATE_GROUPS, RunState
from contract.verdict import MEASUREMENT_TOLERANCE


def constant_schemas() -> dict[str, dict[str, Any]]:
    """The constants' JSON Schemas by component name."""
    schemas: dict[str, dict[str, Any]] = {
        name: {
            "type": "string",
            # RunState's order (queued first, then the phases), the order people read them in.
            "enum": [state.value for state in RunState if state in states],
            "title": name,
            "description": meaning,
        }
        for name, (states, meaning) in STATE_GROUPS.items()
    }
    schemas["DefaultRunOverheadSeconds"] = {
        "type": "number",
        "const": DEFAULT_OVERHEAD_S,
        "title": "DefaultRunOverheadSeconds",
        "description": (
            "Orchestration seconds per run beyond warm-up + duration (prepare, start lead, collect, "
            "teardown) on a lab with no finished run yet: the designer's estimate and a queued run's "
            "on a new lab. A lab with history uses the median of its own (a run's overhead_s)."
        ),
    }
    schemas["MeasurementTolerance"] = {
        "type": "number",
        "const": MEASUREMENT_TOLERANCE,
        "title": "MeasurementTolerance",
        "description": (
            "The share by which two measurements of one thing may differ before a check says so (TBF "
            "lets a burst through, counters round, clocks drift): the verdict's sanity checks use it."
        ),
    }
    schemas["ClockBoundMs"] = {
        "type": "number",
        "const": CLOCK_BOUND_MS,
        "title": "ClockBoundMs",
        "description": (
            "Milliseconds an agent's clock may be off the API's, or two injectors' starts apart, before a "
            "run says so (the clocks_apart caveat); the lab and run pages name clocks beyond it."
        ),
    }
    return schemas


def add_constants(app: FastAPI) -> None:
    """Make the app's OpenAPI document carry the constants (FastAPI builds it once and caches it)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        document = build()
        document.setdefault("components", {}).setdefault("schemas", {}).update(constant_schemas())
        return document

    app.openapi = openapi  # type: ignore[method-assign]
