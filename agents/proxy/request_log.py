"""The proxy agent's reader of HAProxy's request log: lines -> one TimerSecond a second.

HAProxy sends one datagram per logged request (haplab's format, contract.request_timers) to a
unix datagram socket the agent binds in its runtime directory before HAProxy starts. A reader
thread receives them, reads each with contract.request_timers.parse_logged_request and counts it
into the second of the run's clock it ARRIVED in (a line is written when its request ends); a
SecondTicker (the proxy sampler's labels: t = the second that closes) turns each closed second
into SamplePoint(source="timers", t, ts, data={scalar counts}, timers=TimerSecond).

Per line the reader does one Counter increment keyed by what the second's figures need
(backend, server, state, the timers, queued or not), plus the connection estimate; histograms,
states, bands and sums are built from the distinct keys once a second. Millisecond timers repeat
a lot, so a second of thousands of lines is a few hundred keys.

Kernel limits that decide whether a line is lost (HAProxy counts a line it could not send in
`show info` DroppedLogs, sampled by the proxy sampler as PROCESS.dropped_logs): the socket's
receive buffer (asked large here, granted up to net.core.rmem_max, or beyond it as root with
SO_RCVBUFFORCE) and net.unix.max_dgram_qlen, the datagrams a unix socket queues whatever its
buffer (10 on Debian 12: 2 ms of lines at 5,000 a second, less than a busy box keeps a thread
waiting). That limit belongs to the network namespace the socket is created in, so where the
agent runs HAProxy in a lab namespace of its own, the socket is created inside it, with the
namespace's limit raised to DGRAM_QUEUE; elsewhere the host's is left alone, and the sampling
rule and the dropped count carry it. Past that limit, the sender's buffer is the bound (a unix
datagram is charged to its sender until read): ~280 lines with the default 208 KiB wmem, 56 ms
of lines at 5,000 a second.
"""

from __future__ import annotations

import contextlib
import logging
import math
import re
import socket
import threading
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from agents.clock import host_time
from agents.netns import call_in_netns
from agents.privileges import LabUser
from agents.ticker import SecondTicker
from common.latency_histograms import HIGHEST_US, encode, new_histogram
from contract.request_timers import (
    BAND_UPPER_MS,
    LOG_LINE_MAX,
    LOG_SOCKET,
    PHASES,
    SCOPE_ALL,
    TCP_TIMERS,
    TIMER_KEYS,
    LoggedRequest,
    PhaseBand,
    PhaseName,
    TimerName,
    TimerSecond,
    band_index,
    parse_logged_request,
)
from contract.results import SamplePoint

log = logging.getLogger(__name__)

SOURCE = "timers"
# Asked of the kernel for the socket's receive buffer: ~30,000 lines of ~100 bytes (each datagram
# also costs its skb's overhead, ~1 KB of the buffer's accounting).
RECEIVE_BUFFER_BYTES = 32 * 1024 * 1024
# Datagrams the socket may queue, set in the lab namespace's net.unix.max_dgram_qlen (only
# raised): with the buffer above, seconds of lines while the reader waits for a core.
DGRAM_QUEUE = 16_384
_DGRAM_QLEN = Path("/proc/sys/net/unix/max_dgram_qlen")
# With the raised queue, the reader drains the socket then sleeps this long instead of waking for
# every line (200 wake-ups a second, not thousands); HAProxy's sending socket holds ~280 lines,
# which covers the wait up to ~50,000 lines a second. Not longer: a line is counted in the second
# the reader reads it, and waking every 20 ms cost no less (docs/benchmarks.md). With the host's
# queue of 10 it must wake for each line.
BATCH_WAIT_S = 0.005
# How long the reader waits for a line before looking whether it should stop.
POLL_S = 0.2
# A server connection's local port not seen for a while is taken as a new connection when seen
# again. How long: the kernel hands the same local port to a new connection to the same server only
# after walking the even ports of ip_local_port_range (~14,000 of them: at R new connections a second
# a port comes back after ~14,000 / R s), so the horizon is half that time at the server's request
# rate (the most new connections it can have), within these bounds: long enough for a pooled
# connection a busy run leaves idle (ms), never more than CONNECTION_HORIZON_S. Wrong outside that: a
# connection idle longer and reused is counted again; with sampling (one_in > 1) most of a reused
# connection's requests are not seen, so the estimate may count too many. The worker cross-checks
# it against HAProxy's connect counter.
CONNECTION_HORIZON_S = 5.0
MIN_CONNECTION_HORIZON_S = 0.2
PORT_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
_TIMER_INDEX_HTTP = {name: index for index, name in enumerate(TIMER_KEYS)}
_TIMER_INDEX_TCP = {name: index for index, name in enumerate(TCP_TIMERS)}


