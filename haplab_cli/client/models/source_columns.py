from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.source_columns_max_type_0 import SourceColumnsMaxType0
    from ..models.source_columns_min_type_0 import SourceColumnsMinType0
    from ..models.source_columns_values import SourceColumnsValues


T = TypeVar("T", bound="SourceColumns")


@_attrs_define
class SourceColumns:
    """One source's samples as parallel arrays: item i of every array is the point at t[i].

    Attributes:
        t (list[int]): The second (step 1) or the first second of each bucket.
        values (SourceColumnsValues): Per metric: the stored value (step 1); a bucket's per-second rate (counters) or
            mean level (gauges, contract.results.is_gauge). null where the source lacked the key.
        min_ (None | SourceColumnsMinType0): Per metric: the smallest per-second value of each bucket; null at step 1.
        max_ (None | SourceColumnsMaxType0): Per metric: the largest per-second value of each bucket; null at step 1.
    """

    t: list[int]
    values: SourceColumnsValues
    min_: None | SourceColumnsMinType0
    max_: None | SourceColumnsMaxType0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.source_columns_max_type_0 import SourceColumnsMaxType0
        from ..models.source_columns_min_type_0 import SourceColumnsMinType0

        t = self.t

        values = self.values.to_dict()

        min_: dict[str, Any] | None
        if isinstance(self.min_, SourceColumnsMinType0):
            min_ = self.min_.to_dict()
        else:
            min_ = self.min_

        max_: dict[str, Any] | None
        if isinstance(self.max_, SourceColumnsMaxType0):
            max_ = self.max_.to_dict()
        else:
            max_ = self.max_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "t": t,
                "values": values,
                "min": min_,
                "max": max_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.source_columns_max_type_0 import SourceColumnsMaxType0
        from ..models.source_columns_min_type_0 import SourceColumnsMinType0
        from ..models.source_columns_values import SourceColumnsValues

        d = dict(src_dict)
        t = cast(list[int], d.pop("t"))

        values = SourceColumnsValues.from_dict(d.pop("values"))

        def _parse_min_(data: object) -> None | SourceColumnsMinType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                min_type_0 = SourceColumnsMinType0.from_dict(data)

                return min_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceColumnsMinType0, data)

        min_ = _parse_min_(d.pop("min"))

        def _parse_max_(data: object) -> None | SourceColumnsMaxType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                max_type_0 = SourceColumnsMaxType0.from_dict(data)

                return max_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SourceColumnsMaxType0, data)

        max_ = _parse_max_(d.pop("max"))

        source_columns = cls(
            t=t,
            values=values,
            min_=min_,
            max_=max_,
        )

        source_columns.additional_properties = d
        return source_columns

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
