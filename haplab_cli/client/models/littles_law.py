from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LittlesLaw")


@_attrs_define
class LittlesLaw:
    """The sweep's answer to "what maxconn does this load need?".

    Attributes:
        recommended_maxconn (int | None): The largest recommendation over the points.
        headroom (float): Factor applied to an open loop's rate x latency.
        sentence (str):
    """

    recommended_maxconn: int | None
    headroom: float
    sentence: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        recommended_maxconn: int | None
        recommended_maxconn = self.recommended_maxconn

        headroom = self.headroom

        sentence = self.sentence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "recommended_maxconn": recommended_maxconn,
                "headroom": headroom,
                "sentence": sentence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_recommended_maxconn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        recommended_maxconn = _parse_recommended_maxconn(d.pop("recommended_maxconn"))

        headroom = d.pop("headroom")

        sentence = d.pop("sentence")

        littles_law = cls(
            recommended_maxconn=recommended_maxconn,
            headroom=headroom,
            sentence=sentence,
        )

        littles_law.additional_properties = d
        return littles_law

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
