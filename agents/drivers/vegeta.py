"""vegeta 12.12: the open-loop driver (a fixed arrival rate, whatever the replies do).

Why vegeta (docs/architecture.md has the comparison with k6): it builds from the Go module proxy
in well under a minute with a warm cache, its pacer sends on schedule and starts another worker
whenever all are busy (a slow reply never delays the next send), and it records EVERY request
(send time, sequence number, status, latency, error, headers), so the agent can check the
schedule itself instead of trusting a summary.

The agent runs `vegeta attack -format json -targets FILE -output results.bin -rate F/Ps
-duration Ds -workers C -max-workers W -max-body 0 ...`, then, to read the binary results,
`vegeta encode -to csv` on the file it left (the only other process a driver starts: the
tool's own decoder of its own output). agents.drivers.vegeta_results reads the rows against
the send schedule: latency timed from each request's SLOT (coordinated-omission free), late
and dropped sends, the rate actually sent, and the warm-up left out by slot.

- `connections` is the initial worker pool; workers are added while every worker waits for a
  reply, up to `max-workers` = rate x request timeout + connections (no more requests can be in
  flight) capped at MAX_WORKERS (open files). Without a rate it is a closed loop: `-rate 0` with
  exactly `connections` workers.
- `-max-body 0`: bodies are read to the end but not kept (50 KB x every request would fill the
  disk), so bytes received are the responses' Content-Length, as hey counts them.
- `-redirects -1`: a 3xx is not followed (one exchange per request, as with the other tools)
  and counted as non-2xx. `Accept-Encoding: identity` unless the profile sets one: Go would
  otherwise ask for gzip and hide the Content-Length.
- HTTP/2: `-h2c` on http://, ALPN on https:// (`-http2=false` pins HTTP/1.1). TLS certificates
  are not verified (`-insecure`): lab proxies use throwaway certificates.
- Requests in flight when the duration ends finish (bounded by the request timeout).
No live samples: the results file is binary and read when vegeta exits; the proxy's samples
give the live view.
"""

from __future__ import annotations

import base64
import json
import math
import shutil
import subprocess
from pathlib import Path
from typing import ClassVar

from agents.drivers.base import (
    OVERRUN_GRACE_S,
    LoadDriver,
    Outcome,
    OutputUnreadableError,
    ToolRun,
    format_number,
    request_url,
)
from agents.drivers.vegeta_results import NS_PER_S, Pace, Result, Window, parse_csv, read
from spec.drivers import DriverName
from spec.load import LoadProfile

TARGETS_FILE = "vegeta-targets.json"
RESULTS_FILE = "vegeta-results.bin"
CSV_FILE = "vegeta-results.csv"
MAX_WORKERS = 10_000  # one connection each; the lab hosts' open-files limit is 20,000
ENCODE_TIMEOUT_S = 120.0
# The install step (dev/prereqs.sh) builds vegeta here when no vegeta is on the PATH.
CHECKOUT_BIN = Path(__file__).resolve().parents[2] / "var" / "tools" / "bin" / "vegeta"


def vegeta_binary() -> str:
    """vegeta on the PATH, else the one the install step built in the checkout."""
    return shutil.which("vegeta") or str(CHECKOUT_BIN)


def max_workers(profile: LoadProfile) -> int:
    """Open loop: enough workers for every request that can be in flight at once."""
    if profile.rate is None:
        return profile.connections
    in_flight = math.ceil(profile.rate * profile.request_timeout_s) + profile.connections
    return min(MAX_WORKERS, max(in_flight, profile.connections))


