"""The local lab's network: a namespace per host (N injectors, a proxy, a target) joined by veths.

    injector-1 10.77.1.1/24  <-> 10.77.1.2/24  proxy 10.77.2.1/24 <-> 10.77.2.2/24 target
    injector-2 10.77.12.1/24 <-> 10.77.12.2/24 proxy
    injector-i 10.77.(10+i).1/24 <-> 10.77.(10+i).2/24 proxy          (i = 2 .. MAX_INJECTORS)

Traffic between the roles crosses real interfaces, so `tc` can shape a link the way a small
cloud instance is shaped (tbf; the kernel has no netem). Each injector has a veth pair of its own
to the proxy on a subnet of its own; injector-1 keeps 10.77.1.0/24, so a one-injector lab is the
lab it always was. Every injector loads the proxy at one address, the proxy's data address
10.77.1.2: injectors after the first reach it over their own veth by a /32 route (the proxy
accepts a packet for any of its addresses on any of its interfaces and answers over the
connected route back), so their traffic never crosses injector-1's link. There is no other route
and the proxy does not forward: an injector reaches only the proxy (not the target, not another
injector), the proxy the target. The addresses exist only inside these namespaces, so several
labs (parallel test processes, `make up` with HAPLAB_LOCAL_LABS) reuse them; only the namespace
names must differ, hence the random `hlXXXX` prefix (every namespace of a lab is `hlXXXX-*`). Two
labs built at the same moment may draw the same prefix: `ip netns add` refuses an existing name,
so the second gets PrefixTaken, removes only what it made, and draws again (dev/lab.py).

Veth ends are created directly inside their namespaces (`ip link add ... netns NS`), so their
names never touch the root namespace and are the same in every lab: `veth-prx` in each injector
and in the target; in the proxy `veth-tgt` and, per injector, `veth-inj` (injector-1),
`veth-inj2`, `veth-inj3` ...

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

LinkName = Literal["inj-prx", "prx-tgt"]
# A lab of more injectors than this would not fit on one machine's cores anyway; the bound keeps
# names (hlXXXX-injNN) and subnets (10.77.(10+i).0/24) well inside their limits.
MAX_INJECTORS = 8
PROXY = "proxy-1"
TARGET = "target-1"
# The address each host shows its peers: what its agent gets as --data-address. Every injector
# loads the proxy at PROXY_ADDRESS (see the module's docstring for how injectors after the first
# reach it); the target's is the proxy's peer on prx-tgt.
PROXY_ADDRESS = "10.77.1.2"
TARGET_ADDRESS = "10.77.2.2"
TARGET_NETWORK = "10.77.2.0/24"


def injector_name(index: int) -> str:
    """The host (and agent) name of the index-th injector, 1-based: injector-1, injector-2 ..."""
    return f"injector-{index}"


def host_names(injectors: int) -> list[str]:
    """Every host of a lab of `injectors` injectors: the injectors in order, then proxy and target."""
    check_injector_count(injectors)
    return [*(injector_name(i) for i in range(1, injectors + 1)), PROXY, TARGET]


def role_of(host: str) -> str:
    return host.rsplit("-", 1)[0]


def injector_index(host: str) -> int:
    return int(host.rsplit("-", 1)[1])


def check_injector_count(injectors: int) -> None:
    if not 1 <= injectors <= MAX_INJECTORS:
        raise ValueError(f"a local lab has 1 to {MAX_INJECTORS} injectors, not {injectors}")


def _injector_octet(index: int) -> int:
    # injector-1 keeps 10.77.1.0/24 (nothing of a one-injector lab moves); 10.77.2.0/24 is
    # prx-tgt's, so the others start further up: 10.77.12.0/24, 10.77.13.0/24 ...
    return 1 if index == 1 else 10 + index


def injector_network(index: int) -> str:
    return f"10.77.{_injector_octet(index)}.0/24"


def injector_address(index: int) -> str:
    return f"10.77.{_injector_octet(index)}.1"


def proxy_interface_towards(index: int) -> str:
    """The proxy's end of the index-th injector's veth: veth-inj, veth-inj2, veth-inj3 ..."""
    return "veth-inj" if index == 1 else f"veth-inj{index}"


def data_address(host: str) -> str:
    if host == PROXY:
        return PROXY_ADDRESS
    if host == TARGET:
        return TARGET_ADDRESS
    return injector_address(injector_index(host))


def netns_suffix(host: str) -> str:
    """hlXXXX-inj (injector-1), -inj2 ..., -prx, -tgt."""
    if host == PROXY:
        return "prx"
    if host == TARGET:
        return "tgt"
    index = injector_index(host)
    return "inj" if index == 1 else f"inj{index}"


@dataclass(frozen=True)
class VethEnd:
    host: str
    interface: str
    address: str  # address/prefix

    @property
    def role(self) -> str:
        return role_of(self.host)


@dataclass(frozen=True)
class Veth:
    """One veth pair of the lab; `link` names the group it belongs to: "inj-prx" is every
    injector's veth to the proxy (the clients' side of the proxy), "prx-tgt" the target's."""

    link: LinkName
    ends: tuple[VethEnd, VethEnd]

    @property
    def proxy_end(self) -> VethEnd:
        return next(end for end in self.ends if end.host == PROXY)