def bind_log_socket(directory: Path, user: LabUser, netns: str | None = None) -> tuple[socket.socket, int]:
    """The unix datagram socket HAProxy logs to (`{directory}/timers.sock`), writable by HAProxy's
    user alone, and the receive buffer the kernel granted (bytes, as getsockopt reports it).

    With a lab namespace, the socket is made inside it after raising the namespace's queue limit
    (the module's docstring); HAProxy reaches it by its path from any namespace."""
    path = directory / LOG_SOCKET
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    sock = call_in_netns(netns, lambda: _new_socket(raise_queue=netns is not None))
    try:
        force = getattr(socket, "SO_RCVBUFFORCE", None)
        try:
            if force is None:
                raise PermissionError
            sock.setsockopt(socket.SOL_SOCKET, force, RECEIVE_BUFFER_BYTES)  # root: past rmem_max
        except PermissionError:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER_BYTES)
        # The directory is HAProxy's user's alone (0700), so nobody else reaches the socket file
        # before it is 0600 (a process-wide umask would race the agent's other threads).
        sock.bind(str(path))
        path.chmod(0o600)
        user.own(path)
    except BaseException:
        sock.close()
        raise
    return sock, sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)


def _new_socket(*, raise_queue: bool) -> socket.socket:
    """A unix datagram socket; with raise_queue, after this (namespace's) queue limit is raised:
    a socket takes the limit in force when it is created."""
    if raise_queue and int(_DGRAM_QLEN.read_text()) < DGRAM_QUEUE:
        _DGRAM_QLEN.write_text(str(DGRAM_QUEUE))
    return socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)


_SECTION = re.compile(r"^(backend|listen) (\S+)")
_SERVER = re.compile(r"^[ \t]+server (\S+) ")


def multi_server_backends(config_text: str) -> frozenset[str]:
    """The backends and listens of a rendered config (contract.haproxy.render) with more than one
    server: their servers get a scope of their own."""
    counts: Counter[str] = Counter()
    current: str | None = None
    for line in config_text.splitlines():
        if section := _SECTION.match(line):
            current = section.group(2)
        elif line and not line[0].isspace():
            current = None
        elif current is not None and _SERVER.match(line):
            counts[current] += 1
    return frozenset(name for name, count in counts.items() if count > 1)


# What a line counts towards, once the port is accounted for: (mode, backend, server, state,
# timers in the mode's order, queued).
LineKey = tuple[str, str, str | None, str, tuple[int, ...], bool]


@dataclass
class _Second:
    """The lines of one second, as they arrive."""

    keys: Counter[LineKey] = field(default_factory=Counter)
    unparsed: int = 0
    connections: int = 0


def local_ports() -> int:
    """How many local ports connect() picks from (ip_local_port_range); Linux's default if unread."""
    try:
        low, high = (int(word) for word in PORT_RANGE.read_text().split())
    except (OSError, ValueError):
        low, high = 32768, 60999
    return max(high - low + 1, 2)


