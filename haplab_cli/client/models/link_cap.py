from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkCap")


@_attrs_define
class LinkCap:
    """One interface of the proxy host, capped on egress (what the proxy sends through it).

    Attributes:
        interface (str): Interface on the proxy host, e.g. veth-inj (the local lab's link to the injector).
        rate_mbit (float): Egress bandwidth cap in Mbit/s (tc tbf), e.g. 180 for a t2.micro.
        delay_ms (float | None | Unset): Added one-way delay in ms; needs netem on the proxy host.
        loss_pct (float | None | Unset): Packets dropped at random, in %; needs netem on the proxy host.
    """

    interface: str
    rate_mbit: float
    delay_ms: float | None | Unset = UNSET
    loss_pct: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        interface = self.interface

        rate_mbit = self.rate_mbit

        delay_ms: float | None | Unset
        if isinstance(self.delay_ms, Unset):
            delay_ms = UNSET
        else:
            delay_ms = self.delay_ms

        loss_pct: float | None | Unset
        if isinstance(self.loss_pct, Unset):
            loss_pct = UNSET
        else:
            loss_pct = self.loss_pct

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "interface": interface,
                "rate_mbit": rate_mbit,
            }
        )
        if delay_ms is not UNSET:
            field_dict["delay_ms"] = delay_ms
        if loss_pct is not UNSET:
            field_dict["loss_pct"] = loss_pct

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        interface = d.pop("interface")

        rate_mbit = d.pop("rate_mbit")

        def _parse_delay_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        delay_ms = _parse_delay_ms(d.pop("delay_ms", UNSET))

        def _parse_loss_pct(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        loss_pct = _parse_loss_pct(d.pop("loss_pct", UNSET))

        link_cap = cls(
            interface=interface,
            rate_mbit=rate_mbit,
            delay_ms=delay_ms,
            loss_pct=loss_pct,
        )

        return link_cap
