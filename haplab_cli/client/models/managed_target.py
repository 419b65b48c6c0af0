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

from ..models.managed_target_protocol import ManagedTargetProtocol
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.endpoint import Endpoint


T = TypeVar("T", bound="ManagedTarget")


@_attrs_define
class ManagedTarget:
    """Synthetic upstream servers started by the lab's target agent.

    Attributes:
        kind (Literal['managed'] | Unset):  Default: 'managed'.
        servers (int | Unset): How many server processes (one port each). Default: 1.
        protocol (ManagedTargetProtocol | Unset): h1 = HTTP/1.1; h2c = HTTP/2 without TLS (prior knowledge), for `proto
            h2` servers. Default: ManagedTargetProtocol.H1.
        tls (bool | Unset): Servers listen with TLS using the lab certificate (for `ssl` servers). Default: False.
        endpoints (list[Endpoint] | Unset): Paths every server answers; other paths get 404.
    """

    kind: Literal["managed"] | Unset = "managed"
    servers: int | Unset = 1
    protocol: ManagedTargetProtocol | Unset = ManagedTargetProtocol.H1
    tls: bool | Unset = False
    endpoints: list[Endpoint] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        servers = self.servers

        protocol: str | Unset = UNSET
        if not isinstance(self.protocol, Unset):
            protocol = self.protocol.value

        tls = self.tls

        endpoints: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.endpoints, Unset):
            endpoints = []
            for endpoints_item_data in self.endpoints:
                endpoints_item = endpoints_item_data.to_dict()
                endpoints.append(endpoints_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if kind is not UNSET:
            field_dict["kind"] = kind
        if servers is not UNSET:
            field_dict["servers"] = servers
        if protocol is not UNSET:
            field_dict["protocol"] = protocol
        if tls is not UNSET:
            field_dict["tls"] = tls
        if endpoints is not UNSET:
            field_dict["endpoints"] = endpoints

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.endpoint import Endpoint

        d = dict(src_dict)
        kind = cast(Literal["managed"] | Unset, d.pop("kind", UNSET))
        if kind != "managed" and not isinstance(kind, Unset):
            raise ValueError(f"kind must match const 'managed', got '{kind}'")

        servers = d.pop("servers", UNSET)

        _protocol = d.pop("protocol", UNSET)
        protocol: ManagedTargetProtocol | Unset
        if isinstance(_protocol, Unset):
            protocol = UNSET
        else:
            protocol = ManagedTargetProtocol(_protocol)

        tls = d.pop("tls", UNSET)

        _endpoints = d.pop("endpoints", UNSET)
        endpoints: list[Endpoint] | Unset = UNSET
        if _endpoints is not UNSET:
            endpoints = []
            for endpoints_item_data in _endpoints:
                endpoints_item = Endpoint.from_dict(endpoints_item_data)

                endpoints.append(endpoints_item)

        managed_target = cls(
            kind=kind,
            servers=servers,
            protocol=protocol,
            tls=tls,
            endpoints=endpoints,
        )

        return managed_target
