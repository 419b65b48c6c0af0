from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sweep_axis import SweepAxis


T = TypeVar("T", bound="Sweep")


@_attrs_define
class Sweep:
    """The parameters to vary; every combination of their values becomes a point.

    Attributes:
        axes (list[SweepAxis] | Unset):
    """

    axes: list[SweepAxis] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        axes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.axes, Unset):
            axes = []
            for axes_item_data in self.axes:
                axes_item = axes_item_data.to_dict()
                axes.append(axes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if axes is not UNSET:
            field_dict["axes"] = axes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.sweep_axis import SweepAxis

        d = dict(src_dict)
        _axes = d.pop("axes", UNSET)
        axes: list[SweepAxis] | Unset = UNSET
        if _axes is not UNSET:
            axes = []
            for axes_item_data in _axes:
                axes_item = SweepAxis.from_dict(axes_item_data)

                axes.append(axes_item)

        sweep = cls(
            axes=axes,
        )

        return sweep
