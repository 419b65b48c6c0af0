from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.applied_qdisc import AppliedQdisc
    from ..models.link_shaping import LinkShaping


T = TypeVar("T", bound="AppliedLinkShaping")


@_attrs_define
class AppliedLinkShaping:
    """
    Attributes:
        agent (str): The proxy agent that shaped its links.
        settings (LinkShaping): Bandwidth caps on the proxy host's links, applied for every run of the lab.
        applied (list[AppliedQdisc] | Unset):
    """

    agent: str
    settings: LinkShaping
    applied: list[AppliedQdisc] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        agent = self.agent

        settings = self.settings.to_dict()

        applied: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.applied, Unset):
            applied = []
            for applied_item_data in self.applied:
                applied_item = applied_item_data.to_dict()
                applied.append(applied_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent": agent,
                "settings": settings,
            }
        )
        if applied is not UNSET:
            field_dict["applied"] = applied

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.applied_qdisc import AppliedQdisc
        from ..models.link_shaping import LinkShaping

        d = dict(src_dict)
        agent = d.pop("agent")

        settings = LinkShaping.from_dict(d.pop("settings"))

        _applied = d.pop("applied", UNSET)
        applied: list[AppliedQdisc] | Unset = UNSET
        if _applied is not UNSET:
            applied = []
            for applied_item_data in _applied:
                applied_item = AppliedQdisc.from_dict(applied_item_data)

                applied.append(applied_item)

        applied_link_shaping = cls(
            agent=agent,
            settings=settings,
            applied=applied,
        )

        return applied_link_shaping
