"""`haplab import`'s pure parts: the report as file:line diagnostics, NAME=VALUE options, and an
experiment file that `haplab validate` / `run` read back as the imported spec. The command
against a real API and lab: tests/e2e/test_import_config.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from contract.cfg_import import import_config
from contract.experiment import ExperimentSpec
from haplab_cli.files import read_experiment_file
from haplab_cli.importing import experiment_file_text, parse_assignments, report_lines

CONFIG = (
    Path(__file__).resolve().parents[1]
    / "contract"
    / "cfg_import_cases"
    / "three-backends-tls-userlist-lua.cfg"
).read_text()


def _answer(**options: Any) -> dict[str, Any]:
    imported = import_config(CONFIG, **options)
    return {
        "name": "imported www",
        "description": "from a test",
        "spec": imported.spec.model_dump(mode="json", by_alias=True),
        "report": imported.report.model_dump(mode="json"),
    }


def test_the_report_reads_as_diagnostics_at_their_lines() -> None:
    lines = report_lines("prod.cfg", _answer(), verbose=False)
    assert lines[0].startswith("prod.cfg: ") and " refused" in lines[0] and " modelled" in lines[0]
    assert any(line.startswith("prod.cfg:12: refused: ") and "Lua" in line for line in lines)
    assert any(line.startswith("prod.cfg:18: not imported: userlist") for line in lines)
    assert "prod.cfg:50: ${APP3} has no value: --env APP3=..." in lines
    # modelled lines are counted, not listed, unless asked
    assert not any(":10: modelled" in line for line in lines)
    assert any(":10: modelled" in line for line in report_lines("prod.cfg", _answer(), verbose=True))


def test_an_imported_experiment_file_reads_back_as_the_imported_spec(tmp_path: Path) -> None:
    answer = _answer(environment={"APP3": "10.0.0.13:8080"})
    path = tmp_path / "exp.yaml"
    path.write_text(experiment_file_text(answer, "prod.cfg"))
    doc = read_experiment_file(path)
    assert doc.body()["tags"] == ["imported"]
    assert ExperimentSpec.model_validate(doc.body()["spec"]) == ExperimentSpec.model_validate(answer["spec"])


def test_name_value_options() -> None:
    assert parse_assignments(["A=1", "B=x=y", "C="], "--env") == {"A": "1", "B": "x=y", "C": ""}
    assert parse_assignments(None, "--env") == {}
    with pytest.raises(ValueError, match="--env 'A'"):
        parse_assignments(["A"], "--env")
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_assignments(["=1"], "--env")
