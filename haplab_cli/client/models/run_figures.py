from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RunFigures")


@_attrs_define
class RunFigures:
    """A run's headline figures by metric key; None while it has no summary, or where its summary
    holds none (p95 of runs recorded before p95 was kept, error % of a run without requests).

        Attributes:
            rps (float | None):
            latency_p50_ms (float | None):
            latency_p95_ms (float | None):
            latency_p99_ms (float | None):
            error_pct (float | None):
            proxy_max_conn_rate (float | None):
            tw_p99_ms (float | None):
            tr_p99_ms (float | None):
    """

    rps: float | None
    latency_p50_ms: float | None
    latency_p95_ms: float | None
    latency_p99_ms: float | None
    error_pct: float | None
    proxy_max_conn_rate: float | None
    tw_p99_ms: float | None
    tr_p99_ms: float | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rps: float | None
        rps = self.rps

        latency_p50_ms: float | None
        latency_p50_ms = self.latency_p50_ms

        latency_p95_ms: float | None
        latency_p95_ms = self.latency_p95_ms

        latency_p99_ms: float | None
        latency_p99_ms = self.latency_p99_ms

        error_pct: float | None
        error_pct = self.error_pct

        proxy_max_conn_rate: float | None
        proxy_max_conn_rate = self.proxy_max_conn_rate

        tw_p99_ms: float | None
        tw_p99_ms = self.tw_p99_ms

        tr_p99_ms: float | None
        tr_p99_ms = self.tr_p99_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rps": rps,
                "latency_p50_ms": latency_p50_ms,
                "latency_p95_ms": latency_p95_ms,
                "latency_p99_ms": latency_p99_ms,
                "error_pct": error_pct,
                "proxy_max_conn_rate": proxy_max_conn_rate,
                "tw_p99_ms": tw_p99_ms,
                "tr_p99_ms": tr_p99_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_rps(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rps = _parse_rps(d.pop("rps"))

        def _parse_latency_p50_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_p50_ms = _parse_latency_p50_ms(d.pop("latency_p50_ms"))

        def _parse_latency_p95_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_p95_ms = _parse_latency_p95_ms(d.pop("latency_p95_ms"))

        def _parse_latency_p99_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_p99_ms = _parse_latency_p99_ms(d.pop("latency_p99_ms"))

        def _parse_error_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        error_pct = _parse_error_pct(d.pop("error_pct"))

        def _parse_proxy_max_conn_rate(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        proxy_max_conn_rate = _parse_proxy_max_conn_rate(d.pop("proxy_max_conn_rate"))

        def _parse_tw_p99_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        tw_p99_ms = _parse_tw_p99_ms(d.pop("tw_p99_ms"))

        def _parse_tr_p99_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        tr_p99_ms = _parse_tr_p99_ms(d.pop("tr_p99_ms"))

        run_figures = cls(
            rps=rps,
            latency_p50_ms=latency_p50_ms,
            latency_p95_ms=latency_p95_ms,
            latency_p99_ms=latency_p99_ms,
            error_pct=error_pct,
            proxy_max_conn_rate=proxy_max_conn_rate,
            tw_p99_ms=tw_p99_ms,
            tr_p99_ms=tr_p99_ms,
        )

        run_figures.additional_properties = d
        return run_figures

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
