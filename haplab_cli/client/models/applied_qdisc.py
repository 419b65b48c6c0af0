from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="AppliedQdisc")


@_attrs_define
class AppliedQdisc:
    """
    Attributes:
        interface (str):
        qdisc (str):
        argv (list[str]): The exact tc command line.
    """

    interface: str
    qdisc: str
    argv: list[str]

    def to_dict(self) -> dict[str, Any]:
        interface = self.interface

        qdisc = self.qdisc

        argv = self.argv

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "interface": interface,
                "qdisc": qdisc,
                "argv": argv,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        interface = d.pop("interface")

        qdisc = d.pop("qdisc")

        argv = cast(list[str], d.pop("argv"))

        applied_qdisc = cls(
            interface=interface,
            qdisc=qdisc,
            argv=argv,
        )

        return applied_qdisc
