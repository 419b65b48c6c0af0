"""Experiments as files: the YAML (and JSON) form round-trips with what the designer saves, and
the published JSON Schema (frontend/public/schemas/experiment.schema.json) accepts every
template and refuses what the API refuses by shape."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from backend.experiments.schemas import ExperimentCreate
from backend.templates.catalog import list_templates
from contract.experiment_file import ExperimentFile

SCHEMA_FILE = (
    Path(__file__).resolve().parents[2] / "frontend" / "public" / "schemas" / "experiment.schema.json"
)
VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text()))
TEMPLATES = {t.id: t for t in list_templates()}


def _saved(template_id: str) -> dict[str, Any]:
    """The body the designer saves for a template (POST /experiments)."""
    template = TEMPLATES[template_id]
    body = ExperimentCreate(
        name=template.title, description=template.summary, tags=["seed"], spec=template.spec
    )
    return body.model_dump(mode="json", by_alias=True)


@pytest.mark.parametrize("template_id", sorted(TEMPLATES))
def test_yaml_and_json_round_trip_exactly_with_the_saved_body(template_id: str) -> None:
    saved = _saved(template_id)
    as_yaml = yaml.safe_dump(saved, sort_keys=False, allow_unicode=True)
    from_yaml = ExperimentFile.model_validate(yaml.safe_load(as_yaml))
    assert from_yaml.body() == saved
    from_json = ExperimentFile.model_validate_json(
        json.dumps({"$schema": "/schemas/experiment.schema.json", **saved})
    )
    assert from_json.body() == saved and from_json.schema_ == "/schemas/experiment.schema.json"


@pytest.mark.parametrize("template_id", sorted(TEMPLATES))
def test_the_json_schema_accepts_every_template(template_id: str) -> None:
    saved = _saved(template_id)
    errors = [e.message for e in VALIDATOR.iter_errors(saved)]
    assert errors == []
    saved["spec"]["thresholds"] = [{"metric": "latency_p99_ms", "operator": "<", "value": 50}]
    assert list(VALIDATOR.iter_errors(saved)) == []


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["spec"]["load"].update(conections=10), "load"),  # a typo is an error
        (lambda d: d["spec"]["load"].update(duration_s="ten"), "duration_s"),
        (lambda d: d.pop("name"), "name"),
        (
            lambda d: d["spec"].update(thresholds=[{"metric": "rps", "operator": "=~", "value": 1}]),
            "operator",
        ),
        (lambda d: d.update(owner="me"), "owner"),
    ],
)
def test_the_json_schema_refuses_bad_shapes(change: Any, where: str) -> None:
    doc = copy.deepcopy(_saved("000"))
    change(doc)
    errors = list(VALIDATOR.iter_errors(doc))
    assert errors, "the schema accepted a bad file"
    assert any(where in (json.dumps(list(e.absolute_path)) + e.message) for e in errors), [
        e.message for e in errors
    ]
