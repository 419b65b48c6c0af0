"""Which of a run's seconds count is said once: backend/runs/seconds.py.

The measured window (0 <= t < window_s), the warm-up before it (t < 0) and the drain after it
(t >= window_s) are the reader's views (`measured`, `warmup`, `drain`, `since_start`); a module of
the backend or the worker that compares a second's `t` with 0 or with a window, duration or
measured length writes the rule again, and two copies of it drift (the proxy summary and the
verdict once disagreed on whether the window's last second counted). The scan walks the syntax
tree, so comments and docstrings that quote the rule are not code that applies it.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READER = ROOT / "backend" / "runs" / "seconds.py"
SCANNED = ("backend", "worker")
# Lengths a second's t is held against when it is windowed.
WINDOW_WORDS = ("window", "duration", "measured")


def _is_second_t(node: ast.expr) -> bool:
    """`t`, `x.t`, `x["t"]`, or int() of one of them: a second's label."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int" and node.args:
        return _is_second_t(node.args[0])
    if isinstance(node, ast.Name):
        return node.id == "t"
    if isinstance(node, ast.Attribute):
        return node.attr == "t"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "t"
    return False


def _is_window_bound(node: ast.expr) -> bool:
    """0, or a name or attribute that says it is a window's length."""
    if isinstance(node, ast.Constant):
        return node.value == 0 and not isinstance(node.value, bool)
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return any(word in name.lower() for word in WINDOW_WORDS)


def window_predicates(source: str, filename: str = "<string>") -> list[int]:
    """Lines where a second's t is compared with 0 or with a window's length."""
    lines: list[int] = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for (left, right), op in zip(itertools.pairwise(operands), node.ops, strict=True):
            if not isinstance(op, ast.Lt | ast.LtE | ast.Gt | ast.GtE):
                continue
            if (_is_second_t(left) and _is_window_bound(right)) or (
                _is_second_t(right) and _is_window_bound(left)
            ):
                lines.append(node.lineno)
                break
    return lines


def test_the_scan_sees_the_ways_the_rule_was_written() -> None:
    written = [
        'measured = [s for s in samples if 0 <= s["t"] < duration_s]',
        'present = {int(s["t"]) for s in seconds if 0 <= int(s["t"]) < window}',
        "in_window = summed('hrsp_2xx', lambda t: 0 <= t < window_s)",
        "before = summed('hrsp_2xx', lambda t: t < 0)",
        "after = [s for s in seconds if s.t >= window_s]",
        "kept = [row for row in rows if row.t < measured_s and row.t >= 0]",
        "query = select(Sample.ts).where(Sample.t >= 0)",
    ]
    for line in written:
        assert window_predicates(line), line
    not_the_rule = [
        "ok = 200 <= status < 300",
        "late = [v for v in values if v >= window_s]",
        "x = t + 1",
        "first = s.t == 0",
        '"""0 <= t < duration"""',
    ]
    for line in not_the_rule:
        assert window_predicates(line) == [], line


def test_no_module_but_the_reader_says_which_seconds_count() -> None:
    found = []
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path == READER:
                continue
            for line in window_predicates(path.read_text(), str(path)):
                found.append(f"{path.relative_to(ROOT)}:{line}")
    assert found == [], (
        "a second's t compared with 0 or a window outside backend/runs/seconds.py: use its "
        f"Seconds views (measured, warmup, drain, since_start, steady) instead: {found}"
    )
    assert window_predicates(READER.read_text()), "the reader no longer holds the rule it is scanned for"


# Where else the sample table is touched, and why not through the reader: writes, and reads whose
# answer PostgreSQL computes itself (JSON text, chart columns downsampled in SQL) without a Python
# object per second.
TABLE_USERS = {
    "backend/runs/samples/service.py": "batch writes, and the full record as JSON text written by PostgreSQL",
    "backend/runs/samples/columns.py": "the charts' columns, downsampled in SQL",
    "backend/runs/compare/series.py": "Compare's overlays: chosen keys of several runs as SQL columns",
    "backend/runs/timer_seconds.py": "HAProxy's request log (sample.timers): one scope's histograms and"
    " states out of the JSONB, every logged second (the pictures apply no window)",
}


def test_the_sample_table_is_read_through_the_reader() -> None:
    users = set()
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text()
            tree = ast.parse(text, filename=str(path))
            imports_sample = any(
                isinstance(node, ast.ImportFrom)
                and node.module == "backend.models"
                and any(alias.name == "Sample" for alias in node.names)
                for node in ast.walk(tree)
            )
            if imports_sample or " FROM sample" in text:
                users.add(str(path.relative_to(ROOT)))
    assert users - {str(READER.relative_to(ROOT))} == set(TABLE_USERS), (
        "read a run's seconds with backend/runs/seconds.py (read_seconds, read_run_seconds ...), "
        "or say here why a module may not"
    )
