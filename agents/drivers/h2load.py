"""h2load (nghttp2 1.52): HTTP/2 (h2c prior knowledge or TLS + ALPN) and HTTP/1.1 (`--h1`).

The agent runs `h2load -c -t -m 1 -D [--warm-up-time] --log-file LOG [--h1] [--rps] URL`:
- `-m 1`: one request in flight per connection, so `connections` means the same concurrency as
  for hey and wrk (the profile has no streams-per-connection field).
- The measured window. h2load counts and logs a request when it CLOSES during its main phase
  (h2load.cc, Client::on_stream_close), whenever it started; its main phase begins
  `--warm-up-time` after its first connect and lasts `-D`. That phase starts a few milliseconds
  after the agent's t0 (the tool's own start-up), so it would miss the window's first
  requests. The agent therefore runs the main phase EDGE_S longer on each side (warm-up shorter,
  -D longer, in milliseconds) and reads the log against the window itself: a request counts
  when start + duration falls in [t0, t0 + duration); later ones are the drain. The log's
  start is wall-clock microseconds since the epoch (system_clock), the same clock as t0.
- Open loop: `--rps` is requests/s PER CLIENT (profile.rate / connections). h2load's `--rate`
  is a connection-creation rate and cannot be combined with `-D`, so it is not used.
- The per-request log (start µs, status, latency µs; status -1 for failed streams) gives the
  window's counts, the exact histogram of its 2xx replies and the drain; the text summary gives
  the timeouts, the requests still waiting at the end, the traffic and the time (bytes/s are
  its traffic over its main phase). h2load writes the log as
  requests complete, and the agent reads it as it grows (RequestLogFollower): at the exit only
  the last fraction of a second is left to read, whatever the run's length.
- A request body goes through `-d FILE` (which makes the request a POST).

Blind spots (surfaced as warnings):
- In timed runs h2load applies no request timeout: `-T` is ignored and `-N` aborts h2load 1.52
  (a libev assertion). Requests still waiting when the duration ends are silently dropped;
  the agent reports them as "still waiting" (started - done): with a starving proxy, that is
  where the starving connections show up.
- In timed runs, connections that fail to connect are not counted anywhere ("0 started").
- h2load prints its summary only when it finishes: a stopped h2load leaves only its log, so
  the counts then come from the log and the error kinds are unknown.
- bytes_per_s counts every byte received (headers and frames included).
No live samples: h2load reports only when it exits.
"""

from __future__ import annotations

import codecs
import re
import signal
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from agents.drivers.base import (
    LoadDriver,
    MeasuredWindow,
    Outcome,
    OutputFollower,
    OutputUnreadableError,
    ToolRun,
    format_number,
    idle_connections_warning,
    request_url,
    write_body,
)
from agents.drivers.growing_file import GrowingFile
from agents.privileges import LabUser, read_text
from common.latency_histograms import encode, histogram_of, percentiles
from contract.drivers import DriverName
from contract.load import LoadProfile
from contract.results import Drain, ErrorCounts

# The main phase runs this much before t0 and after the window's end, so it covers the window
# whatever the tool's start-up took (milliseconds; a stalled host still has half a second).
EDGE_S = 0.5

LOG_FILE = "h2load-requests.log"
FINISH_TIMEOUT_S = 60.0
_FINISHED = re.compile(r"^finished in ([\d.]+)(ms|us|s),", re.MULTILINE)
_REQUESTS = re.compile(
    r"^requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, "
    r"(\d+) errored, (\d+) timeout",
    re.MULTILINE,
)
_TRAFFIC = re.compile(r"^traffic: \S+ \((\d+)\) total", re.MULTILINE)
_UNIT_S = {"s": 1.0, "ms": 1e-3, "us": 1e-6}


@dataclass(frozen=True)
class RequestLog:
    """What h2load's per-request log says about the measured window (the whole log when no
    window is known): what completed in it, and the 2xx that completed before and after it."""

    latencies_2xx: Counter[int]  # latency µs -> count, 2xx replies only
    successes: int
    non_2xx: int
    failed_streams: int  # status -1
    first_start_us: int | None
    last_end_us: int | None
    before_2xx: int = 0  # completed before t0 (in the main phase's leading edge only)
    drained_2xx: Counter[int] | None = None  # latency µs -> count, completed after the window
    last_drained_end_us: int | None = None


