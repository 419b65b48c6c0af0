"""What /proc says about the processes a role started: their user, groups, capabilities,
no_new_privs and environment (what agents.privileges and agents.programs promise)."""

from __future__ import annotations

import time
from pathlib import Path

from agents.privileges import LabUser

CAP_NET_BIND_SERVICE = 1 << 10


def status(pid: int) -> dict[str, str]:
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return {key: value.strip() for key, _, value in (line.partition(":") for line in lines)}


def environ(pid: int) -> list[str]:
    """The environment `pid` was started with (its exec's), one "NAME=value" each."""
    return [entry for entry in Path(f"/proc/{pid}/environ").read_bytes().decode().split("\0") if entry]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2 :].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def group_of(leader: int) -> list[int]:
    """Every live process of the process group `leader` leads (a server's master and workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[2]) == leader and fields[0] != "Z":
                found.append(int(entry.name))
    return sorted(found)


def wait_for_exec(pid: int, program: str, timeout_s: float = 10.0) -> None:
    """Until `pid` runs `program` (`ip netns exec` and `setpriv` exec it in the same process)."""
    deadline = time.monotonic() + timeout_s
    while Path(f"/proc/{pid}/comm").read_text().strip() != program[:15]:
        assert time.monotonic() < deadline, f"pid {pid} never became {program}"
        time.sleep(0.02)


def assert_runs_as(pid: int, user: LabUser, capabilities: int = 0, own_variables: str | None = None) -> None:
    """`pid` runs as `user` alone (every uid and gid, no supplementary group), keeps only
    `capabilities`, cannot gain privileges, and inherited no environment: its environment is
    empty, or holds only the variables the program set for itself (names starting with
    `own_variables`: HAProxy's master re-executes itself with its HAPROXY_* ones)."""
    found = status(pid)
    assert {int(u) for u in found["Uid"].split()} == {user.uid}, (pid, found["Name"], found["Uid"])
    assert {int(g) for g in found["Gid"].split()} == {user.gid}, (pid, found["Name"], found["Gid"])
    assert found["Groups"] == "", (pid, found["Name"], found["Groups"])
    assert int(found["CapEff"], 16) == capabilities, (pid, found["Name"], found["CapEff"])
    assert int(found["CapPrm"], 16) == capabilities, (pid, found["Name"], found["CapPrm"])
    assert int(found["CapBnd"], 16) == capabilities, (pid, found["Name"], found["CapBnd"])
    assert found["NoNewPrivs"] == "1", (pid, found["Name"])
    inherited = [v for v in environ(pid) if own_variables is None or not v.startswith(own_variables)]
    assert inherited == [], (pid, found["Name"], environ(pid))
