from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SamplesSent")


@_attrs_define
class SamplesSent:
    """SendSamplesNow's answer.

    Attributes:
        samples_flushed (bool): False: some were still waiting when the time ran out.
    """

    samples_flushed: bool

    def to_dict(self) -> dict[str, Any]:
        samples_flushed = self.samples_flushed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "samples_flushed": samples_flushed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        samples_flushed = d.pop("samples_flushed")

        samples_sent = cls(
            samples_flushed=samples_flushed,
        )

        return samples_sent
