"""A lab's traffic boundary: the networks and hosts its runs may send traffic to.

A run's HAProxy, load tools and checks send traffic where the experiment says; on shared
machines that must never be the control plane's own database, a cloud's metadata service or a
neighbour's network. So every address a config or profile names is checked against the lab's
boundary before anything runs:

- by default a lab may reach its own agents (their data addresses, any port);
- a lab admin adds entries: a CIDR or an IP (optionally one port), or a host name (optionally
  one port). Host names are never resolved by the API: one is allowed only when an entry names
  it, and the proxy agent resolves it at run time, where the resolved address is checked again;
- loopback, link-local (169.254.169.254 included), unspecified, multicast and broadcast
  addresses, and the control plane's own ports on any address, need an explicit entry that
  covers them (for a control-plane port, an entry naming that port).

This module is pure: which destinations a spec names (`destinations`), and whether a boundary
allows one (`Boundary.problem`). The lab's entries and the control plane's ports come from the
backend; agents use the same check on what they resolved.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from pydantic import Field, field_validator

from contract.haproxy.cfg_words import CfgSyntaxError, split_words
from contract.strict import StrictModel

IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_ENTRIES = 256
_HOSTNAME = re.compile(
    r"(?=.{1,253}\Z)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
)
# Ranges nobody reaches by default, each with why.
SENSITIVE_NETWORKS: tuple[tuple[IpNetwork, str], ...] = (
    (ipaddress.ip_network("127.0.0.0/8"), "loopback (this host's own services)"),
    (ipaddress.ip_network("::1/128"), "loopback (this host's own services)"),
    (ipaddress.ip_network("169.254.0.0/16"), "link-local (cloud metadata services live here)"),
    (ipaddress.ip_network("fe80::/10"), "link-local"),
    (ipaddress.ip_network("0.0.0.0/8"), "unspecified ('this host')"),
    (ipaddress.ip_network("::/128"), "unspecified ('this host')"),
    (ipaddress.ip_network("224.0.0.0/4"), "multicast"),
    (ipaddress.ip_network("ff00::/8"), "multicast"),
    (ipaddress.ip_network("255.255.255.255/32"), "broadcast"),
    (ipaddress.ip_network("::ffff:0:0/96"), "IPv4-mapped (write the IPv4 address)"),
)


def parse_ip(text: str) -> IpAddress | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


class BoundaryEntry(StrictModel):
    """One place a lab's runs may send traffic to."""

    address: str = Field(
        min_length=1,
        max_length=253,
        description="A CIDR (10.0.0.0/24), an IP address (10.0.0.5) or a host name (db.lab.example).",
        examples=["10.0.0.0/24"],
    )
    port: int | None = Field(default=None, ge=1, le=65535, description="Only this port; empty: every port.")
    note: str = Field(default="", max_length=200, description="Why this entry is here.")

    @field_validator("address")
    @classmethod
    def _a_network_or_a_host_name(cls, address: str) -> str:
        if "/" in address or parse_ip(address) is not None:
            try:
                ipaddress.ip_network(address.strip("[]"), strict=True)
            except ValueError as exc:
                raise ValueError(f"{address!r} is not a CIDR or an IP address ({exc})") from None
        elif not _HOSTNAME.fullmatch(address):
            raise ValueError(f"{address!r} is neither a CIDR, an IP address nor a host name")
        return address

    @property
    def network(self) -> IpNetwork | None:
        if "/" in self.address or parse_ip(self.address) is not None:
            return ipaddress.ip_network(self.address.strip("[]"))
        return None

    def covers(self, host: str, ip: IpAddress | None, port: int | None) -> bool:
        if self.port is not None and port != self.port:
            return False  # an entry for one port covers that port only (and no "any port")
        network = self.network
        if network is None:
            return host.lower() == self.address.lower()
        return ip is not None and ip in network


class BoundaryEntries(StrictModel):
    """A lab admin's entries (PUT body of /labs/{id}/boundary)."""

    entries: list[BoundaryEntry] = Field(default_factory=list, max_length=MAX_ENTRIES)


