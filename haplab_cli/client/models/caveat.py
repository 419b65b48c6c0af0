from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.caveat_kind import CaveatKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.evidence import Evidence


T = TypeVar("T", bound="Caveat")


@_attrs_define
class Caveat:
    """Something that may have disturbed the measurement itself, with the numbers it was read from.

    Attributes:
        kind (CaveatKind):
        sentence (str): What happened and what it means for the figures.
        evidence (list[Evidence] | Unset):
    """

    kind: CaveatKind
    sentence: str
    evidence: list[Evidence] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        sentence = self.sentence

        evidence: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.evidence, Unset):
            evidence = []
            for evidence_item_data in self.evidence:
                evidence_item = evidence_item_data.to_dict()
                evidence.append(evidence_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "sentence": sentence,
            }
        )
        if evidence is not UNSET:
            field_dict["evidence"] = evidence

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.evidence import Evidence

        d = dict(src_dict)
        kind = CaveatKind(d.pop("kind"))

        sentence = d.pop("sentence")

        _evidence = d.pop("evidence", UNSET)
        evidence: list[Evidence] | Unset = UNSET
        if _evidence is not UNSET:
            evidence = []
            for evidence_item_data in _evidence:
                evidence_item = Evidence.from_dict(evidence_item_data)

                evidence.append(evidence_item)

        caveat = cls(
            kind=kind,
            sentence=sentence,
            evidence=evidence,
        )

        return caveat
