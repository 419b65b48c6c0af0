"""wrk 4.1.0: the most efficient closed-loop HTTP/1.1 keep-alive generator.

The agent runs `wrk -t -c -d --timeout --latency -s wrk_report.lua URL -- REPORT METHOD BODY
BUDGET WINDOW_START WINDOW_END`; the script's done() writes requests, bytes, duration, errors and
the full latency distribution (every distinct microsecond value with its count) as JSON, from
which the agent builds an exact HdrHistogram. No live samples: wrk reports only when it exits.

The measured window. wrk has no warm-up of its own: it runs warm-up + duration and its summary
covers all of it. The script's response() hook reads the wall clock at each response and counts
what completed inside [t0, t0 + duration) (2xx and other statuses), before it (the warm-up) and
after it (the few milliseconds wrk runs past the window, having started a little after
start_at): those are the window's successes and non-2xx. What the hook cannot see stays wrk's
whole run, and the summary says so: socket errors (connect, read, write, timeout), the bytes
and the latency distribution. The hook's cost is measured in docs/benchmarks.md.

wrk 4 applies a coordinated-omission correction before done() sees the distribution: for a
"expected interval" e = duration / (requests / connections), every recorded value v >= 2e also
adds one synthetic sample at v-e, v-2e, ... down to > e (stats_correct in wrk's stats.c). So
its counts exceed the requests and its printed percentiles differ from hey's and h2load's. The
correction is exactly invertible: for m > e, raw[m] = corrected[m] - corrected[m + e]; the
agent undoes it, so the histogram counts real responses (its total equals the responses that
arrived within the timeout) and percentiles compare across drivers. wrk's own corrected
percentiles are used only when the distribution could not be read.

What wrk counts, and what it hides (surfaced as warnings):
- errors: connect, read, write, timeout, status. status counts replies >= 400 only: 1xx/3xx
  count as successes. A timeout is counted per stuck connection at each of wrk's periodic
  checks (and once more for a reply that arrives late), not once per request.
- Connections that were never accepted (a full listen backlog) can vanish from its report:
  0 errors while most clients starved. The agent estimates how many connections were really
  served (Little's law: response rate x mean latency) and warns when that is far below the
  connections asked for.
- Latencies include replies >= 400 (wrk times every response).
- Each thread gets connections // threads connections: a remainder is never opened.
- --timeout takes whole seconds; HEAD is refused (wrk waits for a body that never comes).
- bytes_per_s counts every byte read (headers included), over wrk's own duration.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, ClassVar

from agents.drivers.base import (
    OVERRUN_GRACE_S,
    LoadDriver,
    MeasuredWindow,
    Outcome,
    OutputUnreadableError,
    ToolRun,
    UnsupportedProfileError,
    idle_connections_warning,
    request_url,
    rounded_timeout_warning,
    whole_seconds,
    write_body,
)
from agents.privileges import create_file, read_text
from common.latency_histograms import encode, histogram_of, percentiles
from contract.drivers import DriverName
from contract.load import LoadProfile
from contract.results import Drain, ErrorCounts, LatencyPercentiles

SCRIPT = Path(__file__).with_name("wrk_report.lua")
SCRIPT_FILE = "wrk_report.lua"  # its copy in the run's directory, where the load user reads it
REPORT_FILE = "wrk-report.json"
DISTRIBUTION_BUDGET_S = 10  # CPU seconds wrk may spend exporting its latency distribution


def undo_correction(
    corrected: dict[int, int], duration_us: int, requests: int, connections: int
) -> dict[int, int] | None:
    """The recorded latencies before wrk's coordinated-omission correction; None if inconsistent."""
    if connections <= 0 or requests // connections == 0:
        return dict(corrected)  # wrk corrects only when requests / connections > 0
    expected = duration_us // (requests // connections)
    if expected <= 0:
        return dict(corrected)
    raw = {}
    for value, count in corrected.items():
        original = count - corrected.get(value + expected, 0) if value > expected else count
        if original < 0:
            return None
        if original:
            raw[value] = original
    return raw