class ConnectionEstimate:
    """New server connections seen in the log: in TCP mode every session that connected; in HTTP
    mode HAProxy 2.6 logs no "reused" flag, so a (backend, server, local port) not seen within the
    server's horizon (see CONNECTION_HORIZON_S) is taken as a new connection. An estimate: the
    worker cross-checks it against HAProxy's `connect` counter."""

    def __init__(
        self, one_in: int = 1, horizon_s: float = CONNECTION_HORIZON_S, ports: int | None = None
    ) -> None:
        self._one_in = one_in
        self._max_horizon = horizon_s
        self._ports = ports if ports is not None else local_ports()
        self._last_seen: dict[tuple[str, str | None, int], float] = {}
        # (backend, server) -> [start of the current second, requests in it, the last second's rate]
        self._rates: dict[tuple[str, str | None], list[float]] = {}
        self._pruned_at = 0.0

    def horizon(self, backend: str, server: str | None) -> float:
        """Half the time a new connection's port takes to come back at the server's request rate."""
        rate = self._rates.get((backend, server), [0.0, 0.0, 0.0])[2]
        if rate <= 0:
            return self._max_horizon
        comes_back_s = (self._ports / 2) / rate
        return min(self._max_horizon, max(MIN_CONNECTION_HORIZON_S, comes_back_s / 2))

    def _count(self, backend: str, server: str | None, now: float) -> None:
        window = self._rates.setdefault((backend, server), [now, 0.0, 0.0])
        window[1] += self._one_in
        if now - window[0] >= 1.0:
            window[2] = window[1] / (now - window[0])
            window[0], window[1] = now, 0.0

    def is_new(self, request: LoggedRequest, now: float) -> bool:
        if request.mode == "tcp":
            return request.timers["tc"] >= 0
        if request.server_port is None or request.timers["tc"] < 0:
            return False
        self._count(request.backend, request.server, now)
        key = (request.backend, request.server, request.server_port)
        seen = self._last_seen.get(key)
        self._last_seen[key] = now
        if now - self._pruned_at > self._max_horizon:
            self._prune(now)
        return seen is None or now - seen > self.horizon(request.backend, request.server)

    def _prune(self, now: float) -> None:
        self._pruned_at = now
        self._last_seen = {k: seen for k, seen in self._last_seen.items() if now - seen <= self._max_horizon}


def timer_second(
    one_in: int, keys: Counter[LineKey], unparsed: int, connections: int, multi_server: frozenset[str]
) -> TimerSecond:
    """One second's TimerSecond from its lines' keys (pure: the unit tests' entry point)."""
    values: defaultdict[str, defaultdict[TimerName, Counter[int]]] = defaultdict(lambda: defaultdict(Counter))
    unset: defaultdict[TimerName, Counter[str]] = defaultdict(Counter)
    states: defaultdict[str, Counter[str]] = defaultdict(Counter)
    bands: dict[int, list[int]] = {}  # band index -> [count, total, *phase sums in PHASES order]
    queued = with_server = sum_checked = sum_mismatches = lines = 0
    phase_at = {
        "http": [_TIMER_INDEX_HTTP.get(phase) for phase in PHASES],
        "tcp": [_TIMER_INDEX_TCP.get(phase) for phase in PHASES],
    }
    for (mode, backend, server, state, timers, was_queued), count in keys.items():
        lines += count
        http = mode == "http"
        names, index = (TIMER_KEYS, _TIMER_INDEX_HTTP) if http else (TCP_TIMERS, _TIMER_INDEX_TCP)
        scopes = [values[SCOPE_ALL], values[backend]]
        states[SCOPE_ALL][state] += count
        states[backend][state] += count
        if server is not None and backend in multi_server:
            scope = f"{backend}/{server}"
            scopes.append(values[scope])
            states[scope][state] += count
        for name, value in zip(names, timers, strict=True):
            if value < 0:
                unset[name][state] += count
                continue
            for by_timer in scopes:
                by_timer[name][value] += count
        if was_queued:
            queued += count
        if timers[index["tc"]] >= 0:
            with_server += count
        total = timers[index["tt"]]
        if min(timers) >= 0:
            sum_checked += count
            parts = sum(timers) - total - (timers[index["ta"]] if http else 0)
            if abs(parts - total) > 1:
                sum_mismatches += count
        # Each phase's time, in PHASES order; a phase the mode lacks (TCP: TR, Tr) or -1 counts 0.
        spent = [max(timers[at], 0) if at is not None else 0 for at in phase_at[mode]]
        own = sum(spent)
        band = bands.get(own_band := band_index(own))
        if band is None:
            band = bands[own_band] = [0] * (2 + len(PHASES))
        band[0] += count
        band[1] += own * count
        for position, value in enumerate(spent, start=2):
            band[position] += value * count
    return TimerSecond(
        one_in=one_in,
        lines=lines,
        unparsed=unparsed,
        histograms={
            scope: {name: _encoded(counter) for name, counter in timers_of.items()}
            for scope, timers_of in values.items()
        },
        unset={name: dict(by_state) for name, by_state in unset.items()},
        states={scope: dict(by_state) for scope, by_state in states.items()},
        queued=queued,
        connections=connections,
        with_server=with_server,
        sum_checked=sum_checked,
        sum_mismatches=sum_mismatches,
        bands=[
            PhaseBand(
                upper_ms=BAND_UPPER_MS[band],
                count=sums[0],
                total_ms=sums[1],
                sums_ms=_phase_sums(sums[2:]),
            )
            for band, sums in sorted(bands.items())
        ],
    )


