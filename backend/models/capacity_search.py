"""A capacity search: one sweep point, one repetition of a launch whose spec has a `search`.

Its probes are runs of the launch (run.search_id, run.probe_value); the worker appends one after
another (backend/runs/capacity/chain.py) until contract.search.plan_next answers, then stores the
answer here. `spec` is the point's resolved spec with its search: every probe's spec is
contract.experiment.probe_spec(spec, value).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, SmallInteger, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column, validates

from backend.models.base import Base, CreatedAtMixin, IdMixin
from backend.models.typed_json import ModelJSON, as_model
from contract.search import SearchAnswer


class CapacitySearch(IdMixin, CreatedAtMixin, Base):
    __tablename__ = "capacity_search"
    __table_args__ = (
        UniqueConstraint("launch_id", "point_index", "repetition"),
        # The searches of a lab still probing (the dispatcher continues any left without a successor).
        Index("ix_capacity_search_open", "lab_id", postgresql_where=text("answer IS NULL")),
    )

    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    launch_id: Mapped[int] = mapped_column(ForeignKey("launch.id", ondelete="CASCADE"))
    lab_id: Mapped[int | None] = mapped_column(ForeignKey("lab.id", ondelete="SET NULL"))
    point_index: Mapped[int] = mapped_column(Integer)
    repetition: Mapped[int] = mapped_column(SmallInteger)
    # The point's swept values, as its runs' params (without the probed value).
    params: Mapped[dict[str, Any]]
    # The point's resolved ExperimentSpec, search included (its probes' specs derive from it).
    spec: Mapped[dict[str, Any]]
    # How the search ended; NULL while it probes.
    answer: Mapped[SearchAnswer | None] = mapped_column(ModelJSON(SearchAnswer))

    @validates("answer")
    def _typed_answer(self, _key: str, value: object) -> SearchAnswer | None:
        return as_model(value, SearchAnswer)
