from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.analysis_point_bound_type_0 import AnalysisPointBoundType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.analysis_point_params import AnalysisPointParams


T = TypeVar("T", bound="AnalysisPoint")


@_attrs_define
class AnalysisPoint:
    """One sweep point: its repetitions' results averaged, and Little's law applied to them.

    Attributes:
        point_index (int):
        params (AnalysisPointParams): The swept values of this point, by dotted path.
        run_ids (list[int]): The runs read: succeeded ones (and partial ones with include_partial) with a summary.
        rps (float | None): Successful requests per second, mean over repetitions.
        error_pct (float | None): Failed requests, % of all requests, mean over repetitions.
        latency_mean_ms (float | None): Client latency of successes, mean.
        latency_p50_ms (float | None): Client latency of successes, median.
        proxy_ttime_ms (float | None): HAProxy's mean total session time (ttime).
        connections (int | None): Client connections (load.connections).
        offered_rps (float | None): Requested rate of an open loop (load.rate); None: closed loop.
        maxconn (int | None): The entry point's client connection limit.
        in_flight (float | None): Little's law on what was measured: HAProxy's requests per second of the measured
            window x its ttime (the runs' mean; without HAProxy's count the clients' rps, without ttime their latency).
        concurrency_needed (float | None): Requests the load wants in flight: the clients (closed loop), or rate x p50
            latency.
        recommended_maxconn (int | None): A maxconn that holds concurrency_needed.
        maxconn_sufficient (bool | None): maxconn >= concurrency_needed.
        bound (AnalysisPointBoundType0 | None): The most frequent verdict of the point's runs.
        verdict (None | str): That verdict's sentence (from one of the runs).
        rps_runs (list[float] | Unset): Each repetition's rps, in run order.
        rps_stddev (float | None | Unset): Sample standard deviation of rps_runs.
        rps_ci_low (float | None | Unset): 95% confidence interval of the mean rps (Student's t); None with one run.
        rps_ci_high (float | None | Unset): Upper end of that interval.
        noisy (bool | Unset): The rps interval is wider than +-10% of its mean: too wide to conclude. Default: False.
        injector_bound_run_ids (list[int] | Unset): The point's runs whose injectors, not HAProxy, were the limit
            (verdict injector-bound): the point's throughput is theirs, so no knee is read at or past it.
    """

    point_index: int
    params: AnalysisPointParams
    run_ids: list[int]
    rps: float | None
    error_pct: float | None
    latency_mean_ms: float | None
    latency_p50_ms: float | None
    proxy_ttime_ms: float | None
    connections: int | None
    offered_rps: float | None
    maxconn: int | None
    in_flight: float | None
    concurrency_needed: float | None
    recommended_maxconn: int | None
    maxconn_sufficient: bool | None
    bound: AnalysisPointBoundType0 | None
    verdict: None | str
    rps_runs: list[float] | Unset = UNSET
    rps_stddev: float | None | Unset = UNSET
    rps_ci_low: float | None | Unset = UNSET
    rps_ci_high: float | None | Unset = UNSET
    noisy: bool | Unset = False
    injector_bound_run_ids: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        point_index = self.point_index

        params = self.params.to_dict()

        run_ids = self.run_ids

        rps: float | None
        rps = self.rps

        error_pct: float | None
        error_pct = self.error_pct

        latency_mean_ms: float | None
        latency_mean_ms = self.latency_mean_ms

        latency_p50_ms: float | None
        latency_p50_ms = self.latency_p50_ms

        proxy_ttime_ms: float | None
        proxy_ttime_ms = self.proxy_ttime_ms

        connections: int | None
        connections = self.connections

        offered_rps: float | None
        offered_rps = self.offered_rps

        maxconn: int | None
        maxconn = self.maxconn

        in_flight: float | None
        in_flight = self.in_flight

        concurrency_needed: float | None
        concurrency_needed = self.concurrency_needed

        recommended_maxconn: int | None
        recommended_maxconn = self.recommended_maxconn

        maxconn_sufficient: bool | None
        maxconn_sufficient = self.maxconn_sufficient

        bound: None | str
        if isinstance(self.bound, AnalysisPointBoundType0):
            bound = self.bound.value
        else:
            bound = self.bound

        verdict: None | str
        verdict = self.verdict

        rps_runs: list[float] | Unset = UNSET
        if not isinstance(self.rps_runs, Unset):
            rps_runs = self.rps_runs

        rps_stddev: float | None | Unset
        if isinstance(self.rps_stddev, Unset):
            rps_stddev = UNSET
        else:
            rps_stddev = self.rps_stddev

        rps_ci_low: float | None | Unset
        if isinstance(self.rps_ci_low, Unset):
            rps_ci_low = UNSET
        else:
            rps_ci_low = self.rps_ci_low

        rps_ci_high: float | None | Unset
        if isinstance(self.rps_ci_high, Unset):
            rps_ci_high = UNSET
        else:
            rps_ci_high = self.rps_ci_high

        noisy = self.noisy

        injector_bound_run_ids: list[int] | Unset = UNSET
        if not isinstance(self.injector_bound_run_ids, Unset):
            injector_bound_run_ids = self.injector_bound_run_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "point_index": point_index,
                "params": params,
                "run_ids": run_ids,
                "rps": rps,
                "error_pct": error_pct,
                "latency_mean_ms": latency_mean_ms,
                "latency_p50_ms": latency_p50_ms,
                "proxy_ttime_ms": proxy_ttime_ms,
                "connections": connections,
                "offered_rps": offered_rps,
                "maxconn": maxconn,
                "in_flight": in_flight,
                "concurrency_needed": concurrency_needed,
                "recommended_maxconn": recommended_maxconn,
                "maxconn_sufficient": maxconn_sufficient,
                "bound": bound,
                "verdict": verdict,
            }
        )
        if rps_runs is not UNSET:
            field_dict["rps_runs"] = rps_runs
        if rps_stddev is not UNSET:
            field_dict["rps_stddev"] = rps_stddev
        if rps_ci_low is not UNSET:
            field_dict["rps_ci_low"] = rps_ci_low
        if rps_ci_high is not UNSET:
            field_dict["rps_ci_high"] = rps_ci_high
        if noisy is not UNSET:
            field_dict["noisy"] = noisy
        if injector_bound_run_ids is not UNSET:
            field_dict["injector_bound_run_ids"] = injector_bound_run_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.analysis_point_params import AnalysisPointParams

        d = dict(src_dict)
        point_index = d.pop("point_index")

        params = AnalysisPointParams.from_dict(d.pop("params"))

        run_ids = cast(list[int], d.pop("run_ids"))

        def _parse_rps(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rps = _parse_rps(d.pop("rps"))

        def _parse_error_pct(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        error_pct = _parse_error_pct(d.pop("error_pct"))

        def _parse_latency_mean_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_mean_ms = _parse_latency_mean_ms(d.pop("latency_mean_ms"))

        def _parse_latency_p50_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        latency_p50_ms = _parse_latency_p50_ms(d.pop("latency_p50_ms"))

        def _parse_proxy_ttime_ms(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        proxy_ttime_ms = _parse_proxy_ttime_ms(d.pop("proxy_ttime_ms"))

        def _parse_connections(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        connections = _parse_connections(d.pop("connections"))

        def _parse_offered_rps(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        offered_rps = _parse_offered_rps(d.pop("offered_rps"))

        def _parse_maxconn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        maxconn = _parse_maxconn(d.pop("maxconn"))

        def _parse_in_flight(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        in_flight = _parse_in_flight(d.pop("in_flight"))

        def _parse_concurrency_needed(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        concurrency_needed = _parse_concurrency_needed(d.pop("concurrency_needed"))

        def _parse_recommended_maxconn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        recommended_maxconn = _parse_recommended_maxconn(d.pop("recommended_maxconn"))

        def _parse_maxconn_sufficient(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        maxconn_sufficient = _parse_maxconn_sufficient(d.pop("maxconn_sufficient"))

        def _parse_bound(data: object) -> AnalysisPointBoundType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bound_type_0 = AnalysisPointBoundType0(data)

                return bound_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AnalysisPointBoundType0 | None, data)

        bound = _parse_bound(d.pop("bound"))

        def _parse_verdict(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        verdict = _parse_verdict(d.pop("verdict"))

        rps_runs = cast(list[float], d.pop("rps_runs", UNSET))

        def _parse_rps_stddev(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rps_stddev = _parse_rps_stddev(d.pop("rps_stddev", UNSET))

        def _parse_rps_ci_low(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rps_ci_low = _parse_rps_ci_low(d.pop("rps_ci_low", UNSET))

        def _parse_rps_ci_high(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        rps_ci_high = _parse_rps_ci_high(d.pop("rps_ci_high", UNSET))

        noisy = d.pop("noisy", UNSET)

        injector_bound_run_ids = cast(list[int], d.pop("injector_bound_run_ids", UNSET))

        analysis_point = cls(
            point_index=point_index,
            params=params,
            run_ids=run_ids,
            rps=rps,
            error_pct=error_pct,
            latency_mean_ms=latency_mean_ms,
            latency_p50_ms=latency_p50_ms,
            proxy_ttime_ms=proxy_ttime_ms,
            connections=connections,
            offered_rps=offered_rps,
            maxconn=maxconn,
            in_flight=in_flight,
            concurrency_needed=concurrency_needed,
            recommended_maxconn=recommended_maxconn,
            maxconn_sufficient=maxconn_sufficient,
            bound=bound,
            verdict=verdict,
            rps_runs=rps_runs,
            rps_stddev=rps_stddev,
            rps_ci_low=rps_ci_low,
            rps_ci_high=rps_ci_high,
            noisy=noisy,
            injector_bound_run_ids=injector_bound_run_ids,
        )

        analysis_point.additional_properties = d
        return analysis_point

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
