from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.knee_reason import KneeReason

if TYPE_CHECKING:
    from ..models.knee_params_type_0 import KneeParamsType0


T = TypeVar("T", bound="Knee")


@_attrs_define
class Knee:
    """Where more load (or capacity) stops buying throughput.

    Attributes:
        reason (KneeReason):
        point_index (int | None): The last point before the knee; None when there is none.
        params (KneeParamsType0 | None):
        rps (float | None):
        sentence (str):
    """

    reason: KneeReason
    point_index: int | None
    params: KneeParamsType0 | None
    rps: float | None
    sentence: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.knee_params_type_0 import KneeParamsType0

        reason = self.reason.value

        point_index: int | None
        point_index = self.point_index

        params: dict[str, Any] | None
        if isinstance(self.params, KneeParamsType0):
            params = self.params.to_dict()
        else:
            params = self.params

        rps: float | None
        rps = self.rps

        sentence = self.sentence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reason": reason,
                "point_index": point_index,
                "params": params,
                "rps": rps,
                "sentence": sentence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knee_params_type_0 import KneeParamsType0

        d = dict(src_dict)
        reason = KneeReason(d.pop("reason"))

        def _parse_point_index(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        point_index = _parse_point_index(d.pop("point_index"))

        def _parse_params(data: object) -> KneeParamsType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                params_type_0 = KneeParamsType0.from_dict(data)

                return params_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(KneeParamsType0 | None, data)

        params = _parse_params(d.pop("params"))

        def _parse_rps(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rps = _parse_rps(d.pop("rps"))

        sentence = d.pop("sentence")

        knee = cls(
            reason=reason,
            point_index=point_index,
            params=params,
            rps=rps,
            sentence=sentence,
        )

        knee.additional_properties = d
        return knee

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
