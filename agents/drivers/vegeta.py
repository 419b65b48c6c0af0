"""vegeta 12.12: the open-loop driver (a fixed arrival rate, whatever the replies do).

Why vegeta (docs/architecture.md has the comparison with k6): it builds from the Go module proxy
in well under a minute with a warm cache, its pacer sends on schedule and starts another worker
whenever all are busy (a slow reply never delays the next send), and it records EVERY request
(send time, sequence number, status, latency, error, headers), so the agent can check the
schedule itself instead of trusting a summary.

The agent runs `vegeta attack -format json -targets FILE -output results.bin -rate F/Ps
-duration Ds -workers C -max-workers W -max-body 0 ...`, and reads the binary results WHILE it
runs: a thread of the agent follows the growing file (agents.drivers.growing_file) into
`vegeta encode -to csv` (the tool's own decoder of its own output: the only other process a
driver starts) and folds each row into agents.drivers.vegeta_results.ResultsTally, which reads
the rows against the send schedule: latency timed from each request's SLOT (coordinated-omission
free), late and dropped sends, the rate actually sent, and the warm-up left out by slot. When
vegeta exits, only the last fraction of a second is left to read, and the agent holds counts and
histograms, never the rows (docs/benchmarks.md: collecting a 600,000-request vegeta run).
vegeta still writes to a file, not a pipe: a reader that falls behind (a busy injector) then
never makes vegeta's workers wait, so it cannot make sends late.

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
No live samples: the results are read as they come but summed up only at the end (the window
of a stopped run ends at its last send); the proxy's samples give the live view.
"""

from __future__ import annotations

import base64
import contextlib
import csv
import io
import json
import math
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, ClassVar

from agents.drivers.base import (
    OVERRUN_GRACE_S,
    LoadDriver,
    MeasuredWindow,
    Outcome,
    OutputFollower,
    OutputUnreadableError,
    ToolRun,
    format_number,
    request_url,
)
from agents.drivers.growing_file import GrowingFile
from agents.drivers.vegeta_results import Pace, Reading, ResultsTally, Schedule, Window, parse_row
from agents.drivers.vegeta_stages import StagedPace, plan, stage_spans
from agents.privileges import LabUser, create_file, open_output, read_text
from agents.sessions import spawn
from contract.drivers import DriverName
from contract.load import LoadProfile

TARGETS_FILE = "vegeta-targets.json"
PLAN_FILE = "vegeta-stages-plan.json"
RESULTS_FILE = "vegeta-results.bin"
ENCODE_STDERR_FILE = "vegeta-encode-stderr.txt"
MAX_WORKERS = 10_000  # one connection each; the lab hosts' open-files limit is 20,000
ENCODE_TIMEOUT_S = 120.0
# The install step (dev/prereqs.sh) builds vegeta in the checkout and, as root, installs it where
# the lab's load user can run it (a checkout may sit in a directory only root traverses).
CHECKOUT_BIN = Path(__file__).resolve().parents[2] / "var" / "tools" / "bin" / "vegeta"
SYSTEM_BIN = Path("/usr/local/lib/haplab/bin/vegeta")
# LoadProfile.stages: agents/tools/vegeta_stages, built from the same vegeta module by the same step.
STAGES_PROGRAM = "vegeta_stages"


def vegeta_binary(program: str = "vegeta") -> str:
    """`program` on the PATH, else the one the install step installed, else the checkout's."""
    system, checkout = SYSTEM_BIN.with_name(program), CHECKOUT_BIN.with_name(program)
    return shutil.which(program) or str(system if system.exists() else checkout)


def max_workers(profile: LoadProfile) -> int:
    """Open loop: enough workers for every request that can be in flight at once (staged: at the
    highest stage's rate)."""
    if profile.rate is None:
        return profile.connections
    highest = max([stage.rate or 0.0 for stage in profile.stages], default=profile.rate)
    in_flight = math.ceil(highest * profile.request_timeout_s) + profile.connections
    return min(MAX_WORKERS, max(in_flight, profile.connections))


class VegetaDriver(LoadDriver):
    name: ClassVar[DriverName] = "vegeta"
    binary = vegeta_binary()
    version_args = ("-version",)
    version_pattern = r"Version: v?([0-9][0-9.]*)"
    package = "vegeta"

    def command(
        self, profile: LoadProfile, target_url: str, workdir: Path, window: MeasuredWindow | None = None
    ) -> list[str]:
        self.check(profile)
        target = json.dumps(_target(profile, request_url(profile, target_url))) + "\n"
        targets = create_file(workdir / TARGETS_FILE, target, 0o600)
        if profile.stages:
            stages_plan = create_file(workdir / PLAN_FILE, json.dumps(plan(profile)), 0o600)
            argv = [vegeta_binary(STAGES_PROGRAM), "-plan", str(stages_plan)]
        else:
            rate = Pace.of(profile.rate).flag if profile.rate is not None else "0"
            argv = [
                self.binary,
                "attack",
                "-format",
                "json",
                "-rate",
                rate,
                "-duration",
                f"{profile.total_seconds}s",
            ]
        argv += [
            "-targets",
            str(targets),
            "-output",
            str(workdir / RESULTS_FILE),
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
        if profile.rate is None and not profile.stages:
            spots.append("vegeta without a rate is a closed loop of `connections` workers")
        if profile.stages and profile.rate is None:
            spots.append(
                "connection stages run as successive vegeta attacks: each stage opens its own connections"
            )
        if profile.http_version == "2" and profile.tls:
            spots.append("vegeta negotiates HTTP/2 with ALPN and silently falls back to HTTP/1.1")
        return spots

    def follower(
        self,
        profile: LoadProfile,
        workdir: Path,
        user: LabUser | None = None,
        window: MeasuredWindow | None = None,
    ) -> ResultsFollower:
        # vegeta's window is its own schedule's (warm-up slots, then the measured ones), which
        # starts with the tool a few milliseconds after start_at: `window` is not needed.
        return ResultsFollower(self.binary, profile, workdir, user)

    def outcome(self, run: ToolRun) -> Outcome:
        follower = run.follower
        if not isinstance(follower, ResultsFollower):
            # Nothing followed the run (a tool run by hand, a test): read the file the same way now.
            follower = self.follower(run.profile, run.workdir)
            follower.start()
        reading, window = follower.finish(run.stopped_early)
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
            window_source="tool_records",
            warmup_responses=reading.warmup_responses,
            stages=reading.stages,
        )


