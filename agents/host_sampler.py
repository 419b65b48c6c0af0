"""Host samples: CPU busy per core and in total, network traffic per interface, memory, and how
far the host could be trusted to keep time.

CPU comes from /proc/stat (the whole machine: namespaces do not split CPUs). Two gauges say
whether the host itself disturbed the measurement: `steal_pct`, the share of CPU time the
hypervisor gave to other guests (a noisy neighbour on a cloud VM), and `tick_late_ms`, how late
the sampler woke for its second (a host too busy to run a thread on time also delays the load
tool and the proxy; worker.verdicts turns both into caveats on the run). Network counters
come from /proc/<pid>/net/dev, which shows the interfaces of the network namespace of process
<pid>: with a data-plane namespace, a long-lived `sleep` started inside it (an "anchor") is that
process, because running `ip netns exec` per sample costs ~0.3 s; without one, /proc/self.

Names follow contract.results.is_gauge: `cpu_pct`, `cpu0_pct`, `mem_used_pct` are gauges;
`rx_bytes`, `tx_bytes`, `rx_packets`, `tx_packets`, `rx_drop`, `tx_drop` (totals over every
interface of the namespace) and `<iface>.rx_bytes` ... are counters: per-second deltas.
"""

from __future__ import annotations

import contextlib
import logging
import subprocess
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from agents.netns import in_netns
from agents.programs import resolved
from agents.sessions import spawn
from agents.ticker import SecondTicker
from contract.results import SamplePoint

log = logging.getLogger(__name__)

NET_FIELDS = {"rx_bytes": 0, "rx_packets": 1, "rx_drop": 3, "tx_bytes": 8, "tx_packets": 9, "tx_drop": 11}
ANCHOR_START_TIMEOUT_S = 5.0


def read_cpu_times(text: str) -> dict[str, tuple[int, int, int]]:
    """{"cpu": (busy, total, steal), "cpu0": ...} in clock ticks since boot, from /proc/stat text."""
    times = {}
    for line in text.splitlines():
        if not line.startswith("cpu"):
            continue
        name, *raw = line.split()
        values = [int(v) for v in raw[:8]]  # user nice system idle iowait irq softirq steal
        idle = values[3] + (values[4] if len(values) > 4 else 0)
        total = sum(values)  # guest time is already included in user time
        steal = values[7] if len(values) > 7 else 0
        times[name] = (total - idle, total, steal)
    return times


def cpu_percentages(
    before: dict[str, tuple[int, int, int]], after: dict[str, tuple[int, int, int]]
) -> dict[str, float]:
    """Busy % of each CPU between two readings (`cpu_pct` for all, `cpuN_pct`), and `steal_pct`
    of all CPUs (time the hypervisor ran other guests; counted as busy, since nothing of ours
    could run then either)."""
    result = {}
    for name, (busy, total, steal) in after.items():
        if name not in before:
            continue
        d_total = total - before[name][1]
        if d_total <= 0:
            continue
        d_busy = busy - before[name][0]
        result[f"{name}_pct"] = round(100.0 * max(0, d_busy) / d_total, 2)
        if name == "cpu":
            result["steal_pct"] = round(100.0 * max(0, steal - before[name][2]) / d_total, 2)
    return result


def read_net_dev(text: str) -> dict[str, dict[str, int]]:
    """{interface: {rx_bytes, rx_packets, rx_drop, tx_bytes, tx_packets, tx_drop}} from net/dev."""
    interfaces = {}
    for line in text.splitlines()[2:]:
        if ":" not in line:
            continue
        name, numbers = line.split(":", 1)
        values = numbers.split()
        interfaces[name.strip()] = {key: int(values[index]) for key, index in NET_FIELDS.items()}
    return interfaces


def memory_used_pct(text: str) -> float | None:
    fields = {}
    for line in text.splitlines():
        key, _, rest = line.partition(":")
        parts = rest.split()
        if parts:
            fields[key] = int(parts[0])
    total, available = fields.get("MemTotal"), fields.get("MemAvailable")
    if not total or available is None:
        return None
    return round(100.0 * (total - available) / total, 2)


