"""examples/seeds/*.yaml are the seed templates as experiment files (dev/gen_examples.py): fresh,
readable by `haplab`, and valid as the API judges them (every sweep point, every threshold)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from backend.experiments.spec_errors import parse_spec
from dev.gen_examples import write_examples
from haplab_cli.files import read_experiment_file

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "examples" / "seeds"
SCHEMA = json.loads((ROOT / "frontend" / "public" / "schemas" / "experiment.schema.json").read_text())


def test_committed_seed_examples_are_fresh(tmp_path: Path) -> None:
    generated = {path.name: path.read_text() for path in write_examples(tmp_path)}
    committed = {path.name: path.read_text() for path in SEEDS.glob("*.yaml")}
    assert committed == generated, "examples/seeds/ is stale: run dev/gen_examples.py and commit it"


@pytest.mark.parametrize("path", sorted(SEEDS.glob("*.yaml")), ids=lambda p: p.name)
def test_each_seed_example_is_a_valid_experiment_file(path: Path) -> None:
    doc = read_experiment_file(path)
    jsonschema.validate(doc.body(), SCHEMA)
    spec = parse_spec(doc.doc["spec"])  # 422 (ApiError) naming the field if not
    assert spec.run_count() >= 1
