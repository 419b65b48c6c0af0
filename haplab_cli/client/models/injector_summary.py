from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.injector_summary_driver import InjectorSummaryDriver
from ..models.injector_summary_start_source_type_0 import (
    InjectorSummaryStartSourceType0,
)
from ..models.injector_summary_window_source_type_0 import (
    InjectorSummaryWindowSourceType0,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.drain import Drain
    from ..models.error_counts import ErrorCounts
    from ..models.injector_share import InjectorShare
    from ..models.latency_percentiles import LatencyPercentiles
    from ..models.open_loop_stats import OpenLoopStats
    from ..models.sql_benchmark import SqlBenchmark
    from ..models.stage_result import StageResult
    from ..models.tool_cpu import ToolCpu


T = TypeVar("T", bound="InjectorSummary")


@_attrs_define
class InjectorSummary:
    """One injector's view of the run.

    Attributes:
        requests (int): Requests completed or failed (successes + errors).
        successes (int): Requests with a 2xx reply that completed in the window.
        duration_s (float): Seconds of the measured window the counts cover.
        rps (float): Successful requests per second of the window (successes / duration_s).
        bytes_per_s (float): Bytes received per second.
        agent (str): The agent's name in its lab.
        driver (InjectorSummaryDriver):
        errors (ErrorCounts | Unset): Failed requests by kind; never hidden, never merged into one number.
        latency (LatencyPercentiles | None | Unset): None when nothing succeeded or the tool measures no latency
            (latency_note).
        latency_note (None | str | Unset): Why there is no latency when there is none ('not measured by mariadb-slap').
        window_source (InjectorSummaryWindowSourceType0 | None | Unset): Where the window's counts come from:
            tool_records (the tool timed each request), proxy_counters (HAProxy's 2xx over the window's seconds),
            tool_totals (the tool's own totals over its own run). None in summaries recorded before it was kept.
        window_note (None | str | Unset): What the figures of the window are, when not plainly the tool's records of it.
        warmup_responses (int | None | Unset): 2xx answers that completed during the warm-up (before t0); in no rate.
            None: not known.
        histogram (None | str | Unset): base64 HdrHistogram V2 of the latency, microseconds, 3 significant digits.
        open_loop (None | OpenLoopStats | Unset): Open-loop drivers only: the schedule asked for vs what was sent.
        drain (Drain | None | Unset): 2xx answers that arrived after the window ended; not in rps. None: none, or not
            known.
        sql (None | SqlBenchmark | Unset): mariadb-slap's own figures (SQL load only).
        warnings (list[str] | Unset): The tool's blind spots, e.g. 'wrk does not count connections that were never
            accepted'.
        stop_reason (None | str | Unset): Why the load stopped before its end (lease expired ...); None when it ran its
            course.
        tool_cpu (None | ToolCpu | Unset): Whether the load tool got the CPU it wanted (None: not read, or an older
            agent).
        window_s (float | None | Unset): Seconds of the measured window this injector's load covered (from t0 to the
            window's end, or to where the tool stopped or finished); None in summaries recorded before it was kept.
        asked (InjectorShare | None | Unset): What this injector was asked to send: its share of the profile (or the
            whole of it). Set by the worker; None in summaries recorded before the split.
        stages (list[StageResult] | None | Unset): Per-stage figures of a staged load (LoadProfile.stages); None
            otherwise.
        started_at (datetime.datetime | None | Unset): When this injector's load began, on the API's clock (its own
            clock corrected by its measured offset, contract.clock): see start_source. None in summaries recorded before it
            was kept.
        start_source (InjectorSummaryStartSourceType0 | None | Unset): Where started_at comes from: first_request, the
            tool's own record of its first request's send time (vegeta, h2load); tool_started, the moment the agent started
            the tool (tools that keep no per-request send times).
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
    latency_note: None | str | Unset = UNSET
    window_source: InjectorSummaryWindowSourceType0 | None | Unset = UNSET
    window_note: None | str | Unset = UNSET
    warmup_responses: int | None | Unset = UNSET
    histogram: None | str | Unset = UNSET
    open_loop: None | OpenLoopStats | Unset = UNSET
    drain: Drain | None | Unset = UNSET
    sql: None | SqlBenchmark | Unset = UNSET
    warnings: list[str] | Unset = UNSET
    stop_reason: None | str | Unset = UNSET
    tool_cpu: None | ToolCpu | Unset = UNSET
    window_s: float | None | Unset = UNSET
    asked: InjectorShare | None | Unset = UNSET
    stages: list[StageResult] | None | Unset = UNSET
    started_at: datetime.datetime | None | Unset = UNSET
    start_source: InjectorSummaryStartSourceType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.drain import Drain
        from ..models.injector_share import InjectorShare
        from ..models.latency_percentiles import LatencyPercentiles
        from ..models.open_loop_stats import OpenLoopStats
        from ..models.sql_benchmark import SqlBenchmark
        from ..models.tool_cpu import ToolCpu

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

        latency_note: None | str | Unset
        if isinstance(self.latency_note, Unset):
            latency_note = UNSET
        else:
            latency_note = self.latency_note

        window_source: None | str | Unset
        if isinstance(self.window_source, Unset):
            window_source = UNSET
        elif isinstance(self.window_source, InjectorSummaryWindowSourceType0):
            window_source = self.window_source.value
        else:
            window_source = self.window_source

        window_note: None | str | Unset
        if isinstance(self.window_note, Unset):
            window_note = UNSET
        else:
            window_note = self.window_note

        warmup_responses: int | None | Unset
        if isinstance(self.warmup_responses, Unset):
            warmup_responses = UNSET
        else:
            warmup_responses = self.warmup_responses

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

        tool_cpu: dict[str, Any] | None | Unset
        if isinstance(self.tool_cpu, Unset):
            tool_cpu = UNSET
        elif isinstance(self.tool_cpu, ToolCpu):
            tool_cpu = self.tool_cpu.to_dict()
        else:
            tool_cpu = self.tool_cpu

        window_s: float | None | Unset
        if isinstance(self.window_s, Unset):
            window_s = UNSET
        else:
            window_s = self.window_s

        asked: dict[str, Any] | None | Unset
        if isinstance(self.asked, Unset):
            asked = UNSET
        elif isinstance(self.asked, InjectorShare):
            asked = self.asked.to_dict()
        else:
            asked = self.asked

        stages: list[dict[str, Any]] | None | Unset
        if isinstance(self.stages, Unset):
            stages = UNSET
        elif isinstance(self.stages, list):
            stages = []
            for stages_type_0_item_data in self.stages:
                stages_type_0_item = stages_type_0_item_data.to_dict()
                stages.append(stages_type_0_item)

        else:
            stages = self.stages

        started_at: None | str | Unset
        if isinstance(self.started_at, Unset):
            started_at = UNSET
        elif isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        start_source: None | str | Unset
        if isinstance(self.start_source, Unset):
            start_source = UNSET
        elif isinstance(self.start_source, InjectorSummaryStartSourceType0):
            start_source = self.start_source.value
        else:
            start_source = self.start_source

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
        if latency_note is not UNSET:
            field_dict["latency_note"] = latency_note
        if window_source is not UNSET:
            field_dict["window_source"] = window_source
        if window_note is not UNSET:
            field_dict["window_note"] = window_note
        if warmup_responses is not UNSET:
            field_dict["warmup_responses"] = warmup_responses
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
        if tool_cpu is not UNSET:
            field_dict["tool_cpu"] = tool_cpu
        if window_s is not UNSET:
            field_dict["window_s"] = window_s
        if asked is not UNSET:
            field_dict["asked"] = asked
        if stages is not UNSET:
            field_dict["stages"] = stages
        if started_at is not UNSET:
            field_dict["started_at"] = started_at
        if start_source is not UNSET:
            field_dict["start_source"] = start_source

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.drain import Drain
        from ..models.error_counts import ErrorCounts
        from ..models.injector_share import InjectorShare
        from ..models.latency_percentiles import LatencyPercentiles
        from ..models.open_loop_stats import OpenLoopStats
        from ..models.sql_benchmark import SqlBenchmark
        from ..models.stage_result import StageResult
        from ..models.tool_cpu import ToolCpu

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

        def _parse_latency_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        latency_note = _parse_latency_note(d.pop("latency_note", UNSET))

        def _parse_window_source(
            data: object,
        ) -> InjectorSummaryWindowSourceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                window_source_type_0 = InjectorSummaryWindowSourceType0(data)

                return window_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InjectorSummaryWindowSourceType0 | None | Unset, data)

        window_source = _parse_window_source(d.pop("window_source", UNSET))

        def _parse_window_note(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        window_note = _parse_window_note(d.pop("window_note", UNSET))

        def _parse_warmup_responses(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        warmup_responses = _parse_warmup_responses(d.pop("warmup_responses", UNSET))

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

        def _parse_tool_cpu(data: object) -> None | ToolCpu | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tool_cpu_type_0 = ToolCpu.from_dict(data)

                return tool_cpu_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolCpu | Unset, data)

        tool_cpu = _parse_tool_cpu(d.pop("tool_cpu", UNSET))

        def _parse_window_s(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        window_s = _parse_window_s(d.pop("window_s", UNSET))

        def _parse_asked(data: object) -> InjectorShare | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                asked_type_0 = InjectorShare.from_dict(data)

                return asked_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InjectorShare | None | Unset, data)

        asked = _parse_asked(d.pop("asked", UNSET))

        def _parse_stages(data: object) -> list[StageResult] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                stages_type_0 = []
                _stages_type_0 = data
                for stages_type_0_item_data in _stages_type_0:
                    stages_type_0_item = StageResult.from_dict(stages_type_0_item_data)

                    stages_type_0.append(stages_type_0_item)

                return stages_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[StageResult] | None | Unset, data)

        stages = _parse_stages(d.pop("stages", UNSET))

        def _parse_started_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        started_at = _parse_started_at(d.pop("started_at", UNSET))

        def _parse_start_source(
            data: object,
        ) -> InjectorSummaryStartSourceType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_source_type_0 = InjectorSummaryStartSourceType0(data)

                return start_source_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InjectorSummaryStartSourceType0 | None | Unset, data)

        start_source = _parse_start_source(d.pop("start_source", UNSET))

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
            latency_note=latency_note,
            window_source=window_source,
            window_note=window_note,
            warmup_responses=warmup_responses,
            histogram=histogram,
            open_loop=open_loop,
            drain=drain,
            sql=sql,
            warnings=warnings,
            stop_reason=stop_reason,
            tool_cpu=tool_cpu,
            window_s=window_s,
            asked=asked,
            stages=stages,
            started_at=started_at,
            start_source=start_source,
        )

        return injector_summary
