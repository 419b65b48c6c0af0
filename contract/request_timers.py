"""HAProxy's per-request timers and termination states: the log line haplab owns, its reading,
the per-second form it travels in, and the run's summary of it.

HAProxy knows, for every request, where its time went (its log timers, HAProxy's manual 8.4) and
who ended it in which phase (the termination state, 8.5). Its stats socket averages only the
last 1,024 requests; haplab has HAProxy log every request (or a fixed sampled fraction of them)
in a format of its own to a unix datagram socket the proxy agent reads (no disk), and the agent
turns each second of lines into HdrHistograms per timer (the run's whole, each backend, each
server of a backend with several) and counts of termination states (docs/architecture.md, "The
path of a log line").

Timers are in milliseconds, as HAProxy logs them; -1 (the phase never happened or never
finished) is counted by termination state, never dropped and never recorded as a value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from pydantic import Field

from contract.strict import StrictModel

# --- the timers ---------------------------------------------------------------------------------

TimerName = Literal["th", "ti", "treq", "tw", "tc", "tr", "td", "ta", "tt"]

# (key, HAProxy's name, meaning) in HAProxy's order. The key names the timer everywhere in haplab
# (metric keys tw_p99_ms, summary fields); HAProxy's own TR and Tr differ only by case, so the
# request timer is `treq` and the server's response time keeps `tr`.
TIMERS: tuple[tuple[TimerName, str, str], ...] = (
    ("th", "Th", "handshake: accepting the connection and its TLS / PROXY handshakes (first request only)"),
    ("ti", "Ti", "idle: from the handshake (or the previous response) to the request's first byte"),
    ("treq", "TR", "request: receiving the request's headers"),
    ("tw", "Tw", "queue: waiting in HAProxy's backend and server queues for a connection slot"),
    ("tc", "Tc", "connect: establishing the connection to the server"),
    ("tr", "Tr", "server: from the server connection to the server's complete response headers"),
    ("td", "Td", "data: moving the body (the rest of the active time)"),
    ("ta", "Ta", "active: the request's first byte to the response's last (TR+Tw+Tc+Tr+Td)"),
    ("tt", "Tt", "total: accept to close (Th+Ti+TR+Tw+Tc+Tr+Td)"),
)
TIMER_KEYS: tuple[TimerName, ...] = tuple(key for key, _, _ in TIMERS)
HAPROXY_NAME: dict[TimerName, str] = {key: name for key, name, _ in TIMERS}
TIMER_MEANING: dict[TimerName, str] = {key: meaning for key, _, meaning in TIMERS}
# TCP mode logs a session, not a request: HAProxy sets only these (its manual: Ti, TR, Tr and Ta
# are HTTP's).
TCP_TIMERS: tuple[TimerName, ...] = ("th", "tw", "tc", "td", "tt")

# The phases a request's time is split into (the run page's breakdown): Ti, the idle time a
# keep-alive connection spends between requests, is not the request's time and is left out.
PhaseName = Literal["th", "treq", "tw", "tc", "tr", "td"]
PHASES: tuple[PhaseName, ...] = ("th", "treq", "tw", "tc", "tr", "td")
TCP_PHASES: tuple[PhaseName, ...] = ("th", "tw", "tc", "td")
PHASE_LABEL: dict[PhaseName, str] = {
    "th": "handshake (Th)",
    "treq": "request (TR)",
    "tw": "queue (Tw)",
    "tc": "connect (Tc)",
    "tr": "server (Tr)",
    "td": "data (Td)",
}

# --- the log line haplab owns -------------------------------------------------------------------

# Both formats begin with a tag naming the format's version and the mode, so a line is read by the
# format that wrote it. %b/%s are HAProxy names (no spaces); %ts the two-letter termination state;
# %bq/%sq the requests ahead in the backend / server queue; %rc retries; bc_src_port the server
# connection's local port (HAProxy 2.6 logs no "connection reused" flag: the port tells a
# connection already seen from a new one, see agents' reader).
LOG_FORMAT_HTTP = "hl1h %Th %Ti %TR %Tw %Tc %Tr %Td %Ta %Tt %ts %b %s %bq %sq %rc %[bc_src_port] %ST"
LOG_FORMAT_TCP = "hl1t %Th %Tw %Tc %Td %Tt %ts %b %s %bq %sq %rc %[bc_src_port]"
# The file name of the agent's log socket in its runtime directory.
LOG_SOCKET = "timers.sock"
# HAProxy's limit of one log line (its default is 1024): the lines above are far shorter, but
# server and backend names can be long.
LOG_LINE_MAX = 2048


@dataclass(frozen=True, slots=True)
class LoggedRequest:
    """One line of haplab's log format, read (a dataclass, not a model: the agent reads thousands a
    second, and these values come from HAProxy, not from a user)."""

    mode: Literal["http", "tcp"]
    # Each timer the mode has, ms; -1 where HAProxy logged -1.
    timers: dict[TimerName, int]
    # The termination state (two letters).
    state: str
    backend: str
    # None where no server was chosen (HAProxy's <NOSRV>).
    server: str | None
    # Requests ahead of it in the backend's and the server's queues.
    queued_ahead: int
    retries: int
    # The server connection's local port; None without a server connection.
    server_port: int | None
    # The HTTP status (http); None without one.
    status: int | None = None


def _int(word: str) -> int:
    # HAProxy prefixes a timer with '+' under logasap; haplab refuses logasap, so a '+' is a
    # foreign line, and int() refuses it like any other non-number.
    if not word or not (word.isdigit() or (word[0] == "-" and word[1:].isdigit())):
        raise ValueError(word)
    return int(word)


def parse_logged_request(line: str) -> LoggedRequest | None:
    """A line of LOG_FORMAT_HTTP or LOG_FORMAT_TCP, read; None when it is not one (a foreign or
    truncated line is counted by the reader as unparsed, never guessed at)."""
    words = line.split()
    mode: Literal["http", "tcp"]
    status: int | None
    try:
        if len(words) == 18 and words[0] == "hl1h":
            timers = dict(zip(TIMER_KEYS, (_int(w) for w in words[1:10]), strict=True))
            state, backend, server = words[10], words[11], words[12]
            rest, mode, status = words[13:17], "http", _int(words[17])
        elif len(words) == 13 and words[0] == "hl1t":
            timers = dict(zip(TCP_TIMERS, (_int(w) for w in words[1:6]), strict=True))
            state, backend, server = words[6], words[7], words[8]
            rest, mode, status = words[9:13], "tcp", None
        else:
            return None
        backend_queue, server_queue, retries = _int(rest[0]), _int(rest[1]), _int(rest[2])
        port = None if rest[3] == "-" else _int(rest[3])
    except ValueError:
        return None
    if len(state) != 2 or any(value < -1 for value in timers.values()):
        return None
    return LoggedRequest(
        mode=mode,
        timers=timers,
        state=state,
        backend=backend,
        server=None if server == "<NOSRV>" else server,
        queued_ahead=max(backend_queue, 0) + max(server_queue, 0),
        retries=max(retries, 0),
        server_port=port if port else None,
        status=status if status is not None and status >= 0 else None,
    )


# --- termination states ---------------------------------------------------------------------------

# HAProxy's manual, 8.5: the first letter says who or what ended the session, the second in which
# phase it was.
ENDED_BY: dict[str, str] = {
    "C": "the client aborted",
    "S": "the server aborted or refused",
    "P": "HAProxy aborted it (a limit, a deny, a security check)",
    "L": "HAProxy answered it itself",
    "R": "a resource on the proxy ran out",
    "I": "HAProxy hit an internal error",
    "D": "the server went down and its sessions were killed",
    "U": "an active server came back and this backup's sessions were killed",
    "K": "an admin killed it",
    "c": "the client-side timeout expired",
    "s": "the server-side timeout expired",
    "-": "it completed normally",
}
ENDED_IN: dict[str, str] = {
    "R": "while HAProxy waited for the request",
    "Q": "while it waited in the queue",
    "C": "while connecting to the server",
    "H": "while waiting for the server's response headers",
    "D": "in the data phase",
    "L": "while sending the last data to the client",
    "T": "while tarpitted",
    "-": "after the data",
}

StateGroup = Literal["normal", "client", "server", "proxy"]


def state_group(state: str) -> StateGroup:
    """Who ended the request: normal completion, the client (aborted or timed out), the server
    (aborted, refused or timed out), or HAProxy itself (limits, resources, kills, local answers)."""
    first = state[:1]
    if first == "-":
        return "normal"
    if first in ("C", "c"):
        return "client"
    if first in ("S", "s"):
        return "server"
    return "proxy"


def describe_state(state: str) -> str:
    """The state in words: "sQ" -> "the server-side timeout expired while it waited in the queue"."""
    if state == "--":
        return "completed normally"
    who = ENDED_BY.get(state[:1], f"ended by '{state[:1]}'")
    phase = ENDED_IN.get(state[1:2], f"in phase '{state[1:2]}'")
    return f"{who} {phase}"


# --- sampling ---------------------------------------------------------------------------------------

# The log lines a second the proxy agent reads in full without disturbing the run it measures
# (docs/benchmarks.md, "Request timers: the cost of collection"); above it HAProxy logs one request
# in N (its `log ... sample 1:N`), N chosen so the expected lines stay under this. Measured: a
# logged line costs ~20-25 us of the agent's reader and ~2.5 us of HAProxy's sending; at the local
# lab's saturation (everything on 2 cores) 2,000 lines a second cost ~0.89 of the throughput, so
# the reader gets half that: ~2.5 % of one core.
FULL_LOG_LINES_PER_S = 1_000
MAX_ONE_IN = 10_000


# A closed loop states no rate. Its most is one request per connection per endpoint delay (taken
# as at least a millisecond: a loopback round trip through HAProxy and a server), and no lab is
# assumed to serve more than this a second: an estimate too high only logs fewer requests (at 2,000
# lines a second, a minute still holds 120,000 requests), one too low disturbs the run it measures.
CLOSED_LOOP_CEILING_PER_S = 100_000


def expected_requests_per_s(
    *, rate: float | None, connections: int, endpoint_delay_ms: float | None, sessions_are_requests: bool
) -> float:
    """What the sampling rule expects HAProxy to log a second: an open loop's rate; for a closed
    loop, the most its connections can ask (CLOSED_LOOP_CEILING_PER_S when nothing bounds it). In
    TCP mode a log line is a session: with connections kept open (`sessions_are_requests` False)
    there are about as many as connections for the whole run."""
    if not sessions_are_requests:
        return float(connections)
    if rate is not None:
        return rate
    per_connection = 1000.0 / max(endpoint_delay_ms or 0.0, 1.0)
    return min(float(CLOSED_LOOP_CEILING_PER_S), connections * per_connection)


def one_in_for(expected_requests_per_s: float) -> int:
    """The sampling rule: 1 (every request) up to FULL_LOG_LINES_PER_S, else the smallest N that
    brings the expected rate under it."""
    if expected_requests_per_s <= FULL_LOG_LINES_PER_S:
        return 1
    return min(MAX_ONE_IN, math.ceil(expected_requests_per_s / FULL_LOG_LINES_PER_S))


# --- the per-second form (SamplePoint.timers) ------------------------------------------------------

# The breakdown's bands of a request's own time (its phases summed, idle left out), in ms: 0, then
# 1, 2, 3 ... growing ~12% a step to an hour, so a band's requests differ by at most ~12%.
BAND_UPPER_MS: tuple[int, ...] = tuple(
    sorted({0, *(max(1, round(1.12**step)) for step in range(0, 140))} | {3_600_000})
)
SCOPE_ALL = "*"


def band_index(total_ms: int) -> int:
    """The first band whose upper edge (inclusive) holds total_ms."""
    low, high = 0, len(BAND_UPPER_MS) - 1
    if total_ms >= BAND_UPPER_MS[high]:
        return high
    while low < high:
        middle = (low + high) // 2
        if BAND_UPPER_MS[middle] >= total_ms:
            high = middle
        else:
            low = middle + 1
    return low


class PhaseBand(StrictModel):
    """Requests of one second whose own time fell in one band, and what they spent in each phase."""

    upper_ms: int = Field(ge=0, description="The band's upper edge (BAND_UPPER_MS), inclusive.")
    count: int = Field(ge=1)
    total_ms: int = Field(ge=0, description="The sum of their own times (phases summed), ms.")
    sums_ms: dict[PhaseName, int] = Field(description="Per phase, the sum of their times in it, ms.")


class TimerSecond(StrictModel):
    """One second of HAProxy's request log, as the proxy agent read it (SamplePoint.timers)."""

    one_in: int = Field(ge=1, le=MAX_ONE_IN, description="HAProxy logged one request in this many.")
    lines: int = Field(ge=0, description="Log lines read and understood this second.")
    unparsed: int = Field(default=0, ge=0, description="Lines received that were not haplab's format.")
    histograms: dict[str, dict[TimerName, str]] = Field(
        default_factory=dict,
        description=(
            "Scope (* the whole, a backend, backend/server) -> timer -> base64 HdrHistogram V2 of its "
            "values in MICROSECONDS (ms x 1000, as every haplab histogram), -1 left out."
        ),
    )
    unset: dict[TimerName, dict[str, int]] = Field(
        default_factory=dict, description="Timer -> termination state -> requests where it was -1."
    )
    states: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="Scope -> termination state -> requests."
    )
    queued: int = Field(default=0, ge=0, description="Requests that waited in a queue.")
    connections: int = Field(
        default=0, ge=0, description="Requests the log shows opening a server connection."
    )
    with_server: int = Field(default=0, ge=0, description="Requests that reached a server (Tc set).")
    sum_checked: int = Field(default=0, ge=0, description="Requests whose timers were all set, checked.")
    sum_mismatches: int = Field(
        default=0, ge=0, description="Of those, the ones whose phases did not add up to Tt within 1 ms."
    )
    bands: list[PhaseBand] = Field(default_factory=list, max_length=len(BAND_UPPER_MS))