class VegetaDriver(LoadDriver):
    name: ClassVar[DriverName] = "vegeta"
    binary = vegeta_binary()
    version_args = ("-version",)
    version_pattern = r"Version: v?([0-9][0-9.]*)"
    package = "vegeta"

    def command(self, profile: LoadProfile, target_url: str, workdir: Path) -> list[str]:
        self.check(profile)
        targets = workdir / TARGETS_FILE
        targets.write_text(json.dumps(_target(profile, request_url(profile, target_url))) + "\n")
        rate = Pace.of(profile.rate).flag if profile.rate is not None else "0"
        argv = [
            self.binary,
            "attack",
            "-format",
            "json",
            "-targets",
            str(targets),
            "-output",
            str(workdir / RESULTS_FILE),
            "-rate",
            rate,
            "-duration",
            f"{profile.total_seconds}s",
            "-workers",
            str(profile.connections),
            "-max-workers",
            str(max_workers(profile)),
            "-timeout",
            f"{format_number(profile.request_timeout_s)}s",
            "-max-body",
            "0",
            "-redirects",
            "-1",
        ]
        if not profile.keep_alive:
            argv.append("-keepalive=false")
        if profile.http_version == "1.1":
            argv.append("-http2=false")
        elif not profile.tls:
            argv.append("-h2c")
        if profile.tls:
            argv.append("-insecure")
        return argv

    def run_limit_s(self, profile: LoadProfile) -> float:
        # Requests in flight at the end of the duration finish, each within the request timeout.
        return profile.total_seconds + profile.request_timeout_s + OVERRUN_GRACE_S

    def blind_spots(self, profile: LoadProfile) -> list[str]:
        spots = [
            "vegeta keeps no bodies here: bytes received are the responses' Content-Length",
            "vegeta has no thread option: it uses every core of the injector (threads is ignored)",
        ]
        if profile.rate is not None and max_workers(profile) == MAX_WORKERS:
            spots.append(
                f"vegeta may use at most {MAX_WORKERS} workers (open files): when that many requests "
                "wait for replies, sends are late (counted in late_sends and in the latency)"
            )
        if profile.rate is None:
            spots.append("vegeta without a rate is a closed loop of `connections` workers")
        if profile.http_version == "2" and profile.tls:
            spots.append("vegeta negotiates HTTP/2 with ALPN and silently falls back to HTTP/1.1")
        return spots

    def outcome(self, run: ToolRun) -> Outcome:
        rows = parse_csv(self._decode(run.workdir))
        profile = run.profile
        pace = Pace.of(profile.rate) if profile.rate is not None else None
        window = _window(profile, rows, run.stopped_early)
        reading = read(rows, window, pace)
        warnings = []
        stats = reading.open_loop
        if stats is not None and (stats.late_sends or stats.dropped_sends):
            warnings.append(
                f"vegeta fell behind its schedule: {stats.late_sends} late sends (worst "
                f"{stats.max_send_lag_ms:g} ms), {stats.dropped_sends} never sent; latencies are "
                "timed from the schedule"
            )
        return Outcome(
            successes=reading.successes,
            errors=reading.errors,
            duration_s=window.seconds,
            bytes_received=reading.bytes_received,
            latency=reading.latency,
            histogram=reading.histogram,
            warnings=warnings,
            open_loop=reading.open_loop,
            drain=reading.drain,
        )

    def _decode(self, workdir: Path) -> str:
        """The results as CSV, by vegeta's own decoder (the binary file is Go's gob encoding)."""
        results = workdir / RESULTS_FILE
        if not results.exists():
            raise OutputUnreadableError("vegeta left no results file")
        csv_path = workdir / CSV_FILE
        argv = [self.binary, "encode", "-to", "csv", "-output", str(csv_path), str(results)]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=ENCODE_TIMEOUT_S, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise OutputUnreadableError(f"vegeta encode failed: {exc}") from exc
        if done.returncode != 0:
            raise OutputUnreadableError(f"vegeta encode exited with {done.returncode}: {done.stderr.strip()}")
        return csv_path.read_text()


def _window(profile: LoadProfile, rows: list[Result], stopped_early: bool) -> Window:
    """The measured seconds after the warm-up; a stopped run only up to its last send (the rest
    of the schedule was never due, so it is not counted as dropped)."""
    end_s = float(profile.total_seconds)
    if stopped_early and rows:
        ran_s = (max(r.sent_ns for r in rows) - min(r.sent_ns for r in rows)) / NS_PER_S
        end_s = max(min(end_s, ran_s), profile.warmup_s + 0.001)
    return Window(start_ns=profile.warmup_s * NS_PER_S, end_ns=int(end_s * NS_PER_S))


def _target(profile: LoadProfile, url: str) -> dict[str, object]:
    """One vegeta JSON target (lib/target.schema.json): method, url, header {name: [values]}, body."""
    headers = {name: [value] for name, value in profile.headers.items()}
    if not any(name.lower() == "accept-encoding" for name in headers):
        headers["Accept-Encoding"] = ["identity"]
    target: dict[str, object] = {"method": profile.method, "url": url, "header": headers}
    if profile.body is not None:
        target["body"] = base64.b64encode(profile.body.encode("utf-8")).decode("ascii")
    return target
