"""The CLI says each run's one verdict: never "succeeded" beside "2 of 3 threshold(s) failed"."""

from __future__ import annotations

from typing import Any

from haplab_cli import main
from haplab_cli.outcome import run_verdict


def run(state: str, outcome: dict[str, Any] | None, results: list[bool]) -> dict[str, Any]:
    rule = {"metric": "rps", "operator": ">=", "value": 100}
    report = {
        "passed": all(results),
        "results": [
            {"rule": rule, "text": "rps >= 100", "value": 150.0 if ok else 50.0, "limit": 100.0, "passed": ok}
            for ok in results
        ],
    }
    doc = {"id": 7, "state": state, "params": {"proxy.global.maxconn": 10}, "repetition": 0, "error": None}
    doc |= {"figures": {"rps": 50.0}, "thresholds": report if results else None}
    return doc | ({"outcome": outcome} if outcome is not None else {})


def test_the_run_table_says_the_outcome_not_the_bare_state() -> None:
    lost = run(
        "succeeded",
        {"kind": "rules_failed", "label": "succeeded, 2 of 3 rules failed", "tone": "warning",
         "rules_judged": 3, "rules_failed": 2},
        [True, False, False],
    )  # fmt: skip
    with main.out.console.capture() as captured:
        main.print_runs([lost], "http://haplab.example")
    text = captured.get()
    assert "succeeded, 2 of 3 rules failed" in text and "2 of 3 threshold(s) failed" in text
    assert "outcome" in text  # the column's name


def test_a_server_older_than_outcome_still_shows_its_state() -> None:
    assert run_verdict(run("partial", None, [])) == "partial"
    assert run_verdict(run("succeeded", {"label": "succeeded"}, [])) == "succeeded"
