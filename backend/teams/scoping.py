"""One way to scope a team: the rows of a team-owned table a team may read, and those it may change.

Every query of a team's rows goes through here; tests/infra/test_team_scoping.py fails when any
other module of backend/ compares a `team_id` itself. What a caller may do with the rows is
decided before any query, by the route's role dependency (Viewer/Editor/AdminDep in
backend/api/deps.py); these statements decide which rows: a row of another team is simply not
in them, so its route answers 404, never 403, and ids of other teams don't leak.

    readable(Lab, team_id).where(Lab.id == lab_id)         # the team's lab, if it is one
    writable(Lab, team_id).where(Lab.id == lab_id)         # the same row, locked to change it
    runs_among(team_id, run_ids, Run.id, Run.summary)      # the team's runs among these ids
    where = [owned_by(Run, team_id), ...]                   # the criterion, for composed filters

`team` is a team's id, or a bound parameter for a statement built once and run many times
(backend/runs/service.py, backend/fleet/service.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from sqlalchemy import ColumnElement, Select, select
from sqlalchemy.sql.elements import BindParameter

from backend.models import (
    Agent,
    ApiToken,
    Baseline,
    CapacitySearch,
    ChangePoint,
    EnrollmentToken,
    Experiment,
    Lab,
    Launch,
    Membership,
    Note,
    Run,
    Schedule,
    Webhook,
)

if TYPE_CHECKING:
    from sqlalchemy.sql._typing import _TypedColumnClauseArgument

# The tables whose every row belongs to one team through its own `team_id` column. Rows of other
# tables reach a team through one of these (a version through its experiment, a sample through
# its run, a delivery through its webhook). UserSession.team_id is not here: it is the team a
# session currently looks at, not an owner.
TeamOwned = TypeVar(
    "TeamOwned",
    Agent,
    ApiToken,
    Baseline,
    CapacitySearch,
    ChangePoint,
    EnrollmentToken,
    Experiment,
    Lab,
    Launch,
    Membership,
    Note,
    Run,
    Schedule,
    Webhook,
)
TEAM_OWNED: tuple[type, ...] = TeamOwned.__constraints__
Column = TypeVar("Column")
TeamKey = int | BindParameter[Any]
Columns = Any  # what select() takes: a model, a column, an expression


def owned_by(model: type[TeamOwned], team: TeamKey) -> ColumnElement[bool]:
    """The rows of `model` that belong to `team`: the criterion the statements below carry."""
    return model.team_id == team


@overload
def readable(model: type[TeamOwned], team: TeamKey) -> Select[TeamOwned]: ...
@overload
def readable(
    model: type[TeamOwned], team: TeamKey, column: _TypedColumnClauseArgument[Column], /
) -> Select[Column]: ...
@overload
def readable(model: type[TeamOwned], team: TeamKey, *columns: Columns) -> Select[Any]: ...
def readable(model: type[TeamOwned], team: TeamKey, *columns: Columns) -> Select[Any]:
    """The rows of `model` `team` may read: the model itself, or the given columns of it (and of
    what the caller joins to it)."""
    return select(*(columns or (model,))).where(owned_by(model, team))


def writable(
    model: type[TeamOwned], team: TeamKey, *, lock: Literal["update", "share"] = "update"
) -> Select[TeamOwned]:
    """The rows of `model` `team` may change, locked until the transaction ends so a
    read-modify-write cannot lose a concurrent change: FOR UPDATE, or FOR SHARE where the rows
    only must not change meanwhile (a launch reads its experiment's version)."""
    return readable(model, team).with_for_update(read=lock == "share")


def runs_among(team: TeamKey, run_ids: Iterable[int], *columns: Columns) -> Select[Any]:
    """The team's runs among `run_ids` (Compare's selections): another team's id is simply
    missing from the result, and the caller answers 404 naming it, as for an unknown id."""
    return readable(Run, team, *columns).where(Run.id.in_(list(run_ids)))
