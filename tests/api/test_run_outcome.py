"""One verdict per run: state, rules and completeness read together, and the same words in the
run's detail, its list row and Compare's row."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.run_outcome import rule_counts, run_outcome
from contract.run_state import RunState
from contract.thresholds import ThresholdReport
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, make_lab, new_member

RULE = {"metric": "rps", "operator": ">=", "value": 100}


def report(*passed: bool) -> dict[str, Any]:
    results = [
        {"rule": RULE, "text": "rps >= 100", "value": 150.0 if ok else 50.0, "limit": 100.0, "passed": ok}
        for ok in passed
    ]
    return {"passed": all(passed), "results": results}


# (state, each rule's outcome) -> (kind, label, tone), for every state and every shape of report.
EXPECTED = {
    (RunState.succeeded, ()): ("succeeded", "succeeded", "good"),
    (RunState.succeeded, (True,)): ("succeeded", "succeeded", "good"),
    (RunState.succeeded, (True, True, True)): ("succeeded", "succeeded", "good"),
    (RunState.succeeded, (False,)): ("rules_failed", "succeeded, its rule failed", "warning"),
    (RunState.succeeded, (True, False, True)): ("rules_failed", "succeeded, 1 of 3 rules failed", "warning"),
    (RunState.succeeded, (False, False, True)): ("rules_failed", "succeeded, 2 of 3 rules failed", "warning"),
    # partial: the completeness check's verdict (the load fell short of its window).
    (RunState.partial, ()): ("partial", "partial", "warning"),
    (RunState.partial, (True, True)): ("partial", "partial", "warning"),
    (RunState.partial, (True, False)): ("partial", "partial, 1 of 2 rules failed", "warning"),
    (RunState.failed, ()): ("failed", "failed", "bad"),
    (RunState.cancelled, ()): ("cancelled", "cancelled", "neutral"),
    **{(state, ()): ("in_progress", state.value, "active") for state in RunState if not state.is_terminal},
}


@pytest.mark.parametrize(("state", "rules"), list(EXPECTED))
def test_every_state_and_report_has_one_verdict(state: RunState, rules: tuple[bool, ...]) -> None:
    judged = ThresholdReport.model_validate(report(*rules)) if rules else None
    outcome = run_outcome(state, *rule_counts(judged))
    assert (outcome.kind, outcome.label, outcome.tone) == EXPECTED[(state, rules)]
    assert (outcome.rules_judged, outcome.rules_failed) == (len(rules), rules.count(False))
    # Green only when it measured its window and nothing it was judged on failed.
    assert (outcome.tone == "good") == (state == RunState.succeeded and False not in rules)


def test_every_state_is_covered() -> None:
    assert {state for state, _ in EXPECTED} == set(RunState)


def test_detail_list_and_compare_say_the_same(client: TestClient, db: Session) -> None:
    member = new_member(db, "viewer")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40, 60])]))
    lost, held, partial = launch(db, member, experiment, lab).run_ids
    for run_id, state, rules in (
        (lost, RunState.succeeded, report(True, False, True)),
        (held, RunState.succeeded, report(True, True)),
        (partial, RunState.partial, report(False)),
    ):
        finish_run(db, run_id, state=state, summary=summary_doc(rps=10))
        db.execute(update(Run).where(Run.id == run_id).values(thresholds=rules))
    db.commit()

    def labels(rows: list[dict[str, Any]], key: str = "id") -> dict[int, str]:
        return {row[key]: row["outcome"]["label"] for row in rows}

    expected = {
        lost: "succeeded, 1 of 3 rules failed",
        held: "succeeded",
        partial: "partial, its rule failed",
    }
    listed = client.get(f"{API}/runs", params={"experiment_id": experiment.id}, headers=member.headers).json()
    assert labels(listed["items"]) == expected
    for run_id, label in expected.items():
        detail = client.get(f"{API}/runs/{run_id}", headers=member.headers).json()
        assert detail["outcome"]["label"] == label
    compared = client.get(
        f"{API}/runs/compare", params={"run_ids": [lost, held, partial]}, headers=member.headers
    ).json()
    assert labels(compared["rows"], "run_id") == expected
    lost_row = next(row for row in listed["items"] if row["id"] == lost)
    assert lost_row["state"] == "succeeded" and lost_row["outcome"]["tone"] == "warning"


def test_compare_marks_runs_bound_by_a_cpu_haproxy_shared_with_the_load_tool(
    client: TestClient, db: Session
) -> None:
    member = new_member(db, "viewer")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40, 60])]))
    shared, apart, slow = launch(db, member, experiment, lab).run_ids
    one_machine = {
        "agents": {name: {"roles": [role], "capabilities": {"host": {"boot_id": "b1"}}} for name, role in
                   (("proxy-1", "proxy"), ("injector-1", "injector"), ("target-1", "target"))},
        "shared_machines": [
            {"agents": ["injector-1", "proxy-1", "target-1"], "roles": ["injector", "proxy", "target"],
             "how": "boot id"}
        ],
    }  # fmt: skip
    for run_id, kind, environment in (
        (shared, "client_cpu", one_machine),
        (apart, "client_cpu", {"agents": {}, "shared_machines": []}),
        (slow, "upstream", one_machine),  # not a CPU bound: the shared machine does not matter
    ):
        summary = summary_doc(rps=10) | {"verdict": {"kind": kind, "sentence": kind, "evidence": []}}
        finish_run(db, run_id, summary=summary)
        db.execute(update(Run).where(Run.id == run_id).values(environment=environment))
    db.commit()
    rows = client.get(
        f"{API}/runs/compare", params={"run_ids": [shared, apart, slow]}, headers=member.headers
    ).json()["rows"]
    notes = {row["run_id"]: row["capacity_note"] for row in rows}
    assert notes[apart] is None and notes[slow] is None
    assert notes[shared] is not None and "not a measure of HAProxy's capacity" in notes[shared]
    assert "injector-1, proxy-1, target-1" in notes[shared]


def test_a_probe_is_read_against_its_search_objective() -> None:
    """A capacity search's probe over its objective found the knee: no warning, and it says so."""
    over = run_outcome(RunState.succeeded, 1, 1, probe=True)
    assert (over.label, over.tone) == ("succeeded, over the objective", "neutral")
    within = run_outcome(RunState.succeeded, 1, 0, probe=True)
    assert (within.label, within.tone) == ("succeeded, within the objective", "good")
    # a probe that did not do what it was asked reads as any run
    assert run_outcome(RunState.partial, 1, 1, probe=True).label == "partial, its rule failed"
    assert run_outcome(RunState.succeeded, 1, 1).label == "succeeded, its rule failed"
