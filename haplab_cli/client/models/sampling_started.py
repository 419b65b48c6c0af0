from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.host_sampling import HostSampling
    from ..models.proxy_sampling import ProxySampling


T = TypeVar("T", bound="SamplingStarted")


@_attrs_define
class SamplingStarted:
    """StartSampling's answer: the host's sampler, and HAProxy's on a proxy agent.

    Attributes:
        host (HostSampling): The agent's own sampler of its host (CPU, memory, network), which every agent runs.
        proxy (None | ProxySampling | Unset):
    """

    host: HostSampling
    proxy: None | ProxySampling | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.proxy_sampling import ProxySampling

        host = self.host.to_dict()

        proxy: dict[str, Any] | None | Unset
        if isinstance(self.proxy, Unset):
            proxy = UNSET
        elif isinstance(self.proxy, ProxySampling):
            proxy = self.proxy.to_dict()
        else:
            proxy = self.proxy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "host": host,
            }
        )
        if proxy is not UNSET:
            field_dict["proxy"] = proxy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.host_sampling import HostSampling
        from ..models.proxy_sampling import ProxySampling

        d = dict(src_dict)
        host = HostSampling.from_dict(d.pop("host"))

        def _parse_proxy(data: object) -> None | ProxySampling | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                proxy_type_0 = ProxySampling.from_dict(data)

                return proxy_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProxySampling | Unset, data)

        proxy = _parse_proxy(d.pop("proxy", UNSET))

        sampling_started = cls(
            host=host,
            proxy=proxy,
        )

        return sampling_started
