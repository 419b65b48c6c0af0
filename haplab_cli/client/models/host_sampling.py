from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HostSampling")


@_attrs_define
class HostSampling:
    """The agent's own sampler of its host (CPU, memory, network), which every agent runs.

    Attributes:
        source (str): The sample source, host:<agent>.
        error (None | str | Unset): Why host sampling did not start, if it did not.
    """

    source: str
    error: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        error: None | str | Unset
        if isinstance(self.error, Unset):
            error = UNSET
        else:
            error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source = d.pop("source")

        def _parse_error(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        error = _parse_error(d.pop("error", UNSET))

        host_sampling = cls(
            source=source,
            error=error,
        )

        return host_sampling
