"""hey 0.1.4: Go HTTP load generator with clear error reasons and keep-alive off.

Which output, and why. hey prints ONE of two reports, never both:
- the text summary (default): exact counts of every response by status code and of every
  failed request by its error text ("dial tcp ...: connection refused", "Client.Timeout
  exceeded ..."), the run's total time, slowest/fastest/average, and the 10/25/50/75/90/95/99 %
  latencies (0.1 ms resolution). No p99.9 and no per-request latencies.
- `-o csv`: one row per response (latency, status) - but rows only for requests that got a
  response: connect errors and timeouts are not in it at all, and neither is any total.
Errors counted by kind are the point of using hey (overload experiments), so the agent parses
the TEXT summary. The price, surfaced as warnings in every hey summary:
- p99.9 is not measured: it is reported as the slowest request (an upper bound, never lower
  than the truth), and so is p99 when fewer than 100 responses came back;
- no histogram: hey's summary has no per-request latencies to build one from, so a run of
  several hey injectors has no merged percentiles (worker/summaries.py merge_injectors says why;
  each injector's own stay on its row). tests/agents/test_drivers.py holds the installed hey to
  the reason: its csv has no row for a failed request;
- hey's percentiles include non-2xx replies (it times every response);
- hey keeps per-response details (status, latency) for the first 1,000,000 responses only;
  beyond that the status counts are scaled from hey's own request total.

The measured window. hey's text summary says nothing of WHEN each request completed, and its
Total includes the warm-up and the wait for requests still in flight after `-z` (up to the
client timeout: connections HAProxy never accepted wait for all of it). So an injector's hey
summary is hey's own run (`window_source` tool_totals, its Total as duration_s), and the run's
total takes the window's successes from HAProxy's 2xx over the measured seconds
(worker/summaries.py, `window_source` proxy_counters). The `-o csv` rows would time each
response (offset + duration), but hey prints them INSTEAD of the summary and leaves out every
failed request, which is what hey is here for.

HAProxy's counters are read once a second, at t0 + n plus the few milliseconds its sampler takes
to wake. A closed loop on a timer-bound endpoint (the lab's 1 s /slow) completes its requests in
batches, one every delay after the tool's start: started a whole number of seconds before t0, a
batch lands on a reading, and which second counts it is a coin toss (68 of 60 was seen at the
window's end). So the injector starts hey START_LEAD_S before start_at (its warm-up that much
longer, `-z` that much longer, the window unchanged): batches of whole-second and of the usual
fractional delays (0.5, 0.25, 0.2, 0.1, 0.05 s) then complete at least 30 ms from any reading.

Semantics worth knowing:
- `-z` stops starting requests after the duration but lets in-flight ones finish, so hey's
  Total can exceed the duration: an injector's rps here is successes / Total.
- hey's "Requests/sec" counts errors as requests; the agent ignores it (rps = successes/s),
  and uses it only to recover the response total past the 1,000,000 cap.
- `-q` is a rate PER WORKER: profile.rate / connections goes to -q. Each worker waits for its
  reply before the next tick, so a slow reply delays it (not a true open loop).
- `-t` takes whole seconds (0 = never); timeouts are rounded up.
- HTTP/2 (`-h2`) only works over TLS (ALPN): on http:// hey silently speaks HTTP/1.1, so h2c
  is refused (use h2load).
- Redirects are not followed and compression is not requested, so every request is one
  exchange with the proxy, as with wrk and h2load.
- bytes_per_s counts response bodies with a Content-Length only (what hey adds up).
- All workers share one connection pool that keeps at most 500 idle connections, so above 500
  workers with keep-alive some connections are reopened between requests (warned).
No live samples: hey reports only when it exits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from agents.drivers.base import (
    OVERRUN_GRACE_S,
    LoadDriver,
    MeasuredWindow,
    Outcome,
    OutputUnreadableError,
    ToolRun,
    UnsupportedProfileError,
    format_number,
    request_url,
    rounded_timeout_warning,
    whole_seconds,
    write_body,
)
from contract.drivers import DriverName
from contract.load import LoadProfile
from contract.results import ErrorCounts, LatencyPercentiles

DETAIL_CAP = 1_000_000  # hey's maxRes: responses whose status and latency it keeps
WHOLE_RUN_NOTE = (
    "hey's own run: it cannot tell when each request completed, so its counts include the warm-up "
    "and the requests it waited for after the window, over its Total"
)
IDLE_POOL_CAP = 500  # hey's maxIdleConn: idle connections its shared pool keeps per host
START_LEAD_S = 0.37  # hey starts this long before start_at: off the phase of HAProxy's readings

_SUMMARY_VALUE = re.compile(
    r"^\s+(Total|Slowest|Fastest|Average|Requests/sec|Total data):\s+(\S+)", re.MULTILINE
)
_PERCENTILE = re.compile(r"^\s+(\d+)% in (\d+\.\d+) secs", re.MULTILINE)
_STATUS = re.compile(r"^\s+\[(\d{3})\]\s+(\d+) responses", re.MULTILINE)
_ERROR = re.compile(r"^\s+\[(\d+)\]\s+(.+)$", re.MULTILINE)


def classify_error(reason: str) -> str:
    """The ErrorCounts field for one of hey's error texts.

    A timeout wins over everything (a dial that hangs until -t is a request without a reply
    within the timeout: the backlog-overflow case of the capacity article); then failures to
    connect; anything else (resets after sending, EOF, protocol errors) is "other".
    """
    text = reason.lower()
    if "timeout" in text or "deadline exceeded" in text:
        return "timeout"
    if (
        "dial tcp" in text
        or "connect:" in text
        or "no route to host" in text
        or "network is unreachable" in text
    ):
        return "connect"
    return "other"


class HeyDriver(LoadDriver):
    name: ClassVar[DriverName] = "hey"
    binary = "hey"
    version_args = ("-version",)  # hey cannot print its version: the package says it
    version_pattern = r"hey version v?([0-9][0-9.]*)"
    package = "hey"

    def check_tool(self, profile: LoadProfile) -> None:
        if profile.http_version == "2" and not profile.tls:
            raise UnsupportedProfileError(
                "http_version: hey speaks HTTP/2 only over TLS (ALPN); on http:// it would silently "
                "use HTTP/1.1. Use h2load for h2c"
            )

    def command(
        self, profile: LoadProfile, target_url: str, workdir: Path, window: MeasuredWindow | None = None
    ) -> list[str]:
        self.check(profile)
        url = request_url(profile, target_url)
        argv = [
            self.binary,
            "-z",
            f"{format_number(profile.total_seconds + self.start_lead_s(profile))}s",
            "-c",
            str(profile.connections),
            "-cpus",
            str(profile.threads),
            "-t",
            str(whole_seconds(profile.request_timeout_s)),
            "-m",
            profile.method,
            "-disable-redirects",
            "-disable-compression",
        ]
        if profile.rate is not None:
            argv += ["-q", format_number(profile.rate / profile.connections)]
        if not profile.keep_alive:
            argv.append("-disable-keepalive")
        if profile.http_version == "2":
            argv.append("-h2")
        for name, value in profile.headers.items():
            # Go sends the Host header from the request's Host field, not from the header map.
            argv += ["-host", value] if name.lower() == "host" else ["-H", f"{name}: {value}"]
        body = write_body(profile, workdir)
        if body is not None:
            argv += ["-D", str(body)]
        argv.append(url)
        return argv

    def run_limit_s(self, profile: LoadProfile) -> float:
        # -z lets requests in flight at the end finish, each within the request timeout.
        lead = self.start_lead_s(profile)
        return profile.total_seconds + lead + whole_seconds(profile.request_timeout_s) + OVERRUN_GRACE_S

    def start_lead_s(self, profile: LoadProfile) -> float:
        return START_LEAD_S

    def blind_spots(self, profile: LoadProfile) -> list[str]:
        spots = [
            "hey -z lets in-flight requests finish past the duration (its own duration_s is hey's Total)",
            "hey's Requests/sec includes errors; rps here counts successes only",
            "hey measures no p99.9: p999 is the slowest request (an upper bound)",
            "hey's text summary has no per-request latencies: no histogram",
            "hey's latency percentiles include non-2xx replies",
        ]
        if profile.rate is not None:
            spots.append(
                f"hey -q holds {format_number(profile.rate / profile.connections)} requests/s per worker "
                "(rate / connections); a slow reply delays that worker's next request"
            )
        if profile.keep_alive and profile.connections > IDLE_POOL_CAP:
            spots.append(
                f"hey's workers share one pool that keeps at most {IDLE_POOL_CAP} idle connections: with "
                f"{profile.connections} workers, some connections are closed and reopened between requests"
            )
        if profile.warmup_s:
            spots.append("hey reports once at the end: its own summary includes the warm-up seconds")
        return spots + rounded_timeout_warning("hey", profile)

    def outcome(self, run: ToolRun) -> Outcome:
        text = run.stdout
        if "Summary:" not in text:
            raise OutputUnreadableError("hey printed no summary")
        values = {key: value for key, value in _SUMMARY_VALUE.findall(text)}
        total_s = _seconds(values.get("Total"))
        statuses = {
            int(code): int(count)
            for code, count in _STATUS.findall(_section(text, "Status code distribution:"))
        }
        errors = {"connect": 0, "timeout": 0, "other": 0}
        for count, reason in _ERROR.findall(_section(text, "Error distribution:")):
            errors[classify_error(reason)] += int(count)
        warnings: list[str] = []
        successes = sum(n for code, n in statuses.items() if 200 <= code < 300)
        non_2xx = sum(n for code, n in statuses.items() if not 200 <= code < 300)
        if sum(statuses.values()) >= DETAIL_CAP:
            successes, non_2xx = _past_the_cap(values, total_s, sum(errors.values()), successes, non_2xx)
            warnings.append(
                f"hey kept details of the first {DETAIL_CAP:,} responses only: status counts were scaled "
                "to hey's request total and percentiles describe those responses"
            )
        latency, latency_warnings = _latency(text, values)
        return Outcome(
            successes=successes,
            errors=ErrorCounts(non_2xx=non_2xx, **errors),
            duration_s=total_s,
            bytes_received=int(float(values.get("Total data", "0"))),
            latency=latency,
            histogram=None,
            warnings=warnings + latency_warnings,
            window_source="tool_totals",
            window_note=WHOLE_RUN_NOTE,
        )


def _section(text: str, title: str) -> str:
    """The lines after `title` up to the next blank line."""
    _, found, rest = text.partition(title)
    if not found:
        return ""
    lines = []
    for line in rest.splitlines()[1:]:
        if not line.strip():
            break
        lines.append(line)
    return "\n".join(lines)


def _seconds(value: str | None) -> float:
    try:
        number = float(value) if value is not None else 0.0
    except ValueError:
        return 0.0
    return number if number == number else 0.0  # NaN (no responses) -> 0


def _past_the_cap(
    values: dict[str, str], total_s: float, error_count: int, successes: int, non_2xx: int
) -> tuple[int, int]:
    """Scale the capped status counts to hey's own total (Requests/sec x Total, errors included)."""
    all_requests = round(_seconds(values.get("Requests/sec")) * total_s)
    responses = max(all_requests - error_count, successes + non_2xx)
    counted = successes + non_2xx
    scaled_successes = round(successes * responses / counted)
    return scaled_successes, responses - scaled_successes


def _latency(text: str, values: dict[str, str]) -> tuple[LatencyPercentiles | None, list[str]]:
    slowest = _seconds(values.get("Slowest")) * 1000
    average = _seconds(values.get("Average")) * 1000
    # hey prints "0% in 0.0000 secs" for percentiles it did not reach (fewer than 100 responses).
    measured = {int(p): float(s) * 1000 for p, s in _PERCENTILE.findall(text) if int(p) > 0}
    if slowest <= 0 and not measured:
        return None, []
    warnings = []
    missing = [p for p in (50, 90, 99) if p not in measured]
    if missing:
        warnings.append(
            f"hey reported no p{', p'.join(map(str, missing))} (too few responses): "
            "the slowest request stands in"
        )

    def ms(value: float) -> float:
        return round(value, 3)

    p50, p90, p95, p99 = (measured.get(p, slowest) for p in (50, 90, 95, 99))
    return (
        LatencyPercentiles(
            p50=ms(p50),
            p90=ms(p90),
            p95=ms(p95),
            p99=ms(p99),
            p999=ms(slowest),
            max=ms(slowest),
            mean=ms(average),
        ),
        warnings,
    )
