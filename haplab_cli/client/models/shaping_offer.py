from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ShapingOffer")


@_attrs_define
class ShapingOffer:
    """
    Attributes:
        bandwidth (bool): bandwidth caps (tc tbf) can be applied on the proxy host
        delay_loss (bool): delay and loss (netem) can be applied; grey them out when false
        qdiscs (list[str] | None): qdiscs the proxy agents reported; null before any hello
    """

    bandwidth: bool
    delay_loss: bool
    qdiscs: list[str] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bandwidth = self.bandwidth

        delay_loss = self.delay_loss

        qdiscs: list[str] | None
        if isinstance(self.qdiscs, list):
            qdiscs = self.qdiscs

        else:
            qdiscs = self.qdiscs

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bandwidth": bandwidth,
                "delay_loss": delay_loss,
                "qdiscs": qdiscs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        bandwidth = d.pop("bandwidth")

        delay_loss = d.pop("delay_loss")

        def _parse_qdiscs(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                qdiscs_type_0 = cast(list[str], data)

                return qdiscs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        qdiscs = _parse_qdiscs(d.pop("qdiscs"))

        shaping_offer = cls(
            bandwidth=bandwidth,
            delay_loss=delay_loss,
            qdiscs=qdiscs,
        )

        shaping_offer.additional_properties = d
        return shaping_offer

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