class HostSampler:
    """Reads the host's counters; each `sample()` returns the change since the previous one."""

    def __init__(self, netns: str | None) -> None:
        self._netns = netns
        self._anchor: subprocess.Popen[bytes] | None = None
        self._net_dev = Path("/proc/self/net/dev")
        self._cpu: dict[str, tuple[int, int, int]] | None = None
        self._net: dict[str, dict[str, int]] | None = None

    def start(self) -> None:
        if self._netns is not None:
            self._anchor = _start_anchor(self._netns)
            self._net_dev = Path(f"/proc/{self._anchor.pid}/net/dev")
        self.sample()  # the baseline: the first real sample is a delta from here

    def close(self) -> None:
        anchor, self._anchor = self._anchor, None
        if anchor is not None and anchor.poll() is None:
            anchor.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                anchor.wait(5)

    def sample(self) -> dict[str, float | int]:
        data: dict[str, float | int] = {}
        cpu = read_cpu_times(Path("/proc/stat").read_text())
        busy = cpu_percentages(self._cpu, cpu) if self._cpu is not None else {}
        data.update(busy)
        # A reading within the same clock tick as the last one has no CPU figure (no time passed):
        # keep the older baseline then, so the next sample measures a real interval.
        if self._cpu is None or busy:
            self._cpu = cpu
        memory = memory_used_pct(Path("/proc/meminfo").read_text())
        if memory is not None:
            data["mem_used_pct"] = memory
        net = read_net_dev(self._net_dev.read_text())
        if self._net is not None:
            data.update(_net_deltas(self._net, net))
        self._net = net
        return data


def _net_deltas(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> dict[str, int]:
    data: dict[str, int] = dict.fromkeys(NET_FIELDS, 0)
    for interface, counters in after.items():
        previous = before.get(interface)
        if previous is None:
            continue  # appeared since the last reading: its first delta comes next second
        for key, value in counters.items():
            delta = max(0, value - previous[key])  # a re-created interface restarts at 0
            data[f"{interface}.{key}"] = delta
            data[key] += delta
    return data


def _start_anchor(netns: str) -> subprocess.Popen[bytes]:
    """A `sleep` inside `netns` whose /proc/<pid>/net/dev shows that namespace's interfaces."""
    anchor = spawn(
        in_netns(netns, resolved(["sleep", "infinity"])),
        "namespace anchor",
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    comm = Path(f"/proc/{anchor.pid}/comm")
    deadline = time.monotonic() + ANCHOR_START_TIMEOUT_S
    # `ip netns exec` enters the namespace, then execs sleep: wait for the exec so net/dev
    # is read from inside the namespace, not from where `ip` started.
    while time.monotonic() < deadline:
        if anchor.poll() is not None:
            error = anchor.stderr.read().decode(errors="replace") if anchor.stderr else ""
            raise RuntimeError(f"cannot enter network namespace {netns}: {error.strip()}")
        with contextlib.suppress(OSError):
            if comm.read_text().strip() == "sleep":
                return anchor
        time.sleep(0.01)
    anchor.kill()
    anchor.wait(5)
    raise RuntimeError(f"no process started in network namespace {netns} within {ANCHOR_START_TIMEOUT_S:g} s")


class HostSamplingLoop:
    """Host samples for one run: SamplePoint(source, t, ts, data) every second of the run's clock."""

    def __init__(
        self, source: str, netns: str | None, t0: datetime, emit: Callable[[list[SamplePoint]], None]
    ) -> None:
        self.source = source
        self._sampler = HostSampler(netns)
        self._t0 = t0.timestamp()
        self._emit = emit
        self._ticker = SecondTicker("host-sampler", self._t0, self._tick)

    def start(self) -> None:
        self._sampler.start()
        self._ticker.start()

    def stop(self) -> None:
        self._ticker.stop()
        self._sampler.close()

    def _tick(self, t: int, now: float) -> None:
        data = self._sampler.sample()
        if data:
            # The tick for second t was due at t0 + t + 1 (agents.ticker).
            data["tick_late_ms"] = round(max(0.0, now - (self._t0 + t + 1)) * 1000, 1)
            self._emit([SamplePoint(source=self.source, t=t, ts=datetime.fromtimestamp(now, UTC), data=data)])
