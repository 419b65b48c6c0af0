from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProxySampling")


@_attrs_define
class ProxySampling:
    """The proxy role's sampler of HAProxy (its stats socket).

    Attributes:
        source (str):
        socket (str): The stats socket read every second.
    """

    source: str
    socket: str

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        socket = self.socket

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
                "socket": socket,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source = d.pop("source")

        socket = d.pop("socket")

        proxy_sampling = cls(
            source=source,
            socket=socket,
        )

        return proxy_sampling
