"""What the History's text search looks in, as one condition on run.

Each source is a function of (team, text) giving a condition on run: the experiment's name,
description and tags, the note of the version the run ran, and the notes written on the run.
Matching is a case-insensitive substring (lower() LIKE, so case follows the database's locale:
C.UTF-8 folds É to é); the text is escaped, so %, _ and quotes match themselves. The experiments
of a team are few: these subqueries cost far less than the list's scan.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import ColumnElement, exists, func, or_, select

from backend.models import Experiment, ExperimentVersion, Note, Run


def _contains(column: Any, text: str) -> ColumnElement[bool]:
    return column.icontains(text, autoescape=True)  # type: ignore[no-any-return]


def _experiment_text(team_id: int, text: str) -> ColumnElement[bool]:
    tag = func.unnest(Experiment.tags).column_valued("tag")
    experiments = select(Experiment.id).where(
        Experiment.team_id == team_id,
        or_(
            _contains(Experiment.name, text),
            _contains(Experiment.description, text),
            exists(select(tag).where(_contains(tag, text))),
        ),
    )
    return Run.experiment_id.in_(experiments)


def _version_note(team_id: int, text: str) -> ColumnElement[bool]:
    versions = (
        select(ExperimentVersion.id)
        .join(Experiment, Experiment.id == ExperimentVersion.experiment_id)
        .where(Experiment.team_id == team_id, _contains(ExperimentVersion.note, text))
    )
    return Run.experiment_version_id.in_(versions)


def _run_note(team_id: int, text: str) -> ColumnElement[bool]:
    notes = select(Note.run_id).where(
        Note.team_id == team_id, Note.run_id.is_not(None), _contains(Note.text, text)
    )
    return Run.id.in_(notes)


SOURCES: tuple[Callable[[int, str], ColumnElement[bool]], ...] = (_experiment_text, _version_note, _run_note)


def runs_matching(team_id: int, text: str) -> ColumnElement[bool]:
    """Runs of the team whose searchable text (every source) contains `text`."""
    return or_(*(source(team_id, text) for source in SOURCES))
