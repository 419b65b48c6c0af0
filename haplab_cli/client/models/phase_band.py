from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.phase_band_sums_ms import PhaseBandSumsMs


T = TypeVar("T", bound="PhaseBand")


@_attrs_define
class PhaseBand:
    """Requests of one second whose own time fell in one band, and what they spent in each phase.

    Attributes:
        upper_ms (int): The band's upper edge (BAND_UPPER_MS), inclusive.
        count (int):
        total_ms (int): The sum of their own times (phases summed), ms.
        sums_ms (PhaseBandSumsMs): Per phase, the sum of their times in it, ms.
    """

    upper_ms: int
    count: int
    total_ms: int
    sums_ms: PhaseBandSumsMs

    def to_dict(self) -> dict[str, Any]:
        upper_ms = self.upper_ms

        count = self.count

        total_ms = self.total_ms

        sums_ms = self.sums_ms.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "upper_ms": upper_ms,
                "count": count,
                "total_ms": total_ms,
                "sums_ms": sums_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phase_band_sums_ms import PhaseBandSumsMs

        d = dict(src_dict)
        upper_ms = d.pop("upper_ms")

        count = d.pop("count")

        total_ms = d.pop("total_ms")

        sums_ms = PhaseBandSumsMs.from_dict(d.pop("sums_ms"))

        phase_band = cls(
            upper_ms=upper_ms,
            count=count,
            total_ms=total_ms,
            sums_ms=sums_ms,
        )

        return phase_band
