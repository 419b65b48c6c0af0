from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.clock_measurement import ClockMeasurement
    from ..models.host_sampling import HostSampling
    from ..models.proxy_sampling import ProxySampling


T = TypeVar("T", bound="SamplingStarted")


@_attrs_define
class SamplingStarted:
    """StartSampling's answer: the host's sampler, HAProxy's on a proxy agent, and the agent's clock.

    Attributes:
        host (HostSampling): The agent's own sampler of its host (CPU, memory, network), which every agent runs.
        proxy (None | ProxySampling | Unset):
        clock (ClockMeasurement | None | Unset): The agent's clock against the API's, measured as it started sampling
            (None: it could not).
    """

    host: HostSampling
    proxy: None | ProxySampling | Unset = UNSET
    clock: ClockMeasurement | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.clock_measurement import ClockMeasurement
        from ..models.proxy_sampling import ProxySampling

        host = self.host.to_dict()

        proxy: dict[str, Any] | None | Unset
        if isinstance(self.proxy, Unset):
            proxy = UNSET
        elif isinstance(self.proxy, ProxySampling):
            proxy = self.proxy.to_dict()
        else:
            proxy = self.proxy

        clock: dict[str, Any] | None | Unset
        if isinstance(self.clock, Unset):
            clock = UNSET
        elif isinstance(self.clock, ClockMeasurement):
            clock = self.clock.to_dict()
        else:
            clock = self.clock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "host": host,
            }
        )
        if proxy is not UNSET:
            field_dict["proxy"] = proxy
        if clock is not UNSET:
            field_dict["clock"] = clock

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.clock_measurement import ClockMeasurement
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

        def _parse_clock(data: object) -> ClockMeasurement | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                clock_type_0 = ClockMeasurement.from_dict(data)

                return clock_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClockMeasurement | None | Unset, data)

        clock = _parse_clock(d.pop("clock", UNSET))

        sampling_started = cls(
            host=host,
            proxy=proxy,
            clock=clock,
        )

        return sampling_started