@dataclass(frozen=True)
class Destination:
    """An address a spec sends traffic to, where in the spec it is written."""

    field: str  # dotted path in the spec, e.g. proxy.backends.0.servers.1.address
    host: str  # an IP literal or a host name, as written
    port: int | None  # None: the spec names no port (any port could be used)
    what: str  # for messages: "server", "log target" ...

    def shown(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port is None else f"{host}:{self.port}"


@dataclass(frozen=True)
class Boundary:
    """Where one lab's runs may send traffic: its agents, a lab admin's entries, and the ports
    of the control plane that no entry without that port opens."""

    agent_addresses: tuple[str, ...] = ()
    entries: tuple[BoundaryEntry, ...] = ()
    control_plane_ports: frozenset[int] = field(default_factory=frozenset)

    def problem(self, host: str, port: int | None) -> str | None:
        """Why traffic to host:port is outside this boundary, or None when it is inside."""
        ip = parse_ip(host)
        shown = Destination("", host, port, "").shown()
        if ip is None and not _HOSTNAME.fullmatch(host):
            return f"{shown} is not an address"
        if any(entry.covers(host, ip, port) for entry in self.entries if entry.port is not None):
            return None  # an entry naming this very port opens even a sensitive address
        if port is not None and port in self.control_plane_ports:
            return (
                f"{shown}: port {port} is one of haplab's own (API, database, Redis); "
                "only a lab admin can allow it, by an entry naming that port"
            )
        if ip is None:
            if any(entry.covers(host, ip, port) for entry in self.entries):
                return None
            return f"{shown}: a host name is reachable only when a lab admin adds it to the lab's boundary"
        sensitive = next((why for network, why in SENSITIVE_NETWORKS if ip in network), None)
        if any(entry.covers(host, ip, port) for entry in self.entries):
            return None
        if sensitive is not None:
            return f"{shown} is {sensitive}; only a lab admin can allow it, by an entry in the lab's boundary"
        if any(parse_ip(agent) == ip for agent in self.agent_addresses):
            return None
        return (
            f"{shown} is outside this lab's boundary "
            "(its agents' addresses and the entries a lab admin added)"
        )

    def resolved_problem(self, name: str, address: str, port: int | None) -> str | None:
        """Why traffic to `address`, which the allowed host name `name` resolved to, is refused.

        A lab admin allowed the name, so the address it resolves to may be anywhere ordinary;
        but never a sensitive range or a control-plane port unless an entry covers that address
        itself (a name must not turn into 127.0.0.1 or 169.254.169.254 behind the admin's back)."""
        direct = self.problem(address, port)
        ip = parse_ip(address)
        if direct is None:
            return None
        if ip is None:
            return f"{name} resolved to {address!r}, which is not an address"
        sensitive = any(ip in network for network, _ in SENSITIVE_NETWORKS)
        if sensitive or (port is not None and port in self.control_plane_ports):
            return f"{name} resolved to {direct}"
        return None


def join(boundaries: list[Boundary], control_plane_ports: frozenset[int]) -> Boundary:
    """Everything any of these boundaries allows (a spec saved before a lab is chosen)."""
    return Boundary(
        agent_addresses=tuple(a for b in boundaries for a in b.agent_addresses),
        entries=tuple(e for b in boundaries for e in b.entries),
        control_plane_ports=control_plane_ports,
    )


def split_destination(text: str) -> tuple[str, int | None] | None:
    """(host, port) of "host", "host:port", "ip", "ip:port", "[v6]:port" or a bare v6; None if
    it is none of these."""
    if text.startswith("["):
        host, sep, port = text[1:].partition("]")
        if parse_ip(host) is None or (port and not port.startswith(":")):
            return None
        return host, _port(port[1:]) if port else None
    if parse_ip(text) is not None:
        return text, None  # a bare IPv4 or IPv6 address
    host, sep, port = text.rpartition(":")
    if not sep:
        return (text, None) if _HOSTNAME.fullmatch(text) else None
    number = _port(port)
    if number is None or not (parse_ip(host) is not None or _HOSTNAME.fullmatch(host)):
        return None
    return host, number


def _port(text: str) -> int | None:
    return int(text) if text.isdigit() and 1 <= int(text) <= 65535 else None


# ---------------------------------------------------------------- what a spec names


# Address prefixes HAProxy's str2sa_range() reads before a check's or a log's address and that
# still name an IP address (the others, unix@, abns@, fd@ ..., are refused by the allowlist).
_IP_PREFIXES = ("ipv4@", "ipv6@", "udp@", "udp4@", "udp6@", "tcp@", "tcp4@", "tcp6@")


def _address(text: str) -> tuple[str, int | None]:
    """(host, port) of an address HAProxy reads; what cannot be read as one is returned whole as
    the host, which the boundary refuses as "not an address" (refuse what is not understood)."""
    bare = next((text[len(p) :] for p in _IP_PREFIXES if text.startswith(p)), text)
    return split_destination(bare) or (text, None)


def raw_line_destinations(line: str) -> list[tuple[str, int | None, str]]:
    """(host, port, what) of each address a raw line sends traffic to. Lines the allowlist
    refuses (set-dst, usesrc, default-server addr ...) never get here.

    A check's `connect` reads every `addr` and `port` it is given and keeps the last
    (tcpcheck.c), so each one is a destination (each address at each port)."""
    try:
        words = split_words(line)
    except CfgSyntaxError:
        return []
    if not words:
        return []
    found: list[tuple[str, int | None, str]] = []
    keyword = words[1] if words[0] == "no" and len(words) > 1 else words[0]
    if keyword == "log" and len(words) > 1 and words[1] not in ("global", "stdout", "stderr"):
        host, port = _address(words[1])
        found.append((host, port or 514, "log target"))
    if keyword in ("tcp-check", "http-check") and len(words) > 1 and words[1] == "connect":
        addresses = [_address(addr) for addr in _every_after(words, "addr")]
        ports = _every_after(words, "port")
        for host, own_port in addresses:
            for written in ports:  # a port that is no number: refused as "not an address"
                number = _port(written)
                found.append((host if number else f"{host} port {written}", number, f"{keyword} connect"))
            if not ports:
                found.append((host, own_port, f"{keyword} connect"))
    return found


def raw_line_check_ports(line: str) -> list[int | None]:
    """The ports a raw line sends a section's health checks to on its servers' own addresses
    (`tcp-check connect port N` without `addr`, `default-server port N`); None for a port that is
    not a number (HAProxy 2.6 also takes a sample expression there: not understood, refused)."""
    try:
        words = split_words(line)
    except CfgSyntaxError:
        return []
    if not words:
        return []
    connect = words[0] in ("tcp-check", "http-check") and words[1:2] == ["connect"]
    if connect and "addr" in words:
        return []  # raw_line_destinations has them, at their own address
    if connect or words[0] == "default-server":
        return [_port(port) for port in _every_after(words, "port")]
    return []


def _every_after(words: list[str], name: str) -> list[str]:
    return [words[index + 1] for index, word in enumerate(words[:-1]) if word == name]


def destinations(spec_document: dict[str, object]) -> Iterator[Destination]:
    """Every address the spec (as its JSON document, keys by alias) sends traffic to."""
    proxy = _dict(spec_document.get("proxy"))
    for kind in ("backends", "listens"):
        for index, section in enumerate(_list(proxy.get(kind))):
            section = _dict(section)
            for number, server in enumerate(_list(section.get("servers"))):
                address = str(_dict(server).get("address") or "")  # none: one of the target's upstreams
                parsed = split_destination(address)
                if parsed is not None:
                    yield Destination(f"proxy.{kind}.{index}.servers.{number}.address", *parsed, "server")
    sections: list[tuple[str, object]] = [
        ("proxy.global", proxy.get("global")),
        ("proxy.defaults", proxy.get("defaults")),
    ]
    for kind in ("frontends", "backends", "listens"):
        sections += [(f"proxy.{kind}.{i}", s) for i, s in enumerate(_list(proxy.get(kind)))]
    for path, section in sections:
        for number, line in enumerate(_list(_dict(section).get("extra"))):
            for host, port, what in raw_line_destinations(str(line)):
                yield Destination(f"{path}.extra.{number}", host, port, what)
            # Checks sent to another port of the section's servers (every server for defaults).
            servers = _server_hosts(proxy, path)
            for check_port in raw_line_check_ports(str(line)):
                for host in servers:
                    shown = host if check_port is not None else f"{host}:<not a number>"
                    yield Destination(f"{path}.extra.{number}", shown, check_port, "health check port")
    target = _dict(spec_document.get("target"))
    if target.get("kind") == "external":
        for index, written in enumerate(_list(target.get("addresses"))):
            external = split_destination(str(written))
            if external is not None:
                yield Destination(f"target.addresses.{index}", *external, "external target")
    # A Host header sends no traffic by itself (no config may route by it: option http_proxy
    # and set-dst are refused), but one naming an address or this host is a probe: checked.
    headers = _dict(_dict(spec_document.get("load")).get("headers"))
    for name, value in headers.items():
        if str(name).lower() == "host":
            named = split_destination(str(value).strip())
            if named is not None and (parse_ip(named[0]) is not None or _is_localhost(named[0])):
                yield Destination(f"load.headers.{name}", named[0], named[1], "Host header")


def _server_hosts(proxy: dict[str, object], path: str) -> list[str]:
    """The hosts of the servers a section's check lines apply to: its own, or every server for
    `defaults` (global has none)."""
    if path == "proxy.global":
        return []
    if path == "proxy.defaults":
        sections = [s for kind in ("backends", "listens") for s in _list(proxy.get(kind))]
    else:
        kind, index = path.split(".")[1:3]
        found = _list(proxy.get(kind))
        sections = [found[int(index)]] if int(index) < len(found) else []
    hosts = []
    for section in sections:
        for server in _list(_dict(section).get("servers")):
            parsed = split_destination(str(_dict(server).get("address", "")))
            if parsed is not None and parsed[0] not in hosts:
                hosts.append(parsed[0])
    return hosts


def _is_localhost(name: str) -> bool:
    name = name.lower().rstrip(".")
    return name == "localhost" or name.endswith(".localhost")


def _dict(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list[object]:
    return value if isinstance(value, list) else []
