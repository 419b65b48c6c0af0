from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TornDown")


@_attrs_define
class TornDown:
    """Teardown's answer: every role stopped what it started for the run.

    Attributes:
        roles (list[str]):
        samples_flushed (bool): False: some were still waiting when the time ran out.
        batches_sent (int): Sample batches of the run this agent delivered.
    """

    roles: list[str]
    samples_flushed: bool
    batches_sent: int

    def to_dict(self) -> dict[str, Any]:
        roles = self.roles

        samples_flushed = self.samples_flushed

        batches_sent = self.batches_sent

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "roles": roles,
                "samples_flushed": samples_flushed,
                "batches_sent": batches_sent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        roles = cast(list[str], d.pop("roles"))

        samples_flushed = d.pop("samples_flushed")

        batches_sent = d.pop("batches_sent")

        torn_down = cls(
            roles=roles,
            samples_flushed=samples_flushed,
            batches_sent=batches_sent,
        )

        return torn_down
