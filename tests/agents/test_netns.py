"""call_in_netns: a probe thread enters the lab's namespace; the rest of the agent does not."""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator

import pytest

from agents.netns import NETNS_DIR, call_in_netns
from dev.lab_netns import netns_usable

WHY_NOT = netns_usable()
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=f"no network namespaces: {WHY_NOT}")


@pytest.fixture
def namespace() -> Iterator[str]:
    name = f"hltest-netns-{os.getpid()}"
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        yield name
    finally:
        subprocess.run(["ip", "netns", "delete", name], check=False)


def current_netns() -> str:
    return os.readlink("/proc/thread-self/ns/net")


def test_the_call_runs_inside_the_namespace_and_the_caller_stays_outside(namespace: str) -> None:
    before = current_netns()
    inside = call_in_netns(namespace, current_netns)
    assert inside == f"net:[{os.stat(NETNS_DIR / namespace).st_ino}]"
    assert inside != before
    assert current_netns() == before


def test_errors_of_the_call_reach_the_caller(namespace: str) -> None:
    def connect_to_loopback() -> None:
        # A new namespace's loopback is down: the connect fails there, not in the root namespace.
        with socket.create_connection(("127.0.0.1", 9), timeout=1):
            pass

    with pytest.raises(OSError):
        call_in_netns(namespace, connect_to_loopback)


def test_a_missing_or_odd_namespace_is_refused() -> None:
    with pytest.raises(FileNotFoundError):
        call_in_netns("hltest-no-such-namespace", current_netns)
    with pytest.raises(ValueError, match="not a network namespace name"):
        call_in_netns("../etc", current_netns)


def test_without_a_namespace_the_call_runs_here() -> None:
    assert call_in_netns(None, current_netns) == current_netns()
