from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.run_verdict_kind import RunVerdictKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bound_finding import BoundFinding
    from ..models.caveat import Caveat
    from ..models.evidence import Evidence


T = TypeVar("T", bound="RunVerdict")


@_attrs_define
class RunVerdict:
    """What bounded the run: the highest-priority finding, plus the others that also held.

    Attributes:
        kind (RunVerdictKind):
        sentence (str): The finding in one sentence, with its numbers.
        evidence (list[Evidence] | Unset):
        also (list[BoundFinding] | Unset): Other conditions that held, in priority order.
        caveats (list[Caveat] | Unset): What may have disturbed the measurement: a stalled host, stolen CPU, missing
            samples.
    """

    kind: RunVerdictKind
    sentence: str
    evidence: list[Evidence] | Unset = UNSET
    also: list[BoundFinding] | Unset = UNSET
    caveats: list[Caveat] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        sentence = self.sentence

        evidence: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.evidence, Unset):
            evidence = []
            for evidence_item_data in self.evidence:
                evidence_item = evidence_item_data.to_dict()
                evidence.append(evidence_item)

        also: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.also, Unset):
            also = []
            for also_item_data in self.also:
                also_item = also_item_data.to_dict()
                also.append(also_item)

        caveats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.caveats, Unset):
            caveats = []
            for caveats_item_data in self.caveats:
                caveats_item = caveats_item_data.to_dict()
                caveats.append(caveats_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "sentence": sentence,
            }
        )
        if evidence is not UNSET:
            field_dict["evidence"] = evidence
        if also is not UNSET:
            field_dict["also"] = also
        if caveats is not UNSET:
            field_dict["caveats"] = caveats

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.bound_finding import BoundFinding
        from ..models.caveat import Caveat
        from ..models.evidence import Evidence

        d = dict(src_dict)
        kind = RunVerdictKind(d.pop("kind"))

        sentence = d.pop("sentence")

        _evidence = d.pop("evidence", UNSET)
        evidence: list[Evidence] | Unset = UNSET
        if _evidence is not UNSET:
            evidence = []
            for evidence_item_data in _evidence:
                evidence_item = Evidence.from_dict(evidence_item_data)

                evidence.append(evidence_item)

        _also = d.pop("also", UNSET)
        also: list[BoundFinding] | Unset = UNSET
        if _also is not UNSET:
            also = []
            for also_item_data in _also:
                also_item = BoundFinding.from_dict(also_item_data)

                also.append(also_item)

        _caveats = d.pop("caveats", UNSET)
        caveats: list[Caveat] | Unset = UNSET
        if _caveats is not UNSET:
            caveats = []
            for caveats_item_data in _caveats:
                caveats_item = Caveat.from_dict(caveats_item_data)

                caveats.append(caveats_item)

        run_verdict = cls(
            kind=kind,
            sentence=sentence,
            evidence=evidence,
            also=also,
            caveats=caveats,
        )

        return run_verdict
