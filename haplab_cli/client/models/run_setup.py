from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.asked_load import AskedLoad


T = TypeVar("T", bound="RunSetup")


@_attrs_define
class RunSetup:
    """
    Attributes:
        run_id (int):
        lab_name (None | str):
        load (AskedLoad): What a run asked of its load tool (its spec's load profile), to draw next to what it got.
        config_index (int | None): Index in `configs` of the run's rendered HAProxy config; None before it was rendered.
    """

    run_id: int
    lab_name: None | str
    load: AskedLoad
    config_index: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        lab_name: None | str
        lab_name = self.lab_name

        load = self.load.to_dict()

        config_index: int | None
        config_index = self.config_index

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "lab_name": lab_name,
                "load": load,
                "config_index": config_index,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.asked_load import AskedLoad

        d = dict(src_dict)
        run_id = d.pop("run_id")

        def _parse_lab_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lab_name = _parse_lab_name(d.pop("lab_name"))

        load = AskedLoad.from_dict(d.pop("load"))

        def _parse_config_index(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        config_index = _parse_config_index(d.pop("config_index"))

        run_setup = cls(
            run_id=run_id,
            lab_name=lab_name,
            load=load,
            config_index=config_index,
        )

        run_setup.additional_properties = d
        return run_setup

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
