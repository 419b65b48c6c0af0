"""Every query a team's request runs on a team-owned table carries the team's criterion.

tests/infra/test_team_scoping.py finds team filters written by hand; this finds queries with no
team filter at all. It records each SELECT the database runs while one team member reads every
kind of its data through the API, and fails on a statement that reads a team-owned table
(backend/teams/scoping.py's TEAM_OWNED) without `<table>.team_id = <team>` anywhere in it. Tables
joined to a scoped row (a run's experiment) are reached through it. The few statements scoped by
a parent row the same request fetched through the helper just before (a lab's enrollment tokens
after get_lab) are listed in THROUGH_A_SCOPED_PARENT, by the function that runs them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Column, Select, Table, event
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session
from sqlalchemy.sql import operators, visitors
from sqlalchemy.sql.elements import BinaryExpression

from backend.teams.scoping import TEAM_OWNED
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member

ROOT = Path(__file__).resolve().parents[2]
OWNED = {model.__tablename__ for model in TEAM_OWNED}  # type: ignore[attr-defined]

# (file, function running the statement) -> the scoped row it hangs off. Keep it short.
THROUGH_A_SCOPED_PARENT = {
    # Authentication: finds the caller (and so the team) from the presented credential's hash.
    ("backend/teams/tokens.py", "resolve_token"): "the API token by its hash, before there is a team",
    # A lab's agents and runs: the labs were read through the helper (get_lab, list_labs).
    ("backend/labs/enrollment.py", "list_enrollment_tokens"): "the tokens of a lab get_lab returned",
    ("backend/labs/service.py", "lab_agents"): "the agents of labs just read",
    ("backend/labs/service.py", "online_agent_ids"): "the agents of labs just read",
    ("backend/labs/service.py", "revoked_agents"): "the agents of a lab get_lab returned",
    ("backend/runs/queue_estimate.py", "queue_estimate"): "the runs queued on a scoped run's lab",
    # An experiment's or a launch's runs and baselines: the parent was read through the helper.
    ("backend/experiments/summaries.py", "_run_counts"): "the runs of experiments just read",
    ("backend/experiments/summaries.py", "_last_run_states"): "the runs of experiments just read",
    ("backend/runs/baselines/service.py", "list_baselines"): "the baselines of an experiment just read",
    ("backend/runs/baselines/service.py", "run_against_baseline"): "the baseline of a run just read",
    ("backend/runs/analysis/service.py", "analyze_launch"): "the runs of a launch just read",
    ("backend/runs/service.py", "launch_detail"): "the runs of a launch just read",
    # The names of the experiments and labs of the team's schedules.
    ("backend/schedules/service.py", "_fields"): "the experiment and lab of schedules just read",
}


def _caller() -> tuple[str, str]:
    """The innermost function of backend/ on the stack: who ran the statement."""
    frame = sys._getframe(1)
    while frame is not None:
        path = Path(frame.f_code.co_filename)
        if path.is_relative_to(ROOT / "backend"):
            return str(path.relative_to(ROOT)), frame.f_code.co_name
        frame = frame.f_back  # type: ignore[assignment]
    return "", ""


def _owned_tables(statement: Any) -> set[str]:
    return {
        node.name for node in visitors.iterate(statement) if isinstance(node, Table) and node.name in OWNED
    }


def _is_team_criterion(node: Any) -> bool:
    if not isinstance(node, BinaryExpression) or node.operator is not operators.eq:
        return False
    return any(
        isinstance(side, Column) and side.name == "team_id" and getattr(side.table, "name", None) in OWNED
        for side in (node.left, node.right)
    )


def unscoped(statement: Any) -> set[str]:
    """The team-owned tables `statement` reads when no team criterion is in it; else nothing."""
    tables = _owned_tables(statement)
    if not tables or any(_is_team_criterion(node) for node in visitors.iterate(statement)):
        return set()
    return tables


@pytest.fixture
def recorded(db: Session) -> Iterator[list[tuple[Select[Any], tuple[str, str]]]]:
    """Each SELECT run on the test's connection while the test body runs, with its caller."""
    seen: list[tuple[Select[Any], tuple[str, str]]] = []
    connection = db.connection()

    def record(conn: Connection, statement: Any, *_: Any) -> None:
        if isinstance(statement, Select):
            seen.append((statement, _caller()))

    event.listen(connection, "before_execute", record)
    try:
        yield seen
    finally:
        event.remove(connection, "before_execute", record)