def veths(injectors: int) -> list[Veth]:
    """Every veth pair of a lab of `injectors` injectors: one per injector, then proxy <-> target."""
    check_injector_count(injectors)
    out = []
    for index in range(1, injectors + 1):
        prefix = injector_network(index).rsplit(".", 1)[0]
        out.append(
            Veth(
                "inj-prx",
                (
                    VethEnd(injector_name(index), "veth-prx", f"{prefix}.1/24"),
                    VethEnd(PROXY, proxy_interface_towards(index), f"{prefix}.2/24"),
                ),
            )
        )
    target_ends = (VethEnd(PROXY, "veth-tgt", "10.77.2.1/24"), VethEnd(TARGET, "veth-prx", "10.77.2.2/24"))
    out.append(Veth("prx-tgt", target_ends))
    return out


LINK_NAMES: tuple[LinkName, ...] = ("inj-prx", "prx-tgt")
# The optional injector <-> target veths of Topology.open_direct_path: the injector's end and the
# target's end (veth-inj for injector-1, veth-inj2 ... like the proxy's ends).
DIRECT_PATH_INJECTOR_END = "veth-tgt"


# The lab's own networks: its runs may reach them (registered in the lab's traffic boundary).
# Injector-1's subnet holds the proxy's data address, which every injector loads; the other
# injectors' subnets hold nothing a run may load, so they stay out of the boundary.
LAB_NETWORKS = (injector_network(1), TARGET_NETWORK)

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


class PrefixTaken(NetnsError):  # noqa: N818 - reads as the condition it reports
    """Another lab holds a namespace of the prefix drawn (two labs drew it at the same moment)."""


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


def in_netns(netns: str, argv: Sequence[str]) -> list[str]:
    return ["ip", "netns", "exec", netns, *argv]


def namespaces_with_prefix(prefix: str) -> list[str]:
    """Every namespace of the lab `prefix` that exists now, whatever its number of injectors."""
    return [name for name in list_netns() if name.startswith(f"{prefix}-")]


