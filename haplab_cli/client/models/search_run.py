from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.probe_run import ProbeRun
    from ..models.search_answer import SearchAnswer


T = TypeVar("T", bound="SearchRun")


@_attrs_define
class SearchRun:
    """One search: one sweep point, one repetition, its probes in the order they ran.

    Attributes:
        id (int):
        point_index (int):
        repetition (int):
        answer (None | SearchAnswer): How it ended; None while it is probing.
        probes (list[ProbeRun]):
    """

    id: int
    point_index: int
    repetition: int
    answer: None | SearchAnswer
    probes: list[ProbeRun]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.search_answer import SearchAnswer

        id = self.id

        point_index = self.point_index

        repetition = self.repetition

        answer: dict[str, Any] | None
        if isinstance(self.answer, SearchAnswer):
            answer = self.answer.to_dict()
        else:
            answer = self.answer

        probes = []
        for probes_item_data in self.probes:
            probes_item = probes_item_data.to_dict()
            probes.append(probes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "point_index": point_index,
                "repetition": repetition,
                "answer": answer,
                "probes": probes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.probe_run import ProbeRun
        from ..models.search_answer import SearchAnswer

        d = dict(src_dict)
        id = d.pop("id")

        point_index = d.pop("point_index")

        repetition = d.pop("repetition")

        def _parse_answer(data: object) -> None | SearchAnswer:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                answer_type_0 = SearchAnswer.from_dict(data)

                return answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SearchAnswer, data)

        answer = _parse_answer(d.pop("answer"))

        probes = []
        _probes = d.pop("probes")
        for probes_item_data in _probes:
            probes_item = ProbeRun.from_dict(probes_item_data)

            probes.append(probes_item)

        search_run = cls(
            id=id,
            point_index=point_index,
            repetition=repetition,
            answer=answer,
            probes=probes,
        )

        search_run.additional_properties = d
        return search_run

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