def _phase_sums(sums: Iterable[int]) -> dict[PhaseName, int]:
    return dict(zip(PHASES, sums, strict=True))


def _encoded(counter: Counter[int]) -> str:
    histogram = new_histogram()
    for ms, count in counter.items():
        histogram.record_value(min(ms * 1000, HIGHEST_US), count)  # HdrHistogram: microseconds
    return encode(histogram)


def key_of(request: LoggedRequest) -> LineKey:
    names = TIMER_KEYS if request.mode == "http" else TCP_TIMERS
    return (
        request.mode,
        request.backend,
        request.server,
        request.state,
        tuple(request.timers[name] for name in names),
        request.timers.get("tw", -1) > 0 or request.queued_ahead > 0,
    )


class RequestLogReader:
    """Reads the bound log socket from start() to stop(), emitting one timers sample a second of
    the run's clock (origin t0, epoch seconds on this host's clock)."""

    def __init__(
        self,
        sock: socket.socket,
        one_in: int,
        t0: float,
        emit: Callable[[list[SamplePoint]], None],
        multi_server: frozenset[str] = frozenset(),
        batch_wait_s: float = 0.0,
    ) -> None:
        self._sock = sock
        self._batch_wait_s = batch_wait_s
        self._one_in = one_in
        self._t0 = t0
        self._emit = emit
        self._multi_server = multi_server
        self._lock = threading.Lock()
        self._seconds: dict[int, _Second] = {}
        self._closed_through = -math.inf  # the last second emitted: later lines go after it
        self._connections = ConnectionEstimate(one_in)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, name="request-log-reader", daemon=True)
        self._ticker = SecondTicker("request-log-ticker", t0, self._tick)
        self.lines_read = 0

    def start(self) -> None:
        self._drain()  # lines from before sampling (readiness checks, an earlier config) are not the run's
        self._sock.settimeout(POLL_S)
        self._thread.start()
        self._ticker.start()

    def stop(self) -> None:
        self._stop.set()
        self._ticker.stop()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(POLL_S * 5)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _drain(self) -> None:
        self._sock.setblocking(False)
        with contextlib.suppress(BlockingIOError, InterruptedError):
            while True:
                self._sock.recv(LOG_LINE_MAX)

    def _read(self) -> None:
        recv = self._sock.recv
        while not self._stop.is_set():
            try:
                self._take(recv(LOG_LINE_MAX), host_time())
                while True:  # what else is queued, without waiting
                    self._take(recv(LOG_LINE_MAX, socket.MSG_DONTWAIT), host_time())
            except (TimeoutError, BlockingIOError):
                pass
            except OSError as exc:
                if not self._stop.is_set():
                    log.warning("request log reader: the socket failed (%s); reading stops", exc)
                return
            if self._batch_wait_s:
                self._stop.wait(self._batch_wait_s)

    def _take(self, datagram: bytes, now: float) -> None:
        request = parse_logged_request(datagram.decode("utf-8", "replace"))
        second = math.floor(now - self._t0)
        with self._lock:
            if second <= self._closed_through:
                second = int(self._closed_through) + 1  # arrived as its second was being closed
            bucket = self._seconds.get(second)
            if bucket is None:
                bucket = self._seconds[second] = _Second()
            if request is None:
                bucket.unparsed += 1
                return
            self.lines_read += 1
            bucket.keys[key_of(request)] += 1
            if self._connections.is_new(request, now):
                bucket.connections += 1

    def _tick(self, t: int, now: float) -> None:
        with self._lock:
            closed = sorted(s for s in self._seconds if s <= t)
            buckets = [self._seconds.pop(s) for s in closed]
            self._closed_through = max(self._closed_through, t)
        merged = _Second()
        for bucket in buckets:  # a second the ticker skipped (the box stalled) joins this one
            merged.keys.update(bucket.keys)
            merged.unparsed += bucket.unparsed
            merged.connections += bucket.connections
        second = timer_second(
            self._one_in, merged.keys, merged.unparsed, merged.connections, self._multi_server
        )
        data: dict[str, float | int] = {
            "lines": second.lines,
            "unparsed": second.unparsed,
            "queued": second.queued,
            "connections": second.connections,
            "with_server": second.with_server,
            "sum_mismatches": second.sum_mismatches,
        }
        self._emit(
            [SamplePoint(source=SOURCE, t=t, ts=datetime.fromtimestamp(now, UTC), data=data, timers=second)]
        )
