"""The load drivers an injector agent can run, and what each can and cannot do.

A load profile is checked against this table before any run starts, so an impossible
combination (wrk with HTTP/2, hey in rate mode with keep-alive off ...) is refused with a
message that names the field and suggests a driver that can do it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DriverName = Literal["hey", "wrk", "h2load", "mariadb-slap", "vegeta"]


@dataclass(frozen=True)
class DriverInfo:
    name: DriverName
    http2: bool  # can speak HTTP/2 (h2c prior knowledge or TLS + ALPN)
    h1: bool  # can speak HTTP/1.1
    open_loop: bool  # can hold a fixed request rate (requests/s) instead of a closed loop
    keepalive_off: bool  # can close the connection after every request
    tls: bool  # can connect with TLS
    description: str
    http: bool = True  # speaks HTTP at all (mariadb-slap speaks the MariaDB protocol)
    custom_requests: bool = True  # can send a method, headers and body of our choosing
    stages: bool = False  # can change its rate or connections within a run (LoadProfile.stages)


DRIVERS: dict[str, DriverInfo] = {
    "hey": DriverInfo(
        name="hey",
        http2=True,
        h1=True,
        open_loop=True,
        keepalive_off=True,
        tls=True,
        description=(
            "Go HTTP load generator: clear error reasons, keep-alive off with -disable-keepalive, "
            "rate limit per worker with -q; CPU-heavy, and its Requests/sec includes errors."
        ),
    ),
    "wrk": DriverInfo(
        name="wrk",
        http2=False,
        h1=True,
        open_loop=False,
        keepalive_off=False,
        tls=True,
        description=(
            "The most efficient HTTP/1.1 keep-alive generator with good percentiles; connections "
            "never accepted or timed out can vanish from its report."
        ),
    ),
    "h2load": DriverInfo(
        name="h2load",
        http2=True,
        h1=True,
        open_loop=True,
        keepalive_off=False,
        tls=True,
        description=(
            "nghttp2's generator: HTTP/2 (h2c or TLS + ALPN) and HTTP/1.1 (--h1), honest "
            "succeeded/failed/timeout counts, a rate mode."
        ),
    ),
    "vegeta": DriverInfo(
        name="vegeta",
        http2=True,
        h1=True,
        open_loop=True,
        keepalive_off=True,
        tls=True,
        stages=True,
        description=(
            "Open-loop generator: sends on a fixed schedule whatever the replies do (new workers "
            "when all are busy); latency from the intended send time, late and dropped sends "
            "reported (coordinated-omission free)."
        ),
    ),
    "mariadb-slap": DriverInfo(
        name="mariadb-slap",
        http2=False,
        h1=False,
        open_loop=False,
        keepalive_off=False,
        tls=False,
        http=False,
        custom_requests=False,
        description=(
            "MariaDB's mysqlslap: concurrent SQL clients through a TCP-mode proxy (or straight at the "
            "lab's MariaDB); seconds per iteration and queries/s, no per-query latency."
        ),
    ),
}


def driver_info(name: str) -> DriverInfo:
    """The abilities of a driver; KeyError for an unknown name."""
    return DRIVERS[name]


def drivers_that(predicate_name: str) -> list[str]:
    """Names of drivers having the ability `predicate_name` (a DriverInfo boolean field)."""
    return [d.name for d in DRIVERS.values() if getattr(d, predicate_name)]
