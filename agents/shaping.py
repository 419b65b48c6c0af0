"""Link shaping on the proxy host: the lab's bandwidth caps (contract.lab.LinkShaping) applied with tc.

Each capped interface gets a root qdisc on its egress, inside the agent's network namespace
(`tc -n NS`, without `ip netns exec`):
- bandwidth only: tbf (token bucket filter), which every kernel here has. The burst holds 10 ms
  at the rate but at least 64 KiB, so a whole GSO segment of a veth fits without tbf having to
  split it; 50 ms of queue, then drops, as on a real link (the same shape as dev/lab_netns).
- with delay or loss: netem, carrying the rate too. The lab's settings are refused before a
  run when the proxy host has no netem (contract.lab.netem_problem); this module re-checks.
Every command is an argv of typed values; nothing comes from shell text. What was installed is
remembered, so `clear()` (teardown) removes exactly that and leaves other interfaces alone.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Sequence

from pydantic import JsonValue

from agents import programs
from contract.lab import LinkCap, LinkShaping

TC_TIMEOUT_S = 10.0
TBF_LATENCY = "50ms"
MIN_BURST_BYTES = 64 * 1024
# Shaping loopback would slow every local process of the host, the lab's control plane included.
REFUSED_INTERFACES = frozenset({"lo"})


class ShapingError(RuntimeError):
    """tc refused a qdisc; the message names the interface and carries tc's own words."""


def tbf_burst_bytes(rate_mbit: float) -> int:
    return max(MIN_BURST_BYTES, int(rate_mbit * 1_000_000 / 8 / 100))


def qdisc_argv(netns: str | None, link: LinkCap) -> list[str]:
    """`tc qdisc replace ... root` for one capped interface."""
    rate = f"{link.rate_mbit:g}mbit"
    if link.needs_netem:
        spec = ["netem", "rate", rate]
        if link.delay_ms is not None:
            spec += ["delay", f"{link.delay_ms:g}ms"]
        if link.loss_pct is not None:
            spec += ["loss", f"{link.loss_pct:g}%"]
    else:
        spec = ["tbf", "rate", rate, "burst", str(tbf_burst_bytes(link.rate_mbit)), "latency", TBF_LATENCY]
    return [*_tc(netns), "qdisc", "replace", "dev", link.interface, "root", *spec]


def _tc(netns: str | None) -> list[str]:
    return ["tc", "-n", netns] if netns else ["tc"]


class LinkShaper:
    """Installs and removes the caps of one agent's namespace; thread-safe, clear() idempotent."""

    def __init__(self, netns: str | None, qdiscs: Sequence[str]) -> None:
        self.netns = netns
        self.qdiscs = frozenset(qdiscs)
        self._lock = threading.Lock()
        self._shaped: list[str] = []

    def apply(self, shaping: LinkShaping) -> list[JsonValue]:
        """Install every cap (replacing earlier ones); on any failure, remove what was installed."""
        for link in shaping.links:
            if link.interface in REFUSED_INTERFACES:
                raise ShapingError(
                    f"{link.interface}: loopback is never shaped (it carries the host's traffic)"
                )
            if link.needs_netem and "netem" not in self.qdiscs:
                raise ShapingError(f"{link.interface}: delay and loss need netem, which this kernel lacks")
        applied: list[JsonValue] = []
        with self._lock:
            try:
                for link in shaping.links:
                    argv = qdisc_argv(self.netns, link)
                    _run(argv, f"cannot shape {link.interface}")
                    if link.interface not in self._shaped:
                        self._shaped.append(link.interface)
                    qdisc = argv[argv.index("root") + 1]
                    applied.append({"interface": link.interface, "qdisc": qdisc, "argv": list(argv)})
            except ShapingError:
                self._clear_locked()
                raise
        return applied

    def clear(self) -> None:
        with self._lock:
            self._clear_locked()

    def _clear_locked(self) -> None:
        for interface in self._shaped:
            # Best effort: a namespace already gone took its qdiscs with it.
            programs.run([*_tc(self.netns), "qdisc", "del", "dev", interface, "root"], timeout=TC_TIMEOUT_S)
        self._shaped = []


def _run(argv: list[str], what: str) -> None:
    try:
        done = programs.run(argv, timeout=TC_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ShapingError(f"{what}: {exc}") from exc
    if done.returncode != 0:
        raise ShapingError(f"{what}: tc exited with {done.returncode}: {done.stderr.strip()}")