# --- the run's summary (RunSummary.timers) -----------------------------------------------------------


class TimerStats(StrictModel):
    """One timer over the measured window."""

    count: int = Field(ge=0, description="Requests where the timer was set (estimated when sampled).")
    unset: int = Field(ge=0, description="Requests where HAProxy logged -1 (estimated when sampled).")
    p50: float | None = None
    p90: float | None = None
    p99: float | None = None
    p999: float | None = None
    mean: float | None = None
    max: float | None = None


class PhaseSplit(StrictModel):
    """Where the time of the requests at one percentile of their own time went."""

    percentile: float = Field(description="50, 90 or 99: the requests at this percentile of their own time.")
    total_ms: float = Field(description="Their mean own time (phases summed), ms.")
    requests: int = Field(description="How many requests of the log that band holds.")
    phases: dict[PhaseName, float] = Field(description="Their mean time in each phase, ms.")


class RequestTimers(StrictModel):
    """HAProxy's per-request timers over the measured window (RunSummary.timers)."""

    mode: Literal["http", "tcp"]
    one_in: int = Field(ge=1, description="HAProxy logged one request in this many.")
    lines: int = Field(ge=0, description="Log lines read over the window.")
    unparsed: int = Field(default=0, ge=0)
    th: TimerStats | None = Field(default=None, description="Th: handshake, ms.")
    ti: TimerStats | None = Field(default=None, description="Ti: idle before the request, ms.")
    treq: TimerStats | None = Field(default=None, description="TR: receiving the request, ms.")
    tw: TimerStats | None = Field(default=None, description="Tw: waiting in the queues, ms.")
    tc: TimerStats | None = Field(default=None, description="Tc: connecting to the server, ms.")
    tr: TimerStats | None = Field(default=None, description="Tr: the server's response time, ms.")
    td: TimerStats | None = Field(default=None, description="Td: moving the data, ms.")
    ta: TimerStats | None = Field(default=None, description="Ta: active time, ms.")
    tt: TimerStats | None = Field(default=None, description="Tt: total session time, ms.")
    queued_share: float | None = Field(default=None, description="Requests that queued, share.")
    connects_per_request: float | None = Field(
        default=None, description="Server connections opened per request that reached one."
    )
    states: dict[str, int] = Field(default_factory=dict, description="Termination state -> requests.")
    ended_by_client: int = Field(default=0, ge=0, description="Ended by the client (C, c).")
    ended_by_server: int = Field(default=0, ge=0, description="Requests the server ended (S.., s..).")
    ended_by_proxy: int = Field(default=0, ge=0, description="Requests HAProxy ended (P, R, I, D, U, K, L).")
    unset_by_state: dict[TimerName, dict[str, int]] = Field(default_factory=dict)
    breakdown: list[PhaseSplit] = Field(default_factory=list, description="Where time went at p50, p90, p99.")
    scopes: dict[str, dict[TimerName, TimerStats]] = Field(
        default_factory=dict, description="Each backend (and backend/server): its timers."
    )
    sum_checked: int = Field(default=0, ge=0)
    sum_mismatches: int = Field(default=0, ge=0)
    haproxy_requests: int | None = Field(
        default=None, ge=0, description="HAProxy's counters over the same seconds."
    )
    dropped_lines: int | None = Field(
        default=None, ge=0, description="Log lines HAProxy could not send over the window (its DroppedLogs)."
    )


# --- the spec's setting -----------------------------------------------------------------------------


class RequestTimersSettings(StrictModel):
    """Whether and how the run collects HAProxy's per-request timers (ExperimentSpec.timers)."""

    collect: bool = Field(
        default=True,
        description=(
            "Have HAProxy log every request's timers to the proxy agent (no disk): where time went, by "
            "phase. Off: HAProxy logs nothing of haplab's, and the run has no timer figures."
        ),
    )
    one_in: int | None = Field(
        default=None,
        ge=1,
        le=MAX_ONE_IN,
        description=(
            "Log one request in this many. Empty: chosen by the rule (every request up to "
            f"{FULL_LOG_LINES_PER_S:,} expected a second, then the fewest that keeps under it)."
        ),
    )
