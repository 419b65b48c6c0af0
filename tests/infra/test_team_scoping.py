"""One way to scope a team: no module of backend/ writes its own team filter.

backend/teams/scoping.py gives each team-owned table the statement a team may read (`readable`),
the one it may change (`writable`) and the criterion both carry (`owned_by`); Compare's "the
team's runs among these ids" is `runs_among`. The `ast` walk below fails on any other place that
compares a `team_id` (`X.team_id == ...`, `... != X.team_id`, `X.team_id.in_(...)`,
`filter_by(team_id=...)`), so a new query either goes through the helper or is added to ALLOWED
with its reason. Building a row (`Run(team_id=...)`) and reading the column (`run.team_id`) are
not filters and are not flagged.
"""

from __future__ import annotations

import ast
from pathlib import Path

from backend.models import Base
from backend.teams.scoping import TEAM_OWNED

ROOT = Path(__file__).resolve().parents[2]
HELPER = "backend/teams/scoping.py"

# (file, function) -> why its team_id comparison is not a team's scope. Keep it short.
ALLOWED = {
    # Authentication runs before there is a team to scope by: it joins the credential's own team
    # to the caller's membership of it, to learn the caller's role there.
    ("backend/auth/sessions.py", "_resolve_session_query"): "joins a session to its membership",
    ("backend/teams/tokens.py", "_resolve_token_query"): "joins an API token to its membership",
    # The teams a user belongs to, across teams: the query that says which teams there are.
    ("backend/teams/service.py", "teams_of_user"): "joins a user's memberships to their teams",
}

# Tables with a team_id column that are not owned by that team.
NOT_OWNED = {"user_session": "the team a browser session currently looks at (nullable), not its owner"}


def _is_team_id(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "team_id"


def team_filters(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """(line, enclosing function) of every hand-written team filter in `source`."""
    tree = ast.parse(source, filename=filename)
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if (
            isinstance(node, ast.Compare)
            and all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)  # `is None` is Python's
            and any(_is_team_id(n) for n in (node.left, *node.comparators))
        ):
            found.append((node.lineno, function))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func.attr
            on_team_id = method in {"in_", "not_in", "is_", "is_not"} and _is_team_id(node.func.value)
            by_team_id = method == "filter_by" and any(k.arg == "team_id" for k in node.keywords)
            if on_team_id or by_team_id:
                found.append((node.lineno, function))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def test_no_team_filter_outside_the_scoping_helper() -> None:
    offending = []
    used = set()
    for path in sorted((ROOT / "backend").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        if name == HELPER:
            continue
        for line, function in team_filters(path.read_text(), name):
            if (name, function) in ALLOWED:
                used.add((name, function))
            else:
                offending.append(f"{name}:{line} in {function}()")
    assert not offending, (
        "a team filter written by hand; use backend/teams/scoping.py (owned_by, readable, writable, "
        "runs_among), or add it to ALLOWED with the reason:\n  " + "\n  ".join(offending)
    )
    assert used == set(ALLOWED), f"ALLOWED names places that no longer filter by team: {set(ALLOWED) - used}"


def test_every_table_with_a_team_id_is_scoped_by_the_helper() -> None:
    with_team_id = {table.name for table in Base.metadata.tables.values() if "team_id" in table.c}
    owned = {model.__tablename__ for model in TEAM_OWNED}  # type: ignore[attr-defined]
    assert with_team_id - set(NOT_OWNED) == owned


def test_the_walk_sees_each_form_of_team_filter() -> None:
    source = """
def scoped(team_id, ids):
    a = select(Run).where(Run.team_id == team_id)
    b = select(Run).where(team_id == Run.team_id)
    c = select(Lab).where(Lab.team_id != 3)
    d = select(Run).where(Run.team_id.in_(ids))
    e = db.query(Run).filter_by(team_id=team_id)
    f = select(table).where(table.c.team_id == team_id)

def not_filters(team_id, run):
    Run(team_id=team_id)
    if run.team_id is None:
        return run.team_id, select(Run.team_id), Team.id == team_id
"""
    assert [line for line, _ in team_filters(source)] == [3, 4, 5, 6, 7, 8]
    assert {function for _, function in team_filters(source)} == {"scoped"}
