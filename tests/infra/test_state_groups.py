"""The groups of run states are said once, in contract/run_state.py, and the browser gets them through
the OpenAPI document (backend/api/constants.py -> frontend/src/runs/states.ts).

A group written again by hand is how the browser's ACTIVE_STATES came to mean something other
than spec's: this scan fails on two or more run states listed together anywhere else in the
product's code (Python and the browser's TypeScript; tests and the generated clients aside).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from contract.run_state import RunState

ROOT = Path(__file__).resolve().parents[2]
# The product's code; tests and bench/ (which seed and query runs of given states as data) aside.
PYTHON_PACKAGES = ("contract", "common", "agents", "backend", "worker", "haplab_cli", "dev")
THE_ONE_PLACE = ROOT / "contract" / "run_state.py"
GENERATED = (ROOT / "haplab_cli" / "client", ROOT / "frontend" / "src" / "client")
STATE_VALUES = {state.value for state in RunState}
GROUP_NAME = re.compile(r"_STATES$")


def _generated(path: Path) -> bool:
    return any(path.is_relative_to(folder) for folder in GENERATED)


def _state_member(node: ast.expr) -> bool:
    """`RunState.queued`, "queued", or a group spread into a new one (`*ACTIVE_STATES`)."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id == "RunState" and node.attr in STATE_VALUES
    if isinstance(node, ast.Constant):
        return node.value in STATE_VALUES
    if isinstance(node, ast.Starred):
        target = node.value
        name = (
            target.id
            if isinstance(target, ast.Name)
            else target.attr
            if isinstance(target, ast.Attribute)
            else ""
        )
        return bool(GROUP_NAME.search(name))
    return False


def _compared_state(node: ast.expr) -> bool:
    """`x.state == RunState.failed` (or != / is) against one state."""
    return (
        isinstance(node, ast.Compare)
        and len(node.comparators) == 1
        and isinstance(node.ops[0], ast.Eq | ast.NotEq | ast.Is | ast.IsNot)
        and _state_member(node.comparators[0])
    )


def _other_words(elements: list[ast.expr]) -> bool:
    """Strings beside the states that are no state: another vocabulary sharing some words
    (OutcomeKind's "in_progress", "rules_failed", "failed", ...), not a group of states."""
    return any(
        isinstance(e, ast.Constant) and isinstance(e.value, str) and e.value not in STATE_VALUES
        for e in elements
    )


def python_groups(source: str, filename: str) -> Iterator[int]:
    """Line numbers of hand-written groups: a list, tuple, set or dict (keys) of two or more states,
    or two or more comparisons with a state joined by and/or."""
    for node in ast.walk(ast.parse(source, filename=filename)):
        members: list[ast.expr] = []
        if isinstance(node, ast.List | ast.Tuple | ast.Set) and not _other_words(node.elts):
            members = [e for e in node.elts if _state_member(e)]
        elif isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None]
            members = [] if _other_words(keys) else [k for k in keys if _state_member(k)]
        elif isinstance(node, ast.BoolOp):
            members = [v for v in node.values if _compared_state(v)]
        # Two different states: `kind, label = "failed", "failed"` names one.
        if len({ast.dump(member) for member in members}) >= 2:
            yield node.lineno


_STATE = "|".join(sorted(STATE_VALUES))
_QUOTED = rf"""["'`](?:{_STATE})["'`]"""
TS_GROUPS = (
    # ["failed", "cancelled"], new Set(["succeeded", ...]), [..., "partial", "failed"].includes(...):
    # states as elements side by side, not as arguments of calls inside the brackets
    re.compile(rf"[\[,]\s*{_QUOTED}\s*,\s*{_QUOTED}\s*[\],]"),
    # type Phase = "preparing" | "warming"
    re.compile(rf"{_QUOTED}\s*\|\s*{_QUOTED}"),
    # s === "failed" || s === "cancelled"
    re.compile(rf"[!=]==?\s*{_QUOTED}\s*(?:\|\||&&)\s*[\w.?]+\s*[!=]==?\s*{_QUOTED}"),
)


def typescript_groups(source: str) -> Iterator[int]:
    for pattern in TS_GROUPS:
        for match in pattern.finditer(source):
            yield source.count("\n", 0, match.start()) + 1


def _python_files() -> Iterator[Path]:
    for package in PYTHON_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path != THE_ONE_PLACE and not _generated(path):
                yield path


def _browser_files() -> Iterator[Path]:
    for path in sorted((ROOT / "frontend" / "src").rglob("*.ts*")):
        if not _generated(path) and ".test." not in path.name:
            yield path


def test_no_group_of_states_is_written_again() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _python_files()
        for line in python_groups(path.read_text(), str(path))
    ]
    found += [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _browser_files()
        for line in typescript_groups(path.read_text())
    ]
    found = sorted(set(found))
    assert not found, (
        "run states grouped by hand; name the group in contract/run_state.py (STATE_GROUPS, which the "
        "browser reads from frontend/src/runs/states.ts) and use it:\n  " + "\n  ".join(found)
    )


def test_the_scan_sees_each_shape_of_a_hand_written_group() -> None:
    """The scan itself: each shape it must catch is caught, and a single state is not a group."""
    python = {
        "in_([RunState.queued, *ACTIVE_STATES])": 1,
        "x in (RunState.failed, RunState.cancelled)": 1,
        'TERMINAL = {"succeeded", "partial", "failed", "cancelled"}': 1,
        "{RunState.queued: 0, RunState.running: 1}": 1,
        "s == RunState.failed or s == RunState.cancelled": 1,
        "s == RunState.succeeded": 0,
        "TERMINAL_STATES - {RunState.cancelled}": 0,
        '{True: "passed", False: "failed"}': 0,
        'kind, tone, label = "failed", "bad", "failed"': 0,
        'Kind = Literal["in_progress", "succeeded", "rules_failed", "partial"]': 0,
    }
    for source, expected in python.items():
        assert len(list(python_groups(source, "<test>"))) == expected, source
    typescript = {
        'const TERMINAL = new Set(["succeeded", "partial", "failed", "cancelled"]);': 1,
        'type Phase = "preparing" | "warming";': 1,
        'run.state === "failed" || run.state === "cancelled"': 1,
        'if (r.state === "failed") failed += 1;': 0,
        'const CHECKS = ["passed", "failed", "judged"];': 0,
        'phases: [view("preparing", "done"), view("warming", "done")]': 0,
    }
    for source, expected in typescript.items():
        assert len(list(typescript_groups(source))) == expected, source
