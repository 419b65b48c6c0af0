"""Pick consecutive free ports for the synthetic servers.

Ports come from 20000-29999, below Linux's ephemeral range (32768+), so client connections of
the load never take them. Without a namespace the agent checks each port by binding it on the
data address; inside a namespace it cannot bind there, so nginx's own bind is the check and a
clash ("Address already in use") makes the caller try another base.
"""

from __future__ import annotations

import errno
import random
import socket
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

PORT_RANGE = (20_000, 30_000)
BASE_ATTEMPTS = 50


def port_is_free(address: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # nginx sets SO_REUSEADDR too, so a port held only by TIME_WAIT connections is usable.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((address, port))
        except OSError as exc:
            if exc.errno == errno.EADDRNOTAVAIL:
                raise OSError(f"{address} is not an address of this host (data_address)") from exc
            return False
    return True


def choose_ports(address: str, count: int, *, can_check: bool, rng: random.Random | None = None) -> list[int]:
    """`count` consecutive ports; free ones when `can_check` (else the caller retries on a clash)."""
    rng = rng or random.Random()
    low, high = PORT_RANGE
    for _ in range(BASE_ATTEMPTS):
        base = rng.randrange(low, high - count)
        ports = list(range(base, base + count))
        if not can_check:
            return ports
        if all(port_is_free(address, port) for port in ports):
            return ports
    raise OSError(f"no {count} consecutive free ports on {address} in {low}-{high}")


class PortClash(Exception):  # noqa: N818 - reads as the condition it reports
    """Another process holds one of the chosen ports (the server said so in its own words)."""


def on_free_ports(attempts: int, start: Callable[[], T]) -> T:
    """`start()` (which picks its ports and starts a server on them) until no PortClash; the last
    clash is raised when every attempt met one. `start` stops what it started before raising."""
    last = ""
    for _ in range(attempts):
        try:
            return start()
        except PortClash as exc:
            last = str(exc)
    raise PortClash(last)