class WrkDriver(LoadDriver):
    name: ClassVar[DriverName] = "wrk"
    binary = "wrk"
    version_args = ("-v",)
    version_pattern = r"wrk (?:debian/)?v?([0-9][0-9.]*)"
    package = "wrk"

    def check_tool(self, profile: LoadProfile) -> None:
        if profile.method == "HEAD":
            raise UnsupportedProfileError(
                "method: wrk cannot read replies to HEAD (it waits for a body); use hey"
            )

    def command(
        self, profile: LoadProfile, target_url: str, workdir: Path, window: MeasuredWindow | None = None
    ) -> list[str]:
        self.check(profile)
        url = request_url(profile, target_url)
        argv = [
            self.binary,
            "-t",
            str(profile.threads),
            "-c",
            str(profile.connections),
            "-d",
            f"{profile.total_seconds}s",
            "--timeout",
            f"{whole_seconds(profile.request_timeout_s)}s",
            "--latency",
            "-s",
            str(create_file(workdir / SCRIPT_FILE, SCRIPT.read_bytes(), 0o600)),
        ]
        for name, value in profile.headers.items():
            argv += ["-H", f"{name}: {value}"]
        body = write_body(profile, workdir)
        method = "" if profile.method == "GET" else profile.method
        argv += [url, "--", str(workdir / REPORT_FILE), method, str(body or ""), str(DISTRIBUTION_BUDGET_S)]
        if window is not None:
            argv += [f"{window.start:.6f}", f"{window.end:.6f}"]
        return argv

    def run_limit_s(self, profile: LoadProfile) -> float:
        # wrk stops at its duration, then may spend the distribution budget exporting latencies.
        return profile.total_seconds + DISTRIBUTION_BUDGET_S + OVERRUN_GRACE_S

    def blind_spots(self, profile: LoadProfile) -> list[str]:
        spots = [
            "wrk does not count connections that were never accepted: compare with the proxy's counters",
            "wrk counts only replies >= 400 as errors (1xx/3xx count as successes)",
            "wrk counts a timeout per stuck connection per check, not per request",
        ]
        opened = (profile.connections // profile.threads) * profile.threads
        if opened != profile.connections:
            spots.append(
                f"wrk opens connections // threads per thread: {opened} of {profile.connections} connections"
            )
        return spots + rounded_timeout_warning("wrk", profile)

    def outcome(self, run: ToolRun) -> Outcome:
        report = _read_report(run.workdir / REPORT_FILE)
        errors_in = report["errors"]
        requests = int(report["requests"])
        duration_us = int(report["duration_us"])
        duration_s = duration_us / 1e6
        status_errors = int(errors_in["status"])
        warnings: list[str] = []
        latency: LatencyPercentiles | None
        histogram: str | None = None
        raw = _raw_distribution(report, duration_us, requests, run.profile.connections, warnings)
        # Replies slower than --timeout complete (wrk reads them) but are not recorded: wrk counts
        # them as timeouts. The response hook cannot time a request, so the window leaves them out.
        late = int(errors_in["timeout"])
        if raw is not None:
            recorded = histogram_of(raw.items())
            late = max(0, requests - recorded.get_total_count())
            successes = max(0, recorded.get_total_count() - status_errors)
            latency = percentiles(recorded)
            histogram = encode(recorded) if recorded.get_total_count() else None
            mean_s = recorded.get_mean_value() / 1e6 if recorded.get_total_count() else 0.0
            served = recorded.get_total_count() / duration_s * mean_s if duration_s > 0 else 0.0
        else:
            successes = max(0, requests - status_errors - int(errors_in["timeout"]))
            latency = _corrected_percentiles(report["corrected"]) if requests else None
            served = (
                requests / duration_s * float(report["corrected"]["mean"]) / 1e6 if duration_s > 0 else 0.0
            )
        if status_errors:
            warnings.append("wrk's latencies include the replies >= 400")
        errors = ErrorCounts(
            connect=int(errors_in["connect"]),
            timeout=int(errors_in["timeout"]),
            non_2xx=status_errors,
            other=int(errors_in["read"]) + int(errors_in["write"]),
        )
        warnings += _starvation(served, run.profile, errors)
        outcome = Outcome(
            successes=successes,
            errors=errors,
            duration_s=duration_s,
            bytes_received=int(report["bytes"]),
            latency=latency,
            histogram=histogram,
            warnings=warnings,
            window_note=(
                "wrk's own totals over its whole run, the warm-up included: the run's window was not known"
            ),
        )
        window = run.measured
        counted = report.get("window")
        if window is None or counted is None:
            return outcome
        return _in_window(outcome, counted, window, late)


def _in_window(outcome: Outcome, counted: dict[str, Any], window: MeasuredWindow, late: int) -> Outcome:
    """The outcome of the window: the response hook's counts of what completed inside it.

    What the hook cannot see stays wrk's whole run: the latency distribution, the socket errors,
    the bytes (wrk counts every byte read: a rate over its own duration). A reply that came after
    the request timeout is a timeout for wrk; the hook saw it complete without knowing how long it
    took, so each is taken out of the window's successes (all of them: never more successes than
    the window had)."""
    socket_errors = outcome.errors.model_copy(update={"non_2xx": int(counted["other"])})
    ok, after = int(counted["ok"]), int(counted["after_ok"])
    warnings = [
        *outcome.warnings,
        "wrk's latency distribution, its socket errors (connect, read, write, timeout) and its bytes "
        "cover its whole run, the warm-up included; its successes and non-2xx are the window's",
    ]
    if late and ok:
        warnings.append(
            f"{late} repl{'y' if late == 1 else 'ies'} came after the request timeout (wrk's timeouts): "
            "not counted as the window's successes"
        )
    return dataclasses.replace(
        outcome,
        successes=max(0, ok - late),
        errors=socket_errors,
        duration_s=window.seconds,
        bytes_span_s=outcome.duration_s,
        warnings=warnings,
        window_source="tool_records",
        window_note=None,
        warmup_responses=int(counted["before_ok"]),
        drain=Drain(responses=after, last_after_s=round(float(counted["last_after_s"]), 3))
        if after
        else None,
    )


def _read_report(path: Path) -> dict[str, Any]:
    try:
        report: dict[str, Any] = json.loads(read_text(path))
    except FileNotFoundError:
        raise OutputUnreadableError("wrk wrote no report (it was stopped before its summary)") from None
    except (OSError, ValueError) as exc:
        raise OutputUnreadableError(f"wrk's report is unreadable: {exc}") from exc
    return report


def _raw_distribution(
    report: dict[str, Any], duration_us: int, requests: int, connections: int, warnings: list[str]
) -> dict[int, int] | None:
    pairs = report.get("distribution")
    if pairs is None:
        reason = report.get("distribution_error", "missing")
        warnings.append(
            f"wrk's latency distribution was not exported ({reason}): no histogram, "
            "percentiles are wrk's own (coordinated-omission corrected)"
        )
        return None
    corrected = {int(value): int(count) for value, count in pairs}
    raw = undo_correction(corrected, duration_us, requests, connections)
    if raw is None:
        warnings.append(
            "wrk's coordinated-omission correction could not be undone: no histogram, "
            "percentiles are wrk's own (corrected)"
        )
    return raw


def _corrected_percentiles(corrected: dict[str, Any]) -> LatencyPercentiles:
    def ms(key: str) -> float:
        return round(float(corrected[key]) / 1000.0, 3)

    return LatencyPercentiles(
        p50=ms("p50"),
        p90=ms("p90"),
        p95=ms("p95") if "p95" in corrected else None,
        p99=ms("p99"),
        p999=ms("p99.9"),
        max=ms("max"),
        mean=ms("mean"),
    )


def _starvation(served: float, profile: LoadProfile, errors: ErrorCounts) -> list[str]:
    if errors.connect or errors.timeout:
        return []  # wrk saw connections fail or wait: they are counted, not hidden
    opened = (profile.connections // profile.threads) * profile.threads
    return idle_connections_warning("wrk", served, opened)
