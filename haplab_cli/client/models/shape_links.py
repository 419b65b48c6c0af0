from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.link_shaping import LinkShaping


T = TypeVar("T", bound="ShapeLinks")


@_attrs_define
class ShapeLinks:
    """Proxy role: cap the proxy host's interfaces with tc (in its namespace) until Teardown.

    The result's data holds what was applied (`applied`: interface, qdisc and tc argv each).

        Attributes:
            run_id (int):
            shaping (LinkShaping): Bandwidth caps on the proxy host's links, applied for every run of the lab.
            type_ (Literal['shape_links'] | Unset):  Default: 'shape_links'.
    """

    run_id: int
    shaping: LinkShaping
    type_: Literal["shape_links"] | Unset = "shape_links"

    def to_dict(self) -> dict[str, Any]:
        run_id = self.run_id

        shaping = self.shaping.to_dict()

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run_id": run_id,
                "shaping": shaping,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.link_shaping import LinkShaping

        d = dict(src_dict)
        run_id = d.pop("run_id")

        shaping = LinkShaping.from_dict(d.pop("shaping"))

        type_ = cast(Literal["shape_links"] | Unset, d.pop("type", UNSET))
        if type_ != "shape_links" and not isinstance(type_, Unset):
            raise ValueError(f"type must match const 'shape_links', got '{type_}'")

        shape_links = cls(
            run_id=run_id,
            shaping=shaping,
            type_=type_,
        )

        return shape_links