@dataclass(frozen=True)
class Topology:
    """The namespaces of one lab; create with `Topology.create(prefix, injectors)`."""

    prefix: str
    injectors: int = 1

    @property
    def namespaces(self) -> dict[str, str]:
        """host (injector-1 ..., proxy-1, target-1) -> its namespace."""
        return {host: f"{self.prefix}-{netns_suffix(host)}" for host in host_names(self.injectors)}

    @property
    def netns(self) -> dict[str, str]:
        """role -> namespace of the role's first host (injector-1's for "injector")."""
        by_role: dict[str, str] = {}
        for host, name in self.namespaces.items():
            by_role.setdefault(role_of(host), name)
        return by_role

    @property
    def injector_netns(self) -> list[str]:
        return [name for host, name in self.namespaces.items() if role_of(host) == "injector"]

    @property
    def veths(self) -> list[Veth]:
        return veths(self.injectors)

    @classmethod
    def create(cls, prefix: str, injectors: int = 1) -> Topology:
        """Namespaces, veth pairs, addresses, routes, sysctls. On any failure, removes what it made."""
        check_injector_count(injectors)
        topo = cls(prefix, injectors)
        namespaces = topo.namespaces
        made: list[str] = []
        try:
            for name in namespaces.values():
                # `ip netns add` refuses a name that exists (it creates /run/netns/NAME exclusively):
                # a lab built at the same moment that drew the same prefix has it, and only what
                # this call made is removed below, never that lab's namespaces.
                if run(["ip", "netns", "add", name], check=False).returncode != 0:
                    if name in list_netns():
                        raise PrefixTaken(f"namespace {name} exists: prefix {prefix} is another lab's")
                    run(["ip", "netns", "add", name])  # raises, with ip's own words
                made.append(name)
                run(["ip", "-n", name, "link", "set", "lo", "up"])
            for veth in topo.veths:
                a, b = veth.ends
                ns_a, ns_b = namespaces[a.host], namespaces[b.host]
                run(
                    [
                        "ip",
                        "link",
                        "add",
                        a.interface,
                        "netns",
                        ns_a,
                        "type",
                        "veth",
                        "peer",
                        "name",
                        b.interface,
                        "netns",
                        ns_b,
                    ]
                )
                for ns, end in ((ns_a, a), (ns_b, b)):
                    run(["ip", "-n", ns, "addr", "add", end.address, "dev", end.interface])
                    run(["ip", "-n", ns, "link", "set", end.interface, "up"])
            for index in range(2, injectors + 1):
                # The proxy's data address, over this injector's own veth (module docstring).
                run(
                    [
                        "ip",
                        "-n",
                        namespaces[injector_name(index)],
                        "route",
                        "add",
                        f"{PROXY_ADDRESS}/32",
                        "dev",
                        "veth-prx",
                        "src",
                        injector_address(index),
                    ]
                )
            for name in namespaces.values():
                run(in_netns(name, ["sysctl", "-q", "-w", *(f"{k}={v}" for k, v in SYSCTLS.items())]))
        except BaseException:
            for name in made:
                run(["ip", "netns", "del", name], check=False)  # nothing runs in them yet
            raise
        return topo

    def exists(self) -> bool:
        return bool(namespaces_with_prefix(self.prefix))

    def destroy(self) -> list[int]:
        """Delete every namespace of this lab's prefix (their veth ends go with them): also those
        of a run of the same lab dir with more injectors. Idempotent.

        A process still inside one (an HAProxy orphaned by a killed agent) would keep the
        namespace alive unnamed and invisible: such processes are ours, so they are killed first.
        Returns their PIDs.
        """
        killed: list[int] = []
        for name in namespaces_with_prefix(self.prefix):
            killed += kill_processes_in(name)
            run(["ip", "netns", "del", name], check=False)
        if left := namespaces_with_prefix(self.prefix):
            raise NetnsError(f"namespaces still present after delete: {sorted(left)}")
        return killed

    # --- link shaping -------------------------------------------------------------------------

    def proxy_side(self, link: LinkName) -> list[tuple[str, str]]:
        """(namespace, interface) of the proxy's end of each veth of a link, where shaping is
        installed: one per injector for "inj-prx", one for "prx-tgt"."""
        if link not in LINK_NAMES:
            raise ValueError(f"unknown link {link!r}: one of {sorted(LINK_NAMES)}")
        ns = self.namespaces[PROXY]
        return [(ns, veth.proxy_end.interface) for veth in self.veths if veth.link == link]

    def shape_link(self, link: LinkName, rate_mbit: float) -> None:
        """Cap the proxy's egress on each veth of `link` at `rate_mbit` (each injector's link gets
        the cap of its own) with the same tbf the proxy agent installs for a lab's link_shaping
        setting (agents/shaping.py says why its burst and queue)."""
        if rate_mbit <= 0:
            raise ValueError("rate_mbit must be positive")
        for ns, ifname in self.proxy_side(link):
            run(qdisc_argv(ns, LinkCap(interface=ifname, rate_mbit=rate_mbit)))

    def unshape(self, link: LinkName) -> None:
        """Back to the default qdisc; nothing to do where the link is not shaped."""
        for ns, ifname in self.proxy_side(link):
            if " tbf " in _qdiscs_of(ns, ifname):
                run(["tc", "-n", ns, "qdisc", "del", "dev", ifname, "root"])

    def qdiscs(self, link: LinkName) -> str:
        return "".join(_qdiscs_of(ns, ifname) for ns, ifname in self.proxy_side(link))

    # --- the direct path (opt-in) --------------------------------------------------------------

    def _direct_ends(self) -> list[tuple[str, str, str]]:
        """(injector host, its end, the target's end) of each injector's direct veth."""
        return [
            (injector_name(i), DIRECT_PATH_INJECTOR_END, proxy_interface_towards(i))
            for i in range(1, self.injectors + 1)
        ]

    def open_direct_path(self) -> None:
        """A veth from each injector straight to the target, for baselines that bypass the proxy
        (load.via "direct"). Only /32 routes between the data addresses use it, so nothing else
        changes: the target keeps its one address, and an injector's agent still refuses to load
        it unless the worker names it for a direct run. Idempotent."""
        ns_tgt = self.namespaces[TARGET]
        for injector, inj_if, tgt_if in self._direct_ends():
            ns_inj = self.namespaces[injector]
            if _link_exists(ns_inj, inj_if):
                continue
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
            ends = (
                (ns_inj, inj_if, TARGET_ADDRESS, data_address(injector)),
                (ns_tgt, tgt_if, data_address(injector), TARGET_ADDRESS),
            )
            for ns, ifname, peer, own in ends:
                run(["ip", "-n", ns, "link", "set", ifname, "up"])
                run(["ip", "-n", ns, "route", "add", f"{peer}/32", "dev", ifname, "src", own])

    def close_direct_path(self) -> None:
        """Remove the direct veths (their routes go with them). Idempotent."""
        for injector, inj_if, _ in self._direct_ends():
            run(["ip", "-n", self.namespaces[injector], "link", "del", inj_if], check=False)

    def direct_path_open(self) -> bool:
        return all(_link_exists(self.namespaces[inj], inj_if) for inj, inj_if, _ in self._direct_ends())


def _qdiscs_of(netns: str, ifname: str) -> str:
    return run(["tc", "-n", netns, "qdisc", "show", "dev", ifname]).stdout


def _link_exists(netns: str, ifname: str) -> bool:
    return run(["ip", "-n", netns, "link", "show", ifname], check=False).returncode == 0


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
