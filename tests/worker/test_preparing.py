"""`preparing`: which agents count as online for a run, and what the error says when some are not."""

from __future__ import annotations

from factories import add_agent, make_lab

from backend.db import session_scope
from worker.phases.agents import describe_missing, missing_roles


def missing(lab_id: int) -> list[str]:
    with session_scope() as db:
        return missing_roles(db, lab_id)


def test_an_empty_lab_misses_every_role(fresh_database: str) -> None:
    assert missing(make_lab()) == ["proxy", "injector", "target"]


def test_only_recent_unrevoked_agents_of_this_lab_count(fresh_database: str) -> None:
    lab_id, other_lab = make_lab("bench-a"), make_lab("bench-b")
    add_agent(lab_id, "proxy-1", ["proxy"], seen_seconds_ago=2)
    add_agent(lab_id, "injector-stale", ["injector"], seen_seconds_ago=60)
    add_agent(lab_id, "injector-never", ["injector"], seen_seconds_ago=None)
    add_agent(lab_id, "target-revoked", ["target"], revoked=True)
    add_agent(other_lab, "target-elsewhere", ["target", "injector"])
    assert missing(lab_id) == ["injector", "target"]

    add_agent(lab_id, "loadgen-1", ["injector", "target"], seen_seconds_ago=1)
    assert missing(lab_id) == []


def test_the_error_names_what_is_missing_and_how_long_it_waited() -> None:
    assert describe_missing("bench-a", ["proxy"], 10) == (
        "lab 'bench-a' has no online agent with role proxy (waited 10 s)"
    )
    assert describe_missing("bench-a", ["injector", "target"], 1.5) == (
        "lab 'bench-a' has no online agent with roles injector, target (waited 1.5 s)"
    )