class RequestLogTally:
    """h2load's request log folded one line at a time: counts and {latency µs: count} maps, so
    memory grows with the distinct latencies (as wrk's distribution), not with the requests."""

    def __init__(self, window: MeasuredWindow | None = None) -> None:
        self.window_us = (round(window.start * 1e6), round(window.end * 1e6)) if window is not None else None
        self.latencies: Counter[int] = Counter()
        self.drained: Counter[int] = Counter()
        self.successes = self.non_2xx = self.failed = self.before = 0
        self.first: int | None = None
        self.last: int | None = None
        self.last_drained: int | None = None

    def add(self, line: str) -> None:
        fields = line.split("\t")
        if len(fields) < 3:
            return  # a line cut short when h2load was killed
        try:
            start, status, latency = int(fields[0]), int(fields[1]), int(fields[2])
        except ValueError:
            return
        end = start + latency
        self.first = start if self.first is None else min(self.first, start)
        self.last = end if self.last is None else max(self.last, end)
        ok = 200 <= status < 300
        if self.window_us is not None and end < self.window_us[0]:
            self.before += ok
            return
        if self.window_us is not None and end >= self.window_us[1]:
            if ok:
                self.drained[latency] += 1
                self.last_drained = end if self.last_drained is None else max(self.last_drained, end)
            return
        if status < 0:
            self.failed += 1
        elif ok:
            self.successes += 1
            self.latencies[latency] += 1
        else:
            self.non_2xx += 1

    def log(self) -> RequestLog:
        return RequestLog(
            self.latencies,
            self.successes,
            self.non_2xx,
            self.failed,
            self.first,
            self.last,
            self.before,
            self.drained,
            self.last_drained,
        )


def read_request_log(path: Path, window: MeasuredWindow | None = None) -> RequestLog:
    tally = RequestLogTally(window)
    try:
        text = read_text(path)
    except FileNotFoundError:
        return tally.log()
    for line in text.splitlines():
        tally.add(line)
    return tally.log()


