from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.run_outcome_kind import RunOutcomeKind
from ..models.run_outcome_tone import RunOutcomeTone

T = TypeVar("T", bound="RunOutcome")


@_attrs_define
class RunOutcome:
    """The run's one verdict: its state, its rules and its completeness read together.

    Attributes:
        kind (RunOutcomeKind): succeeded: measured its window and every rule held (or it has none); rules_failed:
            measured it, and a rule failed; partial: fell short of its window; failed; cancelled; in_progress: not ended
            yet.
        label (str): What people read, e.g. "succeeded, 1 of 3 rules failed".
        tone (RunOutcomeTone): good (green), warning (amber), bad (red), neutral, active.
        rules_judged (int): Threshold rules judged on the run itself (0: none).
        rules_failed (int): Of those, the ones that failed.
    """

    kind: RunOutcomeKind
    label: str
    tone: RunOutcomeTone
    rules_judged: int
    rules_failed: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        label = self.label

        tone = self.tone.value

        rules_judged = self.rules_judged

        rules_failed = self.rules_failed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "label": label,
                "tone": tone,
                "rules_judged": rules_judged,
                "rules_failed": rules_failed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = RunOutcomeKind(d.pop("kind"))

        label = d.pop("label")

        tone = RunOutcomeTone(d.pop("tone"))

        rules_judged = d.pop("rules_judged")

        rules_failed = d.pop("rules_failed")

        run_outcome = cls(
            kind=kind,
            label=label,
            tone=tone,
            rules_judged=rules_judged,
            rules_failed=rules_failed,
        )

        run_outcome.additional_properties = d
        return run_outcome

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
