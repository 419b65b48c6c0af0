"""Where a webhook may send: what the public internet can reach on ports 80 and 443, and only
what the operator allows besides.

A webhook URL is user input that the worker will POST to. It is checked when saved, as far as
its text tells (`destination`: http or https, a host that is a DNS name or an address, no
credentials, an allowed port, and a literal address judged as below), and again before every
attempt (`resolve`: the name's every address, since a name may change its addresses after it was
saved); the delivery then connects to the address that was checked (`Target`), never to a
second DNS answer (DNS rebinding).

An address passes when the operator allows it (HAPLAB_WEBHOOK_ALLOWED_NETWORKS) or when it is
public: Python's `is_global`, and none of loopback, private, link-local, site-local, multicast,
reserved, carrier-grade NAT or IANA's special-purpose blocks (SPECIAL_PURPOSE below: Python 3.11's
`is_global` misses some, 2002::/16 and 192.0.0.0/24 among them), and an IPv6 address within
2000::/3 (global unicast). An IPv6 address that carries an IPv4 one (IPv4-mapped, NAT64, 6to4,
Teredo) is judged by that IPv4 address too: ::ffff:10.0.0.1 is 10.0.0.1. Ports other than 80 and
443 need HAPLAB_WEBHOOK_ALLOWED_PORTS.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import idna

from backend.settings import Settings, get_settings

MAX_URL_LENGTH = 2000
DEFAULT_PORTS = (80, 443)
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# IANA's IPv4 and IPv6 Special-Purpose Address Registries (2024), the blocks within what the rules
# above would otherwise pass: none is a place a webhook receiver lives.
SPECIAL_PURPOSE: tuple[Network, ...] = tuple(
    ipaddress.ip_network(block)
    for block in (
        "192.0.0.0/24",  # IETF protocol assignments (DS-Lite, NAT64 discovery, PCP/TURN anycast)
        "192.31.196.0/24",  # AS112-v4
        "192.52.193.0/24",  # AMT
        "192.88.99.0/24",  # 6to4 relay anycast (deprecated)
        "192.175.48.0/24",  # AS112 direct delegation
        "2001::/23",  # IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112 ...
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4
        "2620:4f:8000::/48",  # AS112 direct delegation
        "3fff::/20",  # documentation
    )
)
SHARED_ADDRESS_SPACE = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT (RFC 6598)
GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")
NAT64_WELL_KNOWN = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: the IPv4 address in the last 32 bits
# A DNS name as resolvers take it once IDNA-encoded: labels of letters, digits, '-' and '_'.
DNS_NAME = re.compile(
    r"(?=.{1,253}\.?$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?"
)
# What glibc's inet_aton also reads as an IPv4 address, and so getaddrinfo: 2130706433, 0x7f.1, 127.1.
LEGACY_IPV4 = re.compile(r"(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+)){0,3}")


class EgressRefusedError(ValueError):
    """The URL, or an address it resolves to, is not one a webhook may reach."""


@dataclass(frozen=True)
class EgressPolicy:
    """What the operator allows besides public addresses on ports 80 and 443."""

    networks: tuple[Network, ...] = ()
    ports: tuple[tuple[int, int], ...] = ()

    @classmethod
    def from_settings(cls, settings: Settings | None = None) -> EgressPolicy:
        settings = settings or get_settings()
        return cls(tuple(settings.webhook_allowed_networks), tuple(settings.webhook_allowed_ports))

    def allows_port(self, port: int) -> bool:
        return port in DEFAULT_PORTS or any(low <= port <= high for low, high in self.ports)

    def _allowed(self, address: IPAddress) -> bool:
        return any(address.version == net.version and address in net for net in self.networks)

    def refusal(self, address: IPAddress) -> str | None:
        """Why a webhook may not connect to `address`; None when it may."""
        if self._allowed(address):
            return None
        carried = _carried_ipv4(address) if isinstance(address, ipaddress.IPv6Address) else []
        # An IPv4-mapped or NAT64 address is a connection to the IPv4 address itself.
        if any(form in TRANSLATIONS and self._allowed(inner) for form, inner in carried):
            return None
        for form, inner in carried:
            if why := _not_public(inner):
                return f"{address} is the {form} form of {inner}, {why}"
        if any(form in TRANSLATIONS for form, _ in carried):
            return None
        if why := _not_public(address):
            return f"{address} is {why}"
        return None


TRANSLATIONS = ("IPv4-mapped", "NAT64")


def _carried_ipv4(address: ipaddress.IPv6Address) -> list[tuple[str, ipaddress.IPv4Address]]:
    """The IPv4 addresses an IPv6 address carries, each with the name of its form."""
    if address.ipv4_mapped is not None:
        return [("IPv4-mapped", address.ipv4_mapped)]
    if address in NAT64_WELL_KNOWN:
        return [("NAT64", ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))]
    if address.sixtofour is not None:
        return [("6to4", address.sixtofour)]
    if address.teredo is not None:
        server, client = address.teredo
        return [("Teredo", server), ("Teredo", client)]
    return []


def _not_public(address: IPAddress) -> str | None:
    """What makes `address` not a public one (a phrase for the refusal), or None."""
    kinds = [
        ("unspecified", address.is_unspecified),
        ("a loopback address", address.is_loopback),
        ("a link-local address (cloud metadata lives at 169.254.169.254)", address.is_link_local),
        ("a site-local address", isinstance(address, ipaddress.IPv6Address) and address.is_site_local),
        ("a multicast address", address.is_multicast),
        ("a carrier-grade NAT address (100.64.0.0/10)", address in SHARED_ADDRESS_SPACE),
        ("a private address", address.is_private),
        ("a reserved address", address.is_reserved),
    ]
    for phrase, applies in kinds:
        if applies:
            return phrase
    for block in SPECIAL_PURPOSE:
        if address.version == block.version and address in block:
            return f"in the special-purpose block {block}"
    if isinstance(address, ipaddress.IPv6Address) and address not in GLOBAL_UNICAST_V6:
        return "outside IPv6 global unicast (2000::/3)"
    if not address.is_global:
        return "not a global address"
    return None


@dataclass(frozen=True)
class Destination:
    """A webhook URL as checked: `host` is what resolvers and the Host header get (IDNA-encoded,
    or an address), `address` the host when it is a literal address."""

    scheme: str
    host: str
    port: int
    explicit_port: bool
    path: str
    query: str
    address: IPAddress | None


def destination(url: str, policy: EgressPolicy | None = None) -> Destination:
    """The save-time check: everything the URL's text tells. Raises EgressRefusedError."""
    policy = policy or EgressPolicy.from_settings()
    if len(url) > MAX_URL_LENGTH:
        raise EgressRefusedError(f"at most {MAX_URL_LENGTH} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:  # a bad port, or a host NFKC turns into a delimiter
        raise EgressRefusedError(f"not a valid URL: {exc}") from None
    if parts.scheme not in ("http", "https"):
        raise EgressRefusedError("must be an http:// or https:// URL")
    if not parts.hostname:
        raise EgressRefusedError("has no host")
    if parts.username is not None or parts.password is not None:
        raise EgressRefusedError("must not hold credentials (put a token in the path or use the signature)")
    effective_port = port if port is not None else (443 if parts.scheme == "https" else 80)
    if not policy.allows_port(effective_port):
        raise EgressRefusedError(
            f"port {effective_port} is not allowed: webhooks go to ports 80 and 443 "
            "(HAPLAB_WEBHOOK_ALLOWED_PORTS allows others)"
        )
    host, address = _host(parts.hostname)
    judged = address or (LOOPBACK if _is_localhost(host) else None)
    if judged is not None and (why := policy.refusal(judged)):
        raise EgressRefusedError(f"{why}: webhooks go to public addresses only{_ALLOW_HINT}")
    return Destination(parts.scheme, host, effective_port, port is not None, parts.path, parts.query, address)


def _is_localhost(host: str) -> bool:
    """RFC 6761: these names are loopback, whatever a resolver says (so refused when saved)."""
    name = host.rstrip(".")
    return name == "localhost" or name.endswith(".localhost")


LOOPBACK = ipaddress.IPv4Address("127.0.0.1")
_ALLOW_HINT = " (HAPLAB_WEBHOOK_ALLOWED_NETWORKS allows an internal receiver)"


def _host(hostname: str) -> tuple[str, IPAddress | None]:
    """The host as resolvers read it, and the address it names when it is a literal one."""
    try:
        return hostname, ipaddress.ip_address(hostname)
    except ValueError:
        pass
    if not hostname.isascii():
        try:  # what browsers do (UTS #46, IDNA 2008): bücher.example is xn--bcher-kva.example
            hostname = idna.encode(hostname, uts46=True).decode("ascii")
        except idna.IDNAError as exc:
            raise EgressRefusedError(f"the host is not a valid international domain name: {exc}") from None
        try:  # full-width digits and ideographic dots map to an address: 127.0.0.1
            return hostname, ipaddress.ip_address(hostname)
        except ValueError:
            pass
    if LEGACY_IPV4.fullmatch(hostname):
        try:
            return hostname, ipaddress.IPv4Address(socket.inet_aton(hostname))
        except OSError:
            pass
    if not DNS_NAME.fullmatch(hostname):
        raise EgressRefusedError(
            "the host is not a DNS name (labels of at most 63 letters, digits, '-' or '_', "
            "at most 253 characters in all)"
        )
    return hostname, None


@dataclass(frozen=True)
class Target:
    """Where to connect: the URL with its host replaced by an address that passed the check, the
    Host header, and (https) the name the certificate must carry, so the connection goes to the
    address that was checked, not to what a second DNS answer might say (DNS rebinding)."""

    url: str
    host_header: str
    sni_hostname: str | None


@cache
def _resolver() -> ThreadPoolExecutor:
    # Its own threads, not the event loop's default executor: asyncio.run() waits for those at
    # its end, and a resolver that hangs past the deadline must not hold the attempt.
    return ThreadPoolExecutor(max_workers=4, thread_name_prefix="webhook-dns")


async def resolve(url: str, policy: EgressPolicy | None = None) -> Target:
    """The check before each attempt: the URL's form again (the operator's settings may have
    changed), then every address its host resolves to now. Raises EgressRefusedError; an OSError
    when the name does not resolve. Bound it with the attempt's deadline."""
    policy = policy or EgressPolicy.from_settings()
    where = destination(url, policy)
    addresses: list[IPAddress]
    if where.address is not None:
        addresses = [where.address]
    else:
        loop = asyncio.get_running_loop()
        infos: list[Any] = await loop.run_in_executor(
            _resolver(), socket.getaddrinfo, where.host, where.port, 0, socket.SOCK_STREAM, socket.IPPROTO_TCP
        )
        addresses = list(dict.fromkeys(ipaddress.ip_address(str(info[4][0])) for info in infos))
        for address in addresses:
            if why := policy.refusal(address):
                raise EgressRefusedError(
                    f"{where.host} resolves to {why}: webhooks go to public addresses only{_ALLOW_HINT}"
                )
    return _pinned(where, addresses[0])


def _pinned(where: Destination, address: IPAddress) -> Target:
    def netloc(host: str) -> str:
        return f"{host}:{where.port}" if where.explicit_port else host

    literal = f"[{str(address).replace('%', '%25')}]" if address.version == 6 else str(address)
    host = f"[{where.host}]" if ":" in where.host else where.host
    return Target(
        url=urlunsplit((where.scheme, netloc(literal), where.path or "/", where.query, "")),
        host_header=netloc(host),
        # A name is the certificate's to carry; an address in the URL is checked as one.
        sni_hostname=where.host if where.scheme == "https" and where.address is None else None,
    )
