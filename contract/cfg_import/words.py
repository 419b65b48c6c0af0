"""Reading the values of haproxy.cfg words as HAProxy 2.6 reads them: times, numbers, binds,
servers' keywords and how many arguments each takes."""

from __future__ import annotations

import re
from collections.abc import Iterator

from contract.haproxy.names import MAX_MILLIS

# parse_time_err(): a number and a unit (us, ms, s, m, h, d); timeouts default to milliseconds.
_TIME = re.compile(r"(\d+)(us|ms|s|m|h|d)?")
_UNIT_MS = {"ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000}


def millis(word: str) -> int | None:
    """The time `word` stands for in whole milliseconds, or None (not a time, or not whole ms)."""
    match = _TIME.fullmatch(word)
    if match is None:
        return None
    value, unit = int(match.group(1)), match.group(2) or "ms"
    if unit == "us":
        if value % 1000:
            return None
        result = value // 1000
    else:
        result = value * _UNIT_MS[unit]
    return result if result <= MAX_MILLIS else None


def integer(word: str) -> int | None:
    return int(word) if word.isascii() and word.isdigit() and len(word) < 12 else None


# Bind keywords of HAProxy 2.6 that take a value (the rest take none): what a bind line's
# words mean, so a value is never read as a keyword.
BIND_WITH_VALUE = frozenset(
    {
        "accept-netscaler-cip", "alpn", "backlog", "ca-file", "ca-ignore-err", "ca-sign-file",
        "ca-sign-pass", "ciphers", "ciphersuites", "client-sigalgs", "crl-file", "crt",
        "crt-ignore-err", "crt-list", "curves", "ecdhe", "expose-fd", "gid", "group", "id",
        "interface", "level", "maxconn", "mode", "mss", "name", "namespace", "nice", "npn",
        "process", "proto", "quic-cc-algo", "severity-output", "sigalgs", "ssl-max-ver",
        "ssl-min-ver", "tcp-ut", "thread", "tls-ticket-keys", "uid", "user", "verify",
    }
)  # fmt: skip
# Server keywords of HAProxy 2.6 that take a value.
SERVER_WITH_VALUE = frozenset(
    {
        "addr", "agent-addr", "agent-inter", "agent-port", "agent-send", "alpn", "ca-file",
        "check-alpn", "check-proto", "check-sni", "ciphers", "ciphersuites", "client-sigalgs",
        "cookie", "crl-file", "crt", "curves", "downinter", "error-limit", "fall", "fastinter",
        "id", "init-addr", "inter", "interface", "log-proto", "max-reuse", "maxconn", "maxqueue",
        "minconn", "namespace", "npn", "observe", "on-error", "on-marked-down", "on-marked-up",
        "pool-low-conn", "pool-max-conn", "pool-purge-delay", "port", "proto", "redir",
        "resolve-net", "resolve-opts", "resolve-prefer", "resolvers", "rise", "sigalgs",
        "slowstart", "sni", "socks4", "source", "ssl-max-ver", "ssl-min-ver", "tcp-ut", "track",
        "usesrc", "verify", "verifyhost", "weight", "ws", "set-proxy-v2-tlv-fmt", "shard",
    }
)  # fmt: skip


def settings(words: list[str], with_value: frozenset[str]) -> Iterator[tuple[str, str | None]]:
    """(keyword, its value or None) for each setting of a bind or server line, as HAProxy reads
    them: a keyword in `with_value` takes the next word as its value."""
    index = 0
    while index < len(words):
        word = words[index]
        value = words[index + 1] if word in with_value and index + 1 < len(words) else None
        index += 2 if value is not None else 1
        yield word, value


# Address prefixes of a bind: TCP ones are kept (the port), the others have no lab equivalent.
_TCP_PREFIXES = ("ipv4@", "ipv6@", "tcp@", "tcp4@", "tcp6@")
_OTHER_PREFIXES = (
    "unix@",
    "abns@",
    "fd@",
    "sockpair@",
    "udp@",
    "udp4@",
    "udp6@",
    "quic4@",
    "quic6@",
    "uxst@",
    "uxdg@",
)


def bind_port(address: str) -> tuple[int | None, str]:
    """(the TCP port of a bind address, what of it is not kept) or (None, why it has none)."""
    lowered = address.lower()
    if lowered.startswith(_OTHER_PREFIXES) or address.startswith("/"):
        return None, f"{address} is not a TCP address; the lab's proxy listens on TCP ports"
    for prefix in _TCP_PREFIXES:
        if lowered.startswith(prefix):
            address = address[len(prefix) :]
    _, sep, ports = address.rpartition(":")
    if not sep:
        return None, f"{address} names no port"
    first, dash, last = ports.partition("-")
    port = integer(first)
    if port is None or not 1 <= port <= 65535:
        return None, f"{ports!r} is not a port"
    left_out = f"ports {int(first) + 1}-{last} of the range" if dash else ""
    return port, left_out
