from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.lab_settings_injector_weights_type_0 import (
        LabSettingsInjectorWeightsType0,
    )
    from ..models.link_shaping import LinkShaping


T = TypeVar("T", bound="LabSettings")


@_attrs_define
class LabSettings:
    """A lab's settings as the API shows them: `link_shaping` typed; any other key is the team's
    own (a note, a label), kept as the JSON it was given.

        Attributes:
            link_shaping (LinkShaping | None | Unset): Bandwidth caps (and delay, loss) on the proxy host's links; absent
                when none.
            injector_weights (LabSettingsInjectorWeightsType0 | None | Unset): Weights of the lab's injectors in a run's
                split, by agent name (integers >= 1; an injector not named weighs 1): weight 2 gets twice the connections and
                rate of weight 1.
    """

    link_shaping: LinkShaping | None | Unset = UNSET
    injector_weights: LabSettingsInjectorWeightsType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lab_settings_injector_weights_type_0 import (
            LabSettingsInjectorWeightsType0,
        )
        from ..models.link_shaping import LinkShaping

        link_shaping: dict[str, Any] | None | Unset
        if isinstance(self.link_shaping, Unset):
            link_shaping = UNSET
        elif isinstance(self.link_shaping, LinkShaping):
            link_shaping = self.link_shaping.to_dict()
        else:
            link_shaping = self.link_shaping

        injector_weights: dict[str, Any] | None | Unset
        if isinstance(self.injector_weights, Unset):
            injector_weights = UNSET
        elif isinstance(self.injector_weights, LabSettingsInjectorWeightsType0):
            injector_weights = self.injector_weights.to_dict()
        else:
            injector_weights = self.injector_weights

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if link_shaping is not UNSET:
            field_dict["link_shaping"] = link_shaping
        if injector_weights is not UNSET:
            field_dict["injector_weights"] = injector_weights

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.lab_settings_injector_weights_type_0 import (
            LabSettingsInjectorWeightsType0,
        )
        from ..models.link_shaping import LinkShaping

        d = dict(src_dict)

        def _parse_link_shaping(data: object) -> LinkShaping | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                link_shaping_type_0 = LinkShaping.from_dict(data)

                return link_shaping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LinkShaping | None | Unset, data)

        link_shaping = _parse_link_shaping(d.pop("link_shaping", UNSET))

        def _parse_injector_weights(
            data: object,
        ) -> LabSettingsInjectorWeightsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                injector_weights_type_0 = LabSettingsInjectorWeightsType0.from_dict(
                    data
                )

                return injector_weights_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LabSettingsInjectorWeightsType0 | None | Unset, data)

        injector_weights = _parse_injector_weights(d.pop("injector_weights", UNSET))

        lab_settings = cls(
            link_shaping=link_shaping,
            injector_weights=injector_weights,
        )

        lab_settings.additional_properties = d
        return lab_settings

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
