from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.injector_summary_driver import InjectorSummaryDriver
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.drain import Drain
    from ..models.error_counts import ErrorCounts
    from ..models.latency_percentiles import LatencyPercentiles
    from ..models.open_loop_stats import OpenLoopStats
    from ..models.sql_benchmark import SqlBenchmark


T = TypeVar("T", bound="InjectorSummary")


@_attrs_define
class InjectorSummary:
    """One injector's view of the run.

    Attributes:
        requests (int): Requests completed or failed.
        successes (int): Requests with a 2xx reply.
        duration_s (float): Measured duration in seconds.
        rps (float): Successful requests per second.
        bytes_per_s (float): Bytes received per second.
        agent (str): The agent's name in its lab.
        driver (InjectorSummaryDriver):
        errors (ErrorCounts | Unset): Failed requests by kind; never hidden, never merged into one number.
        latency (LatencyPercentiles | None | Unset): None when nothing succeeded.
        histogram (None | str | Unset): base64 HdrHistogram V2 of the latency, microseconds, 3 significant digits.
        open_loop (None | OpenLoopStats | Unset): Open-loop drivers only: the schedule asked for vs what was sent.
        drain (Drain | None | Unset): Answers that arrived after the window (vegeta times each request); not in rps.
        sql (None | SqlBenchmark | Unset): mariadb-slap's own figures (SQL load only).
        warnings (list[str] | Unset): The tool's blind spots, e.g. 'wrk does not count connections that were never
            accepted'.
        stop_reason (None | str | Unset): Why the load stopped before its end (lease expired ...); None when it ran its
            course.
    """

    requests: int
    successes: int
    duration_s: float
    rps: float
    bytes_per_s: float
    agent: str
    driver: InjectorSummaryDriver
    errors: ErrorCounts | Unset = UNSET
    latency: LatencyPercentiles | None | Unset = UNSET
    histogram: None | str | Unset = UNSET
    open_loop: None | OpenLoopStats | Unset = UNSET
    drain: Drain | None | Unset = UNSET
    sql: None | SqlBenchmark | Unset = UNSET
    warnings: list[str] | Unset = UNSET
    stop_reason: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.drain import Drain
        from ..models.latency_percentiles import LatencyPercentiles
        from ..models.open_loop_stats import OpenLoopStats
        from ..models.sql_benchmark import SqlBenchmark

        requests = self.requests

        successes = self.successes

        duration_s = self.duration_s

        rps = self.rps

        bytes_per_s = self.bytes_per_s

        agent = self.agent

        driver = self.driver.value

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        latency: dict[str, Any] | None | Unset
        if isinstance(self.latency, Unset):
            latency = UNSET
        elif isinstance(self.latency, LatencyPercentiles):
            latency = self.latency.to_dict()
        else:
            latency = self.latency

        histogram: None | str | Unset
        if isinstance(self.histogram, Unset):
            histogram = UNSET
        else:
            histogram = self.histogram

        open_loop: dict[str, Any] | None | Unset
        if isinstance(self.open_loop, Unset):
            open_loop = UNSET
        elif isinstance(self.open_loop, OpenLoopStats):
            open_loop = self.open_loop.to_dict()
        else:
            open_loop = self.open_loop

        drain: dict[str, Any] | None | Unset
        if isinstance(self.drain, Unset):
            drain = UNSET
        elif isinstance(self.drain, Drain):
            drain = self.drain.to_dict()
        else:
            drain = self.drain

        sql: dict[str, Any] | None | Unset
        if isinstance(self.sql, Unset):
            sql = UNSET
        elif isinstance(self.sql, SqlBenchmark):
            sql = self.sql.to_dict()
        else:
            sql = self.sql

        warnings: list[str] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = self.warnings

        stop_reason: None | str | Unset
        if isinstance(self.stop_reason, Unset):
            stop_reason = UNSET
        else:
            stop_reason = self.stop_reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "requests": requests,
                "successes": successes,
                "duration_s": duration_s,
                "rps": rps,
                "bytes_per_s": bytes_per_s,
                "agent": agent,
                "driver": driver,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if latency is not UNSET:
            field_dict["latency"] = latency
        if histogram is not UNSET:
            field_dict["histogram"] = histogram
        if open_loop is not UNSET:
            field_dict["open_loop"] = open_loop
        if drain is not UNSET:
            field_dict["drain"] = drain
        if sql is not UNSET:
            field_dict["sql"] = sql
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if stop_reason is not UNSET:
            field_dict["stop_reason"] = stop_reason

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.drain import Drain
        from ..models.error_counts import ErrorCounts
        from ..models.latency_percentiles import LatencyPercentiles
        from ..models.open_loop_stats import OpenLoopStats
        from ..models.sql_benchmark import SqlBenchmark

        d = dict(src_dict)
        requests = d.pop("requests")

        successes = d.pop("successes")

        duration_s = d.pop("duration_s")

        rps = d.pop("rps")

        bytes_per_s = d.pop("bytes_per_s")

        agent = d.pop("agent")

        driver = InjectorSummaryDriver(d.pop("driver"))

        _errors = d.pop("errors", UNSET)
        errors: ErrorCounts | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ErrorCounts.from_dict(_errors)

        def _parse_latency(data: object) -> LatencyPercentiles | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                latency_type_0 = LatencyPercentiles.from_dict(data)

                return latency_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatencyPercentiles | None | Unset, data)

        latency = _parse_latency(d.pop("latency", UNSET))

        def _parse_histogram(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        histogram = _parse_histogram(d.pop("histogram", UNSET))

        def _parse_open_loop(data: object) -> None | OpenLoopStats | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                open_loop_type_0 = OpenLoopStats.from_dict(data)

                return open_loop_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpenLoopStats | Unset, data)

        open_loop = _parse_open_loop(d.pop("open_loop", UNSET))

        def _parse_drain(data: object) -> Drain | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                drain_type_0 = Drain.from_dict(data)

                return drain_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Drain | None | Unset, data)

        drain = _parse_drain(d.pop("drain", UNSET))

        def _parse_sql(data: object) -> None | SqlBenchmark | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sql_type_0 = SqlBenchmark.from_dict(data)

                return sql_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SqlBenchmark | Unset, data)

        sql = _parse_sql(d.pop("sql", UNSET))

        warnings = cast(list[str], d.pop("warnings", UNSET))

        def _parse_stop_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        stop_reason = _parse_stop_reason(d.pop("stop_reason", UNSET))

        injector_summary = cls(
            requests=requests,
            successes=successes,
            duration_s=duration_s,
            rps=rps,
            bytes_per_s=bytes_per_s,
            agent=agent,
            driver=driver,
            errors=errors,
            latency=latency,
            histogram=histogram,
            open_loop=open_loop,
            drain=drain,
            sql=sql,
            warnings=warnings,
            stop_reason=stop_reason,
        )

        return injector_summary
