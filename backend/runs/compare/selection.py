"""The runs a comparison asks for: each once, in the order asked, and every one of them the team's."""

from __future__ import annotations

from collections.abc import Container

from backend.errors import not_found


def distinct(run_ids: list[int]) -> list[int]:
    """The ids in the order asked, duplicates dropped."""
    return list(dict.fromkeys(run_ids))


def require_found(wanted: list[int], found: Container[int]) -> None:
    """404 naming the first asked run that is missing (or another team's: the same answer)."""
    for run_id in wanted:
        if run_id not in found:
            raise not_found("run", run_id)
