"""Host facts for the Hello and the host sampler, checked against this machine itself."""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from haproxy_upstream import pid_alive
from live_processes import wait_until

from agents import host
from agents.host import ToolProbe, host_facts, qdisc_facts, tool_versions
from agents.host_sampler import HostSampler, HostSamplingLoop, cpu_percentages, read_cpu_times, read_net_dev
from contract.results import SamplePoint, is_gauge

PROC_STAT = """\
cpu  100 0 50 800 50 0 0 0 0 0
cpu0 60 0 30 380 30 0 0 0 0 0
cpu1 40 0 20 420 20 0 0 0 0 0
intr 12345
"""
PROC_STAT_LATER = """\
cpu  160 0 70 910 60 0 0 0 0 0
cpu0 120 0 30 420 30 0 0 0 0 0
cpu1 40 0 40 490 30 0 0 0 0 0
"""
NET_DEV = """\
Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: 1000      10    0    0    0     0          0         0     1000      10    0    0    0     0       0          0
  eth0: 5000      50    0    2    0     0          0         0     7000      70    0    1    0     0       0          0
"""  # noqa: E501


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, capture_output=True, text=True, timeout=20, check=False)


@pytest.fixture
def scratch_netns() -> Iterator[str]:
    """A throwaway network namespace (root only), deleted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root")
    name = f"haplab-test-{uuid.uuid4().hex[:8]}"
    assert _run(["ip", "netns", "add", name]).returncode == 0
    try:
        yield name
    finally:
        _run(["ip", "netns", "delete", name])


def test_facts_describe_this_host() -> None:
    facts = host_facts()
    assert facts["cores"] == os.cpu_count()
    assert facts["kernel"] == _run(["uname", "-r"]).stdout.strip()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert facts["open_files_limit"] == {"soft": soft, "hard": hard}
    first_line = _run(["haproxy", "-vv"]).stdout.splitlines()[0]
    assert facts["haproxy_version_line"] == first_line
    assert str(facts["haproxy"]).startswith("2.6.")
    assert "Built with" in str(facts["haproxy_vv"])
    somaxconn = Path("/proc/sys/net/core/somaxconn").read_text().strip()
    assert facts["sysctls"]["net.core.somaxconn"] == somaxconn  # type: ignore[index,call-overload]


def test_the_host_identity_is_this_boot_hashed_and_the_same_in_a_network_namespace(
    scratch_netns: str,
) -> None:
    identity = host_facts()["host"]
    assert isinstance(identity, dict)
    raw_boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    assert identity["boot_id"] and raw_boot not in str(identity)  # hashed, never the raw id
    assert identity["hostname"] == socket.gethostname()
    # The local lab's agents live in network namespaces of one machine: one kernel, one boot id.
    inside = _run(
        ["ip", "netns", "exec", scratch_netns, sys.executable, "-c",
         "import json; from agents.host import host_identity; print(json.dumps(host_identity()))"],
    )  # fmt: skip
    assert json.loads(inside.stdout)["boot_id"] == identity["boot_id"]
    # A host that cannot say (no machine-id file) says nothing rather than a guess.
    assert host.host_identity(machine_id=Path("/nonexistent/machine-id"))["machine_id"] is None


def test_installed_tools_report_their_versions() -> None:
    tools = dict(tool_versions())
    # What the lab machines have (LAB-NOTES); hey cannot print a version: it comes from dpkg.
    expected = {"wrk": "4.1.0", "hey": "0.1.4", "h2load": "1.52.0", "nginx": "1.22.1"}
    for tool, version in expected.items():
        if tool in tools:
            assert tools[tool] == version
    assert tools.get("mariadb", "10.11").startswith("10.11")


def test_a_missing_tool_is_simply_absent(monkeypatch: pytest.MonkeyPatch) -> None:
    probes = (ToolProbe("no-such-tool", ("haplab-no-such-tool", "--version"), r"(\d+)", "none"),)
    monkeypatch.setattr(host, "TOOL_PROBES", probes)
    assert tool_versions() == []


def test_the_qdiscs_listed_are_the_ones_tc_can_add(scratch_netns: str) -> None:
    facts = qdisc_facts()
    assert str(facts["qdiscs_method"]).startswith("kernel config")
    listed = set(facts["qdiscs"])  # type: ignore[arg-type]
    qdiscs = {
        "tbf": ["tbf", "rate", "10mbit", "burst", "32kbit", "latency", "50ms"],
        "htb": ["htb", "default", "1"],
        "netem": ["netem", "delay", "1ms"],
    }
    for name, args in qdiscs.items():
        added = _run(["ip", "netns", "exec", scratch_netns, "tc", "qdisc", "add", "dev", "lo", "root", *args])
        _run(["ip", "netns", "exec", scratch_netns, "tc", "qdisc", "del", "dev", "lo", "root"])
        assert (added.returncode == 0) == (name in listed), f"{name}: tc says {added.stderr.strip()!r}"


def test_cpu_busy_percentages_come_from_proc_stat_deltas() -> None:
    before, after = read_cpu_times(PROC_STAT), read_cpu_times(PROC_STAT_LATER)
    pct = cpu_percentages(before, after)
    # cpu: busy +80 (user +60, system +20) of +200 ticks; idle and iowait are not busy.
    assert pct == {"cpu_pct": 40.0, "cpu0_pct": 60.0, "cpu1_pct": 20.0, "steal_pct": 0.0}
    assert all(is_gauge(name) for name in pct)


def test_steal_is_the_share_of_time_the_hypervisor_ran_other_guests() -> None:
    before = read_cpu_times("cpu  100 0 50 800 50 0 0 10 0 0\n")
    after = read_cpu_times("cpu  160 0 70 860 60 0 0 60 0 0\n")
    # +200 ticks: user +60, system +20, idle +60, iowait +10, steal +50. Stolen time is not
    # idle (nothing of ours ran), so it counts as busy too: 130 of 200.
    assert cpu_percentages(before, after) == {"cpu_pct": 65.0, "steal_pct": 25.0}


def test_net_dev_is_read_per_interface() -> None:
    interfaces = read_net_dev(NET_DEV)
    assert interfaces["eth0"] == {
        "rx_bytes": 5000,
        "rx_packets": 50,
        "rx_drop": 2,
        "tx_bytes": 7000,
        "tx_packets": 70,
        "tx_drop": 1,
    }
    assert set(interfaces) == {"lo", "eth0"}


def _send_over_loopback(size: int) -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        received = bytearray()

        def receive() -> None:
            conn, _ = server.accept()
            with conn:
                while chunk := conn.recv(65536):
                    received.extend(chunk)

        reader = threading.Thread(target=receive)
        reader.start()
        with socket.create_connection(("127.0.0.1", port)) as client:
            client.sendall(b"x" * size)
        reader.join(10)
        assert len(received) == size


def test_the_sampler_sees_loopback_traffic_as_per_reading_deltas() -> None:
    sampler = HostSampler(netns=None)
    sampler.start()
    try:
        _send_over_loopback(3_000_000)
        time.sleep(0.05)  # CPU figures need at least one clock tick (10 ms) since the baseline
        data = sampler.sample()
    finally:
        sampler.close()
    assert data["lo.rx_bytes"] >= 3_000_000
    assert data["rx_bytes"] >= data["lo.rx_bytes"]
    assert not is_gauge("lo.rx_bytes") and not is_gauge("tx_bytes")
    assert 0 <= data["cpu_pct"] <= 100 and 0 <= data["mem_used_pct"] <= 100


def test_with_a_namespace_the_sampler_reads_that_namespaces_interfaces(scratch_netns: str) -> None:
    sampler = HostSampler(netns=scratch_netns)
    sampler.start()
    anchor = sampler._anchor
    assert anchor is not None
    try:
        _send_over_loopback(1_000_000)  # on the host's loopback, not the namespace's
        data = sampler.sample()
    finally:
        sampler.close()
    assert data["lo.rx_bytes"] == 0, "traffic outside the namespace must not show"
    assert not any(key.startswith("eth") for key in data)
    assert not pid_alive(anchor.pid), "the anchor process is stopped"


def test_the_sampling_loop_labels_each_second_and_says_how_late_it_woke() -> None:
    t0 = datetime.now(UTC) + timedelta(seconds=0.3)
    emitted: list[SamplePoint] = []
    loop = HostSamplingLoop("host:test", None, t0, emitted.extend)
    loop.start()
    try:
        wait_until(lambda: len(emitted) >= 2 or None, 5, "two host samples")
    finally:
        loop.stop()
    first, second = emitted[:2]
    assert (first.source, second.t - first.t) == ("host:test", 1)
    assert first.t in (-1, 0), "the first tick closes the second just before t0 or the first after it"
    for sample in (first, second):
        assert is_gauge("tick_late_ms") and 0 <= sample.data["tick_late_ms"] < 500, sample.data
        # Taken just after the second it is labelled with had ended.
        due = t0 + timedelta(seconds=sample.t + 1)
        assert timedelta(0) <= sample.ts - due < timedelta(seconds=0.5), (sample.ts, due)
