from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.phase_split_phases import PhaseSplitPhases


T = TypeVar("T", bound="PhaseSplit")


@_attrs_define
class PhaseSplit:
    """Where the time of the requests at one percentile of their own time went.

    Attributes:
        percentile (float): 50, 90 or 99: the requests at this percentile of their own time.
        total_ms (float): Their mean own time (phases summed), ms.
        requests (int): How many requests of the log that band holds.
        phases (PhaseSplitPhases): Their mean time in each phase, ms.
    """

    percentile: float
    total_ms: float
    requests: int
    phases: PhaseSplitPhases

    def to_dict(self) -> dict[str, Any]:
        percentile = self.percentile

        total_ms = self.total_ms

        requests = self.requests

        phases = self.phases.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "percentile": percentile,
                "total_ms": total_ms,
                "requests": requests,
                "phases": phases,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.phase_split_phases import PhaseSplitPhases

        d = dict(src_dict)
        percentile = d.pop("percentile")

        total_ms = d.pop("total_ms")

        requests = d.pop("requests")

        phases = PhaseSplitPhases.from_dict(d.pop("phases"))

        phase_split = cls(
            percentile=percentile,
            total_ms=total_ms,
            requests=requests,
            phases=phases,
        )

        return phase_split
