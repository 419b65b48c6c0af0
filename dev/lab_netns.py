"""The local lab's network: three namespaces (injector, proxy, target) joined by two veth pairs.

    injector 10.77.1.1/24 <-> 10.77.1.2/24 proxy 10.77.2.1/24 <-> 10.77.2.2/24 target

Traffic between the roles crosses real interfaces, so `tc` can shape a link the way a small
cloud instance is shaped (tbf; the kernel has no netem). There is no route beyond the connected
subnets and the proxy does not forward: the injector reaches only the proxy, the proxy the target.
The addresses exist only inside these namespaces, so several labs (parallel test processes) reuse
them; only the namespace names must differ, hence the random `hlXXXX` prefix.

Veth ends are created directly inside their namespaces (`ip link add ... netns NS`), so their
names never touch the root namespace and are the same in every lab: `veth-prx` in the injector
and the target, `veth-inj` and `veth-tgt` in the proxy.

Everything here is `ip`/`tc`/`sysctl` with fixed argument lists, run as root.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from agents.shaping import qdisc_argv
from contract.lab import LinkCap

ROLES = ("injector", "proxy", "target")
NETNS_SUFFIX = {"injector": "inj", "proxy": "prx", "target": "tgt"}
LinkName = Literal["inj-prx", "prx-tgt"]

# (namespace role, interface, address/prefix) for each end of each link.
LINKS: dict[str, tuple[tuple[str, str, str], tuple[str, str, str]]] = {
    "inj-prx": (("injector", "veth-prx", "10.77.1.1/24"), ("proxy", "veth-inj", "10.77.1.2/24")),
    "prx-tgt": (("proxy", "veth-tgt", "10.77.2.1/24"), ("target", "veth-prx", "10.77.2.2/24")),
}
# The optional injector <-> target veth of Topology.open_direct_path: (role, interface) per end.
DIRECT_PATH = (("injector", "veth-tgt"), ("target", "veth-inj"))
# The lab's own networks: its runs may reach them (registered in the lab's traffic boundary).
LAB_NETWORKS = ("10.77.1.0/24", "10.77.2.0/24")
# The address each host shows its peer: what its agent gets as --data-address.
DATA_ADDRESS = {"injector": "10.77.1.1", "proxy": "10.77.1.2", "target": "10.77.2.2"}
# Load tests open many short connections quickly; these are the settings that decide whether the
# kernel or HAProxy is the limit. ip_forward=0 states that the proxy is a proxy, not a router.
SYSCTLS = {
    "net.core.somaxconn": "4096",
    "net.ipv4.ip_local_port_range": "10240 65000",
    "net.ipv4.tcp_tw_reuse": "1",
    "net.ipv4.ip_forward": "0",
}
COMMAND_TIMEOUT = 10.0


class NetnsError(RuntimeError):
    """An `ip`/`tc` command failed; the message carries the command and its stderr."""


def run(argv: Sequence[str], check: bool = True) -> subprocess.CompletedProcess[str]:
    """A short, bounded command; failures raise NetnsError naming the command."""
    try:
        result = subprocess.run(
            list(argv),
            capture_output=True,
            text=True,
            timeout=COMMAND_TIMEOUT,
            stdin=subprocess.DEVNULL,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise NetnsError(f"{' '.join(argv)}: {e}") from e
    if check and result.returncode != 0:
        raise NetnsError(f"{' '.join(argv)} exited with {result.returncode}: {result.stderr.strip()}")
    return result


def list_netns() -> list[str]:
    """Names from `ip netns list` (each line is `NAME` or `NAME (id: N)`)."""
    out = run(["ip", "netns", "list"], check=False).stdout
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def new_prefix() -> str:
    """`hl` + 4 hex digits, not used by any namespace now (names stay <= 15 characters)."""
    taken = {name.split("-")[0] for name in list_netns()}
    for _ in range(100):
        prefix = f"hl{secrets.token_hex(2)}"
        if prefix not in taken:
            return prefix
    raise NetnsError("no free namespace prefix after 100 tries")


def netns_names(prefix: str) -> dict[str, str]:
    return {role: f"{prefix}-{NETNS_SUFFIX[role]}" for role in ROLES}


def in_netns(netns: str, argv: Sequence[str]) -> list[str]:
    return ["ip", "netns", "exec", netns, *argv]


@dataclass(frozen=True)
class Topology:
    """The three namespaces of one lab, by role; create with `Topology.create(prefix)`."""

    prefix: str

    @property
    def netns(self) -> dict[str, str]:
        return netns_names(self.prefix)

    @classmethod
    def create(cls, prefix: str) -> Topology:
        """Namespaces, veth pairs, addresses, sysctls. On any failure, removes what it made."""
        topo = cls(prefix)
        try:
            for name in topo.netns.values():
                run(["ip", "netns", "add", name])
                run(["ip", "-n", name, "link", "set", "lo", "up"])
            for (role_a, if_a, addr_a), (role_b, if_b, addr_b) in LINKS.values():
                ns_a, ns_b = topo.netns[role_a], topo.netns[role_b]
                run(
                    [
                        "ip",
                        "link",
                        "add",
                        if_a,
                        "netns",
                        ns_a,
                        "type",
                        "veth",
                        "peer",
                        "name",
                        if_b,
                        "netns",
                        ns_b,
                    ]
                )
                for ns, ifname, addr in ((ns_a, if_a, addr_a), (ns_b, if_b, addr_b)):
                    run(["ip", "-n", ns, "addr", "add", addr, "dev", ifname])
                    run(["ip", "-n", ns, "link", "set", ifname, "up"])
            for name in topo.netns.values():
                run(in_netns(name, ["sysctl", "-q", "-w", *(f"{k}={v}" for k, v in SYSCTLS.items())]))
        except BaseException:
            topo.destroy()
            raise
        return topo

    def exists(self) -> bool:
        return bool(set(self.netns.values()) & set(list_netns()))

    def destroy(self) -> list[int]:
        """Delete the namespaces (their veth ends go with them). Idempotent.

        A process still inside one (an HAProxy orphaned by a killed agent) would keep the
        namespace alive unnamed and invisible: such processes are ours, so they are killed first.
        Returns their PIDs.
        """
        existing = set(list_netns())
        killed: list[int] = []
        for name in self.netns.values():
            if name not in existing:
                continue
            killed += kill_processes_in(name)
            run(["ip", "netns", "del", name], check=False)
        left = set(self.netns.values()) & set(list_netns())
        if left:
            raise NetnsError(f"namespaces still present after delete: {sorted(left)}")
        return killed

    # --- link shaping -------------------------------------------------------------------------

    def proxy_side(self, link: LinkName) -> tuple[str, str]:
        """(namespace, interface) of the proxy's end of a link: where shaping is installed."""
        if link not in LINKS:
            raise ValueError(f"unknown link {link!r}: one of {sorted(LINKS)}")
        end = next(end for end in LINKS[link] if end[0] == "proxy")
        return self.netns["proxy"], end[1]

    def shape_link(self, link: LinkName, rate_mbit: float) -> None:
        """Cap the proxy's egress on `link` at `rate_mbit` with the same tbf the proxy agent
        installs for a lab's link_shaping setting (agents/shaping.py says why its burst and queue)."""
        if rate_mbit <= 0:
            raise ValueError("rate_mbit must be positive")
        ns, ifname = self.proxy_side(link)
        run(qdisc_argv(ns, LinkCap(interface=ifname, rate_mbit=rate_mbit)))

    def unshape(self, link: LinkName) -> None:
        """Back to the default qdisc; nothing to do when the link is not shaped."""
        ns, ifname = self.proxy_side(link)
        if " tbf " in self.qdiscs(link):
            run(["tc", "-n", ns, "qdisc", "del", "dev", ifname, "root"])

    def qdiscs(self, link: LinkName) -> str:
        ns, ifname = self.proxy_side(link)
        return run(["tc", "-n", ns, "qdisc", "show", "dev", ifname]).stdout

    # --- the direct path (opt-in) --------------------------------------------------------------

    def open_direct_path(self) -> None:
        """A veth from the injector straight to the target, for baselines that bypass the proxy
        (load.via "direct"). Only /32 routes between the two data addresses use it, so nothing
        else changes: the target keeps its one address, and the injector's agent still refuses
        to load it unless the worker names it for a direct run. Idempotent."""
        if self.direct_path_open():
            return
        (inj_role, inj_if), (tgt_role, tgt_if) = DIRECT_PATH
        ns_inj, ns_tgt = self.netns[inj_role], self.netns[tgt_role]
        run(
            [
                "ip",
                "link",
                "add",
                inj_if,
                "netns",
                ns_inj,
                "type",
                "veth",
                "peer",
                "name",
                tgt_if,
                "netns",
                ns_tgt,
            ]
        )
        ends = ((ns_inj, inj_if, tgt_role, inj_role), (ns_tgt, tgt_if, inj_role, tgt_role))
        for ns, ifname, peer, own in ends:
            run(["ip", "-n", ns, "link", "set", ifname, "up"])
            run(
                [
                    "ip",
                    "-n",
                    ns,
                    "route",
                    "add",
                    f"{DATA_ADDRESS[peer]}/32",
                    "dev",
                    ifname,
                    "src",
                    DATA_ADDRESS[own],
                ]
            )

    def close_direct_path(self) -> None:
        """Remove the direct veth (its routes go with it). Idempotent."""
        (inj_role, inj_if), _ = DIRECT_PATH
        run(["ip", "-n", self.netns[inj_role], "link", "del", inj_if], check=False)

    def direct_path_open(self) -> bool:
        (inj_role, inj_if), _ = DIRECT_PATH
        return run(["ip", "-n", self.netns[inj_role], "link", "show", inj_if], check=False).returncode == 0


def kill_processes_in(netns: str, grace: float = 5.0) -> list[int]:
    """SIGTERM, then SIGKILL after `grace` s, every process inside one of our namespaces."""
    pids = _pids_in(netns)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while _pids_in(netns) and time.monotonic() < deadline:
            time.sleep(0.1)
        if not _pids_in(netns):
            break
    return pids


def _pids_in(netns: str) -> list[int]:
    out = run(["ip", "netns", "pids", netns], check=False).stdout
    return [int(p) for p in out.split() if p.isdigit()]


def netns_usable() -> str | None:
    """None when this process can make namespaces, else why not (for the loopback fallback)."""
    if os.geteuid() != 0:
        return "not root"
    probe = f"{new_prefix()}-probe"
    try:
        run(["ip", "netns", "add", probe])
    except NetnsError as e:
        return f"`ip netns add` failed: {e}"
    run(["ip", "netns", "del", probe], check=False)
    return None
