"""Limits of the lab hosts that configs must respect."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

from pydantic import AfterValidator, Field

# This lab's hosts have an open-files hard limit of 20,000 that cannot be raised, and HAProxy
# needs about two descriptors per connection (client side + server side) plus a few for
# listeners, checks and the stats socket.
OPEN_FILES_HARD_LIMIT = 20_000
MAX_GLOBAL_MAXCONN = 9_900


def _check_maxconn(value: int | None) -> int | None:
    if value is not None and value > MAX_GLOBAL_MAXCONN:
        raise ValueError(
            f"maxconn {value} is above {MAX_GLOBAL_MAXCONN}: lab hosts allow {OPEN_FILES_HARD_LIMIT} "
            "open files and HAProxy needs about two per connection (client + server side), "
            "so it would refuse to start"
        )
    return value


MaxConn = Annotated[int, Field(ge=1), AfterValidator(_check_maxconn)]


# ---------------------------------------------------------------- caps on raw lines
#
# Raw lines may not size memory or connections beyond what a lab host holds. Each cap below is
# what the model allows or what a 2-core, 24 GiB lab host with 20,000 open files can hold for one
# HAProxy with room to spare; the reason says which. Sizes are bytes, counts are entries.


@dataclass(frozen=True)
class Cap:
    """The largest value a raw directive may set, and why."""

    limit: int
    why: str
    size: bool = False  # accepts k/m/g suffixes (1024-based), as HAProxy's parse_size_err


_FDS = f"lab hosts allow {OPEN_FILES_HARD_LIMIT} open files"
_BUFFERS = "buffers are allocated per connection; larger ones exhaust memory under load"
_SOCKET_BUFFER = Cap(16 * 1024 * 1024, f"kernel socket buffer per connection; {_BUFFERS}", size=True)

# Global `tune.*` directives: allowed by exact name only, each with its cap (None = a switch or
# a duration, nothing to size).
TUNE_CAPS: dict[str, Cap | None] = {
    "tune.maxrewrite": Cap(65_536, f"reserved in every buffer; {_BUFFERS}", size=True),
    "tune.http.maxhdr": Cap(1_024, "headers per message; each costs memory per request"),
    "tune.http.cookielen": Cap(4_096, "captured cookie length, allocated per request", size=True),
    "tune.http.logurilen": Cap(65_536, "logged URI length, allocated per request", size=True),
    "tune.h2.header-table-size": Cap(65_536, "HPACK table per HTTP/2 connection", size=True),
    "tune.h2.initial-window-size": Cap(16_777_216, "bytes a peer may send per HTTP/2 stream", size=True),
    "tune.h2.max-concurrent-streams": Cap(1_000, "streams per HTTP/2 connection, each with buffers"),
    "tune.h2.max-frame-size": Cap(16_777_215, "largest HTTP/2 frame (the protocol's own maximum)", size=True),
    "tune.ssl.cachesize": Cap(100_000, "TLS session cache entries (~200 bytes each), shared memory"),
    "tune.ssl.maxrecord": Cap(16_384, "TLS record size (the protocol's own maximum)", size=True),
    "tune.ssl.default-dh-param": Cap(4_096, "DH parameter bits; larger ones take minutes to use"),
    "tune.ssl.ssl-ctx-cache-size": Cap(10_000, "cached TLS contexts for generated certificates"),
    "tune.ssl.capture-buffer-size": Cap(4_096, "captured ClientHello bytes per TLS connection", size=True),
    "tune.ssl.lifetime": None,
    "tune.ssl.force-private-cache": None,
    "tune.comp.maxlevel": Cap(9, "zlib's highest level"),
    "tune.zlib.memlevel": Cap(9, "zlib's highest memory level"),
    "tune.zlib.windowsize": Cap(15, "zlib's largest window"),
    "tune.pattern.cache-size": Cap(1_000_000, "pattern cache entries, allocated at start"),
    "tune.vars.global-max-size": Cap(16 * 1024 * 1024, "memory for variables", size=True),
    "tune.vars.proc-max-size": Cap(16 * 1024 * 1024, "memory for variables", size=True),
    "tune.vars.sess-max-size": Cap(1024 * 1024, "memory for variables, per session", size=True),
    "tune.vars.txn-max-size": Cap(1024 * 1024, "memory for variables, per transaction", size=True),
    "tune.vars.reqres-max-size": Cap(1024 * 1024, "memory for variables, per request", size=True),
    "tune.maxaccept": Cap(1_024, "connections accepted per wake-up"),
    "tune.maxpollevents": Cap(1_024, "events per poll"),
    "tune.runqueue-depth": Cap(1_024, "tasks run per loop"),
    "tune.recv_enough": Cap(1024 * 1024, "bytes read before forwarding", size=True),
    "tune.idletimer": Cap(65_535, "milliseconds; HAProxy's own maximum"),
    "tune.pipesize": Cap(1024 * 1024, "kernel pipe size for splicing, per pipe", size=True),
    "tune.rcvbuf.client": _SOCKET_BUFFER,
    "tune.rcvbuf.server": _SOCKET_BUFFER,
    "tune.sndbuf.client": _SOCKET_BUFFER,
    "tune.sndbuf.server": _SOCKET_BUFFER,
    "tune.buffers.limit": Cap(100_000, "buffers allocated at most (each tune.bufsize bytes)"),
    "tune.buffers.reserve": Cap(1_000, "buffers kept in reserve"),
    "tune.max-checks-per-thread": Cap(10_000, "concurrent health checks per thread"),
    "tune.idle-pool.shared": None,
    "tune.sched.low-latency": None,
    "tune.fd.edge-triggered": None,
    "tune.listener.multi-queue": None,
}

# Other directives, by keyword: the cap on their first numeric argument.
DIRECTIVE_CAPS: dict[str, Cap] = {
    "backlog": Cap(65_535, "the kernel's largest listen backlog (somaxconn)"),
    "maxsslconn": Cap(MAX_GLOBAL_MAXCONN, f"{_FDS}: same cap as maxconn"),
    "maxpipes": Cap(MAX_GLOBAL_MAXCONN // 2, f"{_FDS} and each pipe holds two"),
    "maxzlibmem": Cap(1_024, "megabytes of compression memory"),
    "maxconnrate": Cap(1_000_000, "connections per second; beyond any lab host"),
    "maxsessrate": Cap(1_000_000, "sessions per second; beyond any lab host"),
    "maxsslrate": Cap(1_000_000, "TLS handshakes per second; beyond any lab host"),
    "maxcomprate": Cap(10_000_000, "kilobytes compressed per second; beyond any lab host"),
    "maxcompcpuusage": Cap(100, "a percentage"),
    "max-keep-alive-queue": Cap(1_000_000, "queued requests; beyond any lab host"),
}

# Sizes inside a directive's arguments.
STICK_TABLE_SIZE = Cap(1_048_576, "entries, allocated as the table fills (~100+ bytes each)", size=True)
STICK_TABLE_KEY_LEN = Cap(1_024, "bytes per string/binary key, allocated per entry")
CAPTURE_LEN = Cap(16_384, "bytes captured per request or response, allocated per stream")
SERVER_ARGUMENT_CAPS: dict[str, Cap] = {
    "maxconn": Cap(MAX_GLOBAL_MAXCONN, f"{_FDS}: same cap as the global maxconn"),
    "minconn": Cap(MAX_GLOBAL_MAXCONN, f"{_FDS}: same cap as the global maxconn"),
    "maxqueue": Cap(1_000_000, "queued requests per server"),
    "pool-max-conn": Cap(1_000_000, "idle connections kept per server"),
    "pool-low-conn": Cap(1_000_000, "idle connections per thread"),
}
_NUMBER = re.compile(r"(?P<digits>\d+)(?P<suffix>[kKmMgG]?)")
_SUFFIX = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}
_CAPTURE_ACTION_KEYWORDS = frozenset({"http-request", "http-response", "http-after-response", "tcp-request"})


def capped_values(keyword: str, words: list[str]) -> Iterator[tuple[str, str | None, Cap]]:
    """(what, value as written or None when missing, cap) for every word of the line `words`
    that HAProxy 2.6 may read as a capped number.

    EVERY occurrence is yielded: HAProxy keeps the last of a repeated argument (`stick-table type
    ip size 1k size 2g` makes a 2g table; parse_stick_table() and the server keyword parsers
    overwrite the value at each occurrence), and checking each one holds whichever it keeps, in
    any version. Positional arguments are read where HAProxy reads them, whatever word comes
    before (`capture cookie <name> len <len>` reads its fourth argument even when the third is
    not "len"), and also after every `len` word.
    """
    cap = TUNE_CAPS.get(keyword) or DIRECTIVE_CAPS.get(keyword)
    if cap is not None:  # `tune.x <value>`: HAProxy reads args[1] and refuses more arguments
        if len(words) < 2:
            yield keyword, None, cap
        for value in words[1:]:
            yield keyword, value, cap
        return
    if keyword == "stick-table":  # parse_stick_table(): `size` anywhere, `len` after type string|binary
        yield from _after(words, "size", "stick-table size", STICK_TABLE_SIZE)
        yield from _after(words, "len", "stick-table len", STICK_TABLE_KEY_LEN)
    elif keyword == "default-server":  # each server keyword's parser overwrites its field
        for name, server_cap in SERVER_ARGUMENT_CAPS.items():
            yield from _after(words, name, f"default-server {name}", server_cap)
    elif keyword == "capture":
        position = {"cookie": 4, "request": 5, "response": 5}.get(words[1] if len(words) > 1 else "")
        if position is not None and position < len(words):
            yield f"capture {words[1]} ... len", words[position], CAPTURE_LEN
        yield from _after(words, "len", "capture ... len", CAPTURE_LEN)
    elif keyword == "declare":  # `declare capture request|response len <length>`
        if len(words) > 4:
            yield "declare capture ... len", words[4], CAPTURE_LEN
        yield from _after(words, "len", "declare capture ... len", CAPTURE_LEN)
    elif keyword in _CAPTURE_ACTION_KEYWORDS and "capture" in words[1:]:
        # `http-request capture <sample> len <length>`: the sample may span several words
        after_capture = words[words.index("capture", 1) :]
        yield from _after(after_capture, "len", f"{keyword} capture ... len", CAPTURE_LEN)


def _after(words: list[str], name: str, what: str, cap: Cap) -> Iterator[tuple[str, str | None, Cap]]:
    for index, word in enumerate(words):
        if word == name:
            yield what, words[index + 1] if index + 1 < len(words) else None, cap


def cap_problem(what: str, value: str, cap: Cap) -> str | None:
    """Why `value` (as written in a raw line) may not set `what`, or None when it is within `cap`.

    Only what HAProxy reads exactly as we do passes: decimal digits (leading zeros are decimal for
    atol() and parse_size_err() alike), and a k/m/g suffix where the parser multiplies by 1024.
    Anything else (a sign, `0x`, blanks, trailing text that atol() would ignore) is refused; a
    number too large for HAProxy's integer is above every cap, whatever it wraps to there.
    """
    match = _NUMBER.fullmatch(value)
    if match is None or (match["suffix"] and not cap.size):
        unit = "a whole number (k/m/g suffixes allowed)" if cap.size else "a whole number"
        return f"{what} must be {unit}, not {value!r}"
    number = int(match["digits"]) * _SUFFIX[match["suffix"].lower()]
    if number > cap.limit:
        return f"{what} {value} is above the lab's cap of {cap.limit}: {cap.why}"
    return None