class RequestLogFollower(OutputFollower):
    """h2load's request log, tallied while h2load writes it (it writes as requests complete), so
    a long run's log is not read after the exit."""

    def __init__(self, path: Path, window: MeasuredWindow | None = None) -> None:
        self.tally = RequestLogTally(window)
        self._file = GrowingFile(path)
        self._thread = threading.Thread(target=self._read, name=f"h2load-log-{path.parent.name}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def finish(self, timeout_s: float = FINISH_TIMEOUT_S) -> RequestLog:
        """Once h2load has exited: read what is left of the log, then what the whole log says."""
        self._file.writer_done()
        self._thread.join(timeout_s)
        if self._thread.is_alive():
            self.close()
            raise OutputUnreadableError(f"h2load's log was still being read {timeout_s:g} s after its exit")
        return self.tally.log()

    def first_request_sent(self) -> float | None:
        first = self.tally.first  # the log's first column: each request's start, Unix microseconds
        return first / 1e6 if first is not None else None

    def close(self) -> None:
        self._file.stop()

    def _read(self) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        rest = ""
        for chunk in self._file.chunks():
            *lines, rest = (rest + decoder.decode(chunk)).split("\n")
            for line in lines:
                self.tally.add(line)
        rest += decoder.decode(b"", final=True)
        if rest:
            self.tally.add(rest)  # the last line, cut short or without its newline


class H2loadDriver(LoadDriver):
    name: ClassVar[DriverName] = "h2load"
    binary = "h2load"
    version_args = ("--version",)
    version_pattern = r"nghttp2/([0-9][0-9.]*)"
    package = "nghttp2-client"
    # h2load prints nothing on a signal (it just dies); SIGTERM is never inherited as ignored.
    stop_signal = signal.SIGTERM

    def command(
        self, profile: LoadProfile, target_url: str, workdir: Path, window: MeasuredWindow | None = None
    ) -> list[str]:
        self.check(profile)
        url = request_url(profile, target_url)
        argv = [
            self.binary,
            "-c",
            str(profile.connections),
            "-t",
            str(profile.threads),
            "-m",
            "1",
            "-D",
            f"{round(1000 * main_phase_s(profile))}ms",
        ]
        if profile.warmup_s:
            argv += ["--warm-up-time", f"{round(1000 * warmup_flag_s(profile))}ms"]
        argv.append(f"--log-file={workdir / LOG_FILE}")
        if profile.http_version == "1.1":
            argv.append("--h1")
        if profile.rate is not None:
            argv.append(f"--rps={format_number(profile.rate / profile.connections)}")
        for name, value in profile.headers.items():
            argv += ["-H", f"{name}: {value}"]
        body = write_body(profile, workdir)
        if body is not None:
            argv += ["-d", str(body)]
        argv.append(url)
        return argv

    def run_limit_s(self, profile: LoadProfile) -> float:
        return super().run_limit_s(profile) + 2 * EDGE_S

    def blind_spots(self, profile: LoadProfile) -> list[str]:
        spots = [
            f"h2load applies no request timeout in timed runs: request_timeout_s "
            f"({profile.request_timeout_s:g} s) is not enforced",
            "h2load does not count connections that fail to connect in timed runs",
        ]
        # Seen with h2load 1.52: after "Stopped all clients" it can hang when connections never
        # got a reply; the agent then stops it (run_limit_s) and reads its log.
        if profile.rate is not None:
            spots.append(
                f"h2load --rps holds {format_number(profile.rate / profile.connections)} requests/s per "
                "client (rate / connections), one request in flight per client"
            )
        return spots

    def follower(
        self,
        profile: LoadProfile,
        workdir: Path,
        user: LabUser | None = None,
        window: MeasuredWindow | None = None,
    ) -> RequestLogFollower:
        # No helper process: `user` is not needed.
        return RequestLogFollower(workdir / LOG_FILE, window)

    def outcome(self, run: ToolRun) -> Outcome:
        if isinstance(run.follower, RequestLogFollower):
            log = run.follower.finish()
        else:  # nothing followed the run (a tool run by hand, a test): read the log now
            log = read_request_log(run.workdir / LOG_FILE, run.window)
        requests = _REQUESTS.search(run.stdout)
        if requests is None:
            return _from_log_only(log, run)
        _total, started, done, _ok, _failed, _errored, timeout = (int(n) for n in requests.groups())
        warnings = []
        if started == 0:
            warnings.append(
                "h2load started no request: in timed runs it does not count connections that failed "
                "(is anything listening?)"
            )
        elif started > done:
            warnings.append(
                f"{started - done} request(s) were still waiting for a reply when h2load stopped: "
                "not counted (h2load has no request timeout in timed runs)"
            )
        finished = _FINISHED.search(run.stdout)
        elapsed = float(finished.group(1)) * _UNIT_S[finished.group(2)] if finished else 0.0
        # "finished in" includes the warm-up, which h2load's counts and traffic leave out.
        main = elapsed - warmup_flag_s(run.profile)
        main = main if main > 0 else elapsed
        traffic = _TRAFFIC.search(run.stdout)
        window = run.measured
        return _window_outcome(
            log,
            run,
            timeout=timeout,
            duration_s=window.seconds if window is not None else main,
            bytes_received=int(traffic.group(1)) if traffic else 0,
            bytes_span_s=main,
            warnings=warnings,
        )


def warmup_flag_s(profile: LoadProfile) -> float:
    """h2load's --warm-up-time: the warm-up less the leading edge (0 without a warm-up)."""
    return max(0.0, profile.warmup_s - EDGE_S) if profile.warmup_s else 0.0


def main_phase_s(profile: LoadProfile) -> float:
    """h2load's -D: the measured duration plus an edge after it (and one before, with a warm-up)."""
    return profile.duration_s + EDGE_S + (profile.warmup_s - warmup_flag_s(profile))


def _window_outcome(
    log: RequestLog,
    run: ToolRun,
    *,
    timeout: int,
    duration_s: float,
    bytes_received: int,
    bytes_span_s: float | None,
    warnings: list[str],
) -> Outcome:
    histogram = histogram_of(log.latencies_2xx.items())
    windowed = run.window is not None
    return Outcome(
        successes=log.successes,
        errors=ErrorCounts(timeout=timeout, non_2xx=log.non_2xx, other=log.failed_streams),
        duration_s=duration_s,
        bytes_received=bytes_received,
        bytes_span_s=bytes_span_s,
        latency=percentiles(histogram),
        histogram=encode(histogram) if log.successes else None,
        warnings=warnings,
        drain=_drain(log, run.measured) if windowed else None,
        window_source="tool_records" if windowed else "tool_totals",
        window_note=None if windowed else "h2load's own main phase: the run's window was not known",
    )


def _drain(log: RequestLog, window: MeasuredWindow | None) -> Drain | None:
    drained = log.drained_2xx
    if not drained or window is None or log.last_drained_end_us is None:
        return None
    histogram = histogram_of(drained.items())
    return Drain(
        responses=histogram.get_total_count(),
        last_after_s=round(max(0.0, log.last_drained_end_us / 1e6 - window.end), 3),
        latency=percentiles(histogram),
        histogram=encode(histogram),
    )


def _from_log_only(log: RequestLog, run: ToolRun) -> Outcome:
    """h2load died before its summary (stopped, or crashed): what its log still tells."""
    if log.first_start_us is None or log.last_end_us is None:
        raise OutputUnreadableError("h2load printed no summary and logged no request")
    window = run.measured
    duration = window.seconds if window is not None else (log.last_end_us - log.first_start_us) / 1e6
    duration = max(1e-6, duration)
    warnings = [
        "h2load printed no summary (it was stopped): counts come from its per-request log, "
        "timeouts and connection errors are unknown, bytes were not counted, and the last "
        "requests may be missing from the log"
    ]
    count = sum(log.latencies_2xx.values())
    if run.profile.rate is None and count:
        mean_s = sum(v * n for v, n in log.latencies_2xx.items()) / count / 1e6
        warnings += idle_connections_warning("h2load", count / duration * mean_s, run.profile.connections)
    return _window_outcome(
        log, run, timeout=0, duration_s=duration, bytes_received=0, bytes_span_s=None, warnings=warnings
    )
