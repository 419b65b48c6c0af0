"""h2load (nghttp2 1.52): HTTP/2 (h2c prior knowledge or TLS + ALPN) and HTTP/1.1 (`--h1`).

The agent runs `h2load -c -t -m 1 -D [--warm-up-time] --log-file LOG [--h1] [--rps] URL`:
- `-m 1`: one request in flight per connection, so `connections` means the same concurrency as
  for hey and wrk (the profile has no streams-per-connection field).
- `-D` is the measured duration; `--warm-up-time` runs the warm-up first and h2load leaves it
  out of both its summary and its log, so only h2load's numbers exclude the warm-up.
- Open loop: `--rps` is requests/s PER CLIENT (profile.rate / connections). h2load's `--rate`
  is a connection-creation rate and cannot be combined with `-D`, so it is not used.
- The per-request log (start µs, status, latency µs; status -1 for failed streams) gives the
  exact histogram, of 2xx replies only, and the status counts; the text summary gives the
  succeeded/failed/errored/timeout counts, the traffic and the time.
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

import re
import signal
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from agents.drivers.base import (
    LoadDriver,
    Outcome,
    OutputUnreadableError,
    ToolRun,
    format_number,
    idle_connections_warning,
    request_url,
    write_body,
)
from common.histograms import encode, histogram_of, percentiles
from spec.drivers import DriverName
from spec.load import LoadProfile
from spec.results import ErrorCounts

LOG_FILE = "h2load-requests.log"
_FINISHED = re.compile(r"^finished in ([\d.]+)(ms|us|s),", re.MULTILINE)
_REQUESTS = re.compile(
    r"^requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, "
    r"(\d+) errored, (\d+) timeout",
    re.MULTILINE,
)
_STATUS_CODES = re.compile(r"^status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx", re.MULTILINE)
_TRAFFIC = re.compile(r"^traffic: \S+ \((\d+)\) total", re.MULTILINE)
_UNIT_S = {"s": 1.0, "ms": 1e-3, "us": 1e-6}


@dataclass(frozen=True)
class RequestLog:
    """What h2load's per-request log says."""

    latencies_2xx: Counter[int]  # latency µs -> count, 2xx replies only
    successes: int
    non_2xx: int
    failed_streams: int  # status -1
    first_start_us: int | None
    last_end_us: int | None


def read_request_log(path: Path) -> RequestLog:
    latencies: Counter[int] = Counter()
    successes = non_2xx = failed = 0
    first: int | None = None
    last: int | None = None
    try:
        handle = path.open()
    except FileNotFoundError:
        return RequestLog(latencies, 0, 0, 0, None, None)
    with handle:
        for line in handle:
            fields = line.split("\t")
            if len(fields) < 3:
                continue  # a line cut short when h2load was killed
            try:
                start, status, latency = int(fields[0]), int(fields[1]), int(fields[2])
            except ValueError:
                continue
            first = start if first is None else min(first, start)
            last = start + latency if last is None else max(last, start + latency)
            if status < 0:
                failed += 1
            elif 200 <= status < 300:
                successes += 1
                latencies[latency] += 1
            else:
                non_2xx += 1
    return RequestLog(latencies, successes, non_2xx, failed, first, last)


class H2loadDriver(LoadDriver):
    name: ClassVar[DriverName] = "h2load"
    binary = "h2load"
    version_args = ("--version",)
    version_pattern = r"nghttp2/([0-9][0-9.]*)"
    package = "nghttp2-client"
    # h2load prints nothing on a signal (it just dies); SIGTERM is never inherited as ignored.
    stop_signal = signal.SIGTERM

    def command(self, profile: LoadProfile, target_url: str, workdir: Path) -> list[str]:
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
            str(profile.duration_s),
        ]
        if profile.warmup_s:
            argv += ["--warm-up-time", str(profile.warmup_s)]
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

    def outcome(self, run: ToolRun) -> Outcome:
        log = read_request_log(run.workdir / LOG_FILE)
        requests = _REQUESTS.search(run.stdout)
        if requests is None:
            return _from_log_only(log, run.profile)
        _total, started, done, _ok, _failed, errored, timeout = (int(n) for n in requests.groups())
        warnings = []
        codes = _STATUS_CODES.search(run.stdout)
        if codes is not None and int(codes.group(1)) != log.successes:
            warnings.append(
                f"h2load's summary counts {codes.group(1)} 2xx replies, its log {log.successes}: "
                "the log is used"
            )
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
        # "finished in" includes the warm-up, which h2load's counts leave out.
        duration = elapsed - run.profile.warmup_s if elapsed > run.profile.warmup_s else elapsed
        traffic = _TRAFFIC.search(run.stdout)
        histogram = histogram_of(log.latencies_2xx.items())
        return Outcome(
            successes=log.successes,
            errors=ErrorCounts(timeout=timeout, non_2xx=log.non_2xx, other=max(0, errored - timeout)),
            duration_s=duration,
            bytes_received=int(traffic.group(1)) if traffic else 0,
            latency=percentiles(histogram),
            histogram=encode(histogram) if log.successes else None,
            warnings=warnings,
        )


def _from_log_only(log: RequestLog, profile: LoadProfile) -> Outcome:
    """h2load died before its summary (stopped, or crashed): what its log still tells."""
    if log.first_start_us is None or log.last_end_us is None:
        raise OutputUnreadableError("h2load printed no summary and logged no request")
    histogram = histogram_of(log.latencies_2xx.items())
    duration = max(1e-6, (log.last_end_us - log.first_start_us) / 1e6)
    warnings = [
        "h2load printed no summary (it was stopped): counts come from its per-request log, "
        "timeouts and connection errors are unknown, bytes were not counted, and the last "
        "requests may be missing from the log"
    ]
    if profile.rate is None and histogram.get_total_count():
        busy = histogram.get_total_count() / duration * histogram.get_mean_value() / 1e6
        warnings += idle_connections_warning("h2load", busy, profile.connections)
    return Outcome(
        successes=log.successes,
        errors=ErrorCounts(non_2xx=log.non_2xx, other=log.failed_streams),
        duration_s=duration,
        bytes_received=0,
        latency=percentiles(histogram),
        histogram=encode(histogram) if log.successes else None,
        warnings=warnings,
    )