@pytest.fixture
def team_data(client: TestClient, db: Session) -> tuple[Member, dict[str, int]]:
    """A team with a lab, an experiment, a launch of two runs (one succeeded), a note, a baseline."""
    member = new_member(db, "admin")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(repetitions=2))
    launched = launch(db, member, experiment, lab)
    done, queued = launched.run_ids
    finish_run(db, done, summary=summary_doc(rps=1000.0))
    note = client.post(f"{API}/runs/{done}/notes", json={"text": "first look"}, headers=member.headers)
    assert note.status_code == 201, note.text
    pinned = client.post(
        f"{API}/experiments/{experiment.id}/baselines", json={"run_id": done}, headers=member.headers
    )
    assert pinned.status_code == 201, pinned.text
    ids = {
        "lab": lab.id,
        "experiment": experiment.id,
        "launch": launched.launch_id,
        "run": done,
        "queued": queued,
    }
    return member, ids


def _reads(ids: dict[str, int]) -> list[tuple[str, dict[str, Any]]]:
    runs = {"run_ids": [ids["run"], ids["queued"]]}
    return [
        ("/labs", {}),
        (f"/labs/{ids['lab']}", {}),
        (f"/labs/{ids['lab']}/enrollment-tokens", {}),
        ("/experiments", {"q": "experiment"}),
        (f"/experiments/{ids['experiment']}", {}),
        (f"/experiments/{ids['experiment']}/versions", {}),
        (f"/experiments/{ids['experiment']}/versions/1", {}),
        (f"/experiments/{ids['experiment']}/baselines", {}),
        (f"/experiments/{ids['experiment']}/analysis", {}),
        ("/runs", {"q": "first look"}),
        ("/runs", {"experiment_id": ids["experiment"], "states": ["queued", "succeeded"]}),
        (f"/runs/{ids['run']}", {}),
        (f"/runs/{ids['queued']}", {}),
        (f"/runs/{ids['run']}/baseline", {}),
        (f"/runs/{ids['run']}/samples", {}),
        (f"/runs/{ids['run']}/samples/columns", {}),
        (f"/launches/{ids['launch']}", {}),
        ("/runs/compare", runs),
        ("/runs/compare/points", runs),
        ("/runs/compare/spectrum", runs),
        ("/runs/compare/setups", runs),
        ("/runs/compare/series", {**runs, "series": ["proxy|FRONTEND.req_tot"]}),
        ("/runs/trends", {"metric": "rps"}),
        ("/notes", {"run_ids": [ids["run"]]}),
        ("/changes", {}),
        ("/schedules", {}),
        ("/webhooks", {}),
        ("/teams/current/members", {}),
        ("/tokens", {}),
        ("/metrics", {}),
    ]


def test_every_query_of_a_team_owned_table_carries_the_team(
    client: TestClient,
    team_data: tuple[Member, dict[str, int]],
    recorded: list[tuple[Select[Any], tuple[str, str]]],
) -> None:
    member, ids = team_data
    recorded.clear()
    for path, params in _reads(ids):
        response = client.get(f"{API}{path}", params=params, headers=member.headers)
        assert response.status_code == 200, f"{path}: {response.status_code} {response.text[:300]}"
    assert len(recorded) > 50  # the listener saw the requests' queries

    unscoped_reads = sorted(
        {
            f"{file}:{function}() reads {sorted(tables)}"
            for statement, (file, function) in recorded
            if (tables := unscoped(statement)) and (file, function) not in THROUGH_A_SCOPED_PARENT
        }
    )
    assert not unscoped_reads, (
        "a team's request read a team-owned table without the team's criterion:\n  "
        + ("\n  ".join(unscoped_reads))
    )