class ResultsFollower(OutputFollower):
    """vegeta's results file, decoded by `vegeta encode -to csv` and tallied while vegeta runs.

    One thread reads the decoder's rows into the tally; another feeds it the file's new bytes
    (the file is Go's gob encoding, a stream vegeta's decoder reads as it comes).
    """

    def __init__(self, binary: str, profile: LoadProfile, workdir: Path, user: LabUser | None = None) -> None:
        pace: Schedule | None = None
        if profile.stages and profile.rate is not None:
            pace = StagedPace.of(profile)
        elif profile.rate is not None:
            pace = Pace.of(profile.rate)
        spans = stage_spans(profile) if profile.stages else None
        self.tally = ResultsTally(pace, profile.total_seconds, profile.warmup_s, spans)
        self._binary = binary
        self._user = user  # the decoder reads what vegeta wrote: as vegeta's user, not as the agent
        self._workdir = workdir
        self._file = GrowingFile(workdir / RESULTS_FILE)
        self._decoder: subprocess.Popen[bytes] | None = None
        self._failure: str | None = None
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, name=f"vegeta-results-{workdir.name}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def finish(self, stopped_early: bool, timeout_s: float = ENCODE_TIMEOUT_S) -> tuple[Reading, Window]:
        """Once vegeta has exited: read what is left, then the tally's reading and window."""
        self._file.writer_done()
        self._thread.join(timeout_s)
        if self._thread.is_alive():
            self.close()
            raise OutputUnreadableError(f"vegeta encode still decoding {timeout_s:g} s after vegeta exited")
        if self._failure is not None:
            raise OutputUnreadableError(self._failure)
        return self.tally.finish(stopped_early)

    def first_request_sent(self) -> float | None:
        first = self.tally.first_sent_ns  # each result's timestamp is its send time
        return first / 1e9 if first is not None else None

    def close(self) -> None:
        self._file.stop()
        with self._lock:
            decoder = self._decoder
        if decoder is not None and decoder.poll() is None:
            decoder.kill()
            decoder.wait(10)

    def _read(self) -> None:
        try:
            self._decode()
        except Exception as exc:  # a row that is not vegeta's csv, no decoder: never a silent half
            self._failure = f"vegeta's results could not be read: {exc!r}"
            self.close()

    def _decode(self) -> None:
        chunks = self._file.chunks()
        first = next(chunks, None)
        if first is None:
            if not self._file.appeared:
                self._failure = "vegeta left no results file"
            return  # an empty file: no rows
        decode = [self._binary, "encode", "-to", "csv"]
        with open_output(self._workdir / ENCODE_STDERR_FILE) as stderr:
            decoder = spawn(
                self._user.command(decode) if self._user is not None else decode,
                "vegeta encode",
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=stderr,
            )
        with self._lock:
            self._decoder = decoder
        assert decoder.stdin is not None and decoder.stdout is not None
        feeder = threading.Thread(
            target=_feed, args=(decoder.stdin, first, chunks), name=f"{self._thread.name}-feed", daemon=True
        )
        feeder.start()
        for row in csv.reader(io.TextIOWrapper(decoder.stdout, encoding="utf-8", newline="")):
            self.tally.add(parse_row(row))
        code = decoder.wait()
        feeder.join()
        if code != 0:
            errors = read_text(self._workdir / ENCODE_STDERR_FILE).strip()
            self._failure = f"vegeta encode exited with {code}: {errors}"


def _feed(sink: IO[bytes], first: bytes, rest: Iterator[bytes]) -> None:
    """The file's bytes into the decoder's stdin, then end of input."""
    # A broken pipe: the decoder is gone (it failed, or the follower was closed); its exit says.
    with contextlib.suppress(BrokenPipeError, ValueError):
        sink.write(first)
        for chunk in rest:
            sink.write(chunk)
    with contextlib.suppress(BrokenPipeError, ValueError):
        sink.close()


def _target(profile: LoadProfile, url: str) -> dict[str, object]:
    """One vegeta JSON target (lib/target.schema.json): method, url, header {name: [values]}, body."""
    headers = {name: [value] for name, value in profile.headers.items()}
    if not any(name.lower() == "accept-encoding" for name in headers):
        headers["Accept-Encoding"] = ["identity"]
    target: dict[str, object] = {"method": profile.method, "url": url, "header": headers}
    if profile.body is not None:
        target["body"] = base64.b64encode(profile.body.encode("utf-8")).decode("ascii")
    return target
