"""Link shaping on the proxy host: the tc argv, and real tbf qdiscs in a scratch namespace."""

from __future__ import annotations

import os
import secrets
import subprocess
from collections.abc import Iterator

import pytest

from agents.shaping import LinkShaper, ShapingError, qdisc_argv
from contract.lab import LinkCap, LinkShaping


def test_bandwidth_only_is_tbf_and_delay_is_netem() -> None:
    argv = qdisc_argv("hl00-prx", LinkCap(interface="veth-inj", rate_mbit=180))
    assert argv == [
        "tc",
        "-n",
        "hl00-prx",
        "qdisc",
        "replace",
        "dev",
        "veth-inj",
        "root",
        "tbf",
        "rate",
        "180mbit",
        "burst",
        "225000",
        "latency",
        "50ms",
    ]
    netem = qdisc_argv(None, LinkCap(interface="eth1", rate_mbit=10, delay_ms=20, loss_pct=0.5))
    assert netem[:2] == ["tc", "qdisc"] and netem[-7:] == [
        "netem",
        "rate",
        "10mbit",
        "delay",
        "20ms",
        "loss",
        "0.5%",
    ]


def test_loopback_and_delay_without_netem_are_refused_before_tc_runs() -> None:
    shaper = LinkShaper(None, ["tbf", "htb"])
    with pytest.raises(ShapingError, match="loopback"):
        shaper.apply(LinkShaping(links=[LinkCap(interface="lo", rate_mbit=10)]))
    with pytest.raises(ShapingError, match="netem"):
        shaper.apply(LinkShaping(links=[LinkCap(interface="veth-inj", rate_mbit=10, loss_pct=1)]))


@pytest.fixture
def scratch_netns() -> Iterator[str]:
    if os.geteuid() != 0:
        pytest.skip("tc in a namespace needs root")
    name = f"hlsh{secrets.token_hex(3)}"
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        subprocess.run(
            ["ip", "-n", name, "link", "add", "d0", "type", "veth", "peer", "name", "d1"], check=True
        )
        subprocess.run(["ip", "-n", name, "link", "set", "d0", "up"], check=True)
        yield name
    finally:
        subprocess.run(["ip", "netns", "del", name], check=False)


def qdiscs(netns: str) -> str:
    return subprocess.run(
        ["tc", "-n", netns, "qdisc", "show", "dev", "d0"], capture_output=True, text=True
    ).stdout


def test_caps_are_installed_in_the_namespace_and_cleared_exactly(scratch_netns: str) -> None:
    shaper = LinkShaper(scratch_netns, ["tbf", "htb"])
    applied = shaper.apply(LinkShaping(links=[LinkCap(interface="d0", rate_mbit=40)]))
    assert applied[0]["qdisc"] == "tbf"  # type: ignore[index]
    assert "tbf" in qdiscs(scratch_netns) and "rate 40Mbit" in qdiscs(scratch_netns)
    shaper.clear()
    shaper.clear()  # idempotent
    assert "tbf" not in qdiscs(scratch_netns)


def test_a_missing_interface_fails_with_tcs_words_and_leaves_nothing(scratch_netns: str) -> None:
    shaper = LinkShaper(scratch_netns, ["tbf"])
    both = LinkShaping(
        links=[LinkCap(interface="d0", rate_mbit=40), LinkCap(interface="nope0", rate_mbit=40)]
    )
    with pytest.raises(ShapingError, match="cannot shape nope0: tc exited"):
        shaper.apply(both)
    assert "tbf" not in qdiscs(scratch_netns)  # d0's cap was rolled back
