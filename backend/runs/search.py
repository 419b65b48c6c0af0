"""What the History's text search looks in, as one condition on run.

Each source is a function of (team, text) giving a condition on run: the experiment's name,
description and tags, the note of the version the run ran, and the notes written on the run.
Matching is a case-insensitive substring (lower() LIKE, so case follows the database's locale:
C.UTF-8 folds É to é); the text is escaped, so %, _ and quotes match themselves.

The sources are few rows (a team's experiments, versions and notes), so they are asked first and
the list gets their ids as constants: the planner then knows how many runs match (a run's
experiment, version and id are indexed) and a search nothing matches reads no run at all, where a
subquery in the list's WHERE made it test every run of the team, a million of them at scale.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import ColumnElement, Select, exists, false, func, or_, select
from sqlalchemy.orm import Session

from backend.models import Experiment, ExperimentVersion, Note, Run
from backend.teams.scoping import owned_by, readable


def _contains(column: Any, text: str) -> ColumnElement[bool]:
    return column.icontains(text, autoescape=True)  # type: ignore[no-any-return]


def _experiment_text(team_id: int, text: str) -> tuple[Any, Select[Any]]:
    tag = func.unnest(Experiment.tags).column_valued("tag")
    experiments = readable(Experiment, team_id, Experiment.id).where(
        or_(
            _contains(Experiment.name, text),
            _contains(Experiment.description, text),
            exists(select(tag).where(_contains(tag, text))),
        ),
    )
    return Run.experiment_id, experiments


def _version_note(team_id: int, text: str) -> tuple[Any, Select[Any]]:
    versions = (
        select(ExperimentVersion.id)
        .join(Experiment, Experiment.id == ExperimentVersion.experiment_id)
        .where(owned_by(Experiment, team_id), _contains(ExperimentVersion.note, text))
    )
    return Run.experiment_version_id, versions


def _run_note(team_id: int, text: str) -> tuple[Any, Select[Any]]:
    notes = readable(Note, team_id, Note.run_id).where(Note.run_id.is_not(None), _contains(Note.text, text))
    return Run.id, notes


# Each source: (team, text) -> (the column of run it names, the ids of that column that match).
SOURCES: tuple[Callable[[int, str], tuple[Any, Select[Any]]], ...] = (
    _experiment_text,
    _version_note,
    _run_note,
)


def runs_matching(db: Session, team_id: int, text: str) -> ColumnElement[bool]:
    """Runs of the team whose searchable text (every source) contains `text`."""
    conditions = []
    for source in SOURCES:
        column, ids = source(team_id, text)
        found = list(db.scalars(ids.distinct()))
        if found:
            conditions.append(column.in_(found))
    return or_(*conditions) if conditions else false()
