"""Where a webhook may send: refuse by default what a URL could reach inside the API's network.

A webhook URL is user input that the server will POST to, so it is checked twice: its form when
saved (http or https, a host, no credentials in it), and every address its host resolves to,
right before each delivery (a name may change its address after it was saved); the delivery then
connects to the address that was checked (`pinned`), not to a second DNS answer. Loopback,
private, link-local (cloud metadata at 169.254.169.254), multicast, reserved and unspecified
addresses are refused unless the operator allows private targets (HAPLAB_WEBHOOK_ALLOW_PRIVATE,
for receivers on an internal network, and the tests' local receiver).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

MAX_URL_LENGTH = 2000


class EgressRefusedError(ValueError):
    """The URL, or an address it resolves to, is not one a webhook may reach."""


def check_url_form(url: str) -> None:
    if len(url) > MAX_URL_LENGTH:
        raise EgressRefusedError(f"at most {MAX_URL_LENGTH} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise EgressRefusedError("must be an http:// or https:// URL")
    if not parts.hostname:
        raise EgressRefusedError("has no host")
    if parts.username or parts.password:
        raise EgressRefusedError("must not hold credentials (put a token in the path or use the signature)")
    try:
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError as exc:
        raise EgressRefusedError(f"bad port: {exc}") from None


def _refused(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    for kind in ("loopback", "private", "link_local", "multicast", "reserved", "unspecified"):
        if getattr(address, f"is_{kind}"):
            return kind.replace("_", "-")
    return None


def check_destination(url: str, allow_private: bool) -> list[str]:
    """Resolve the URL's host now; every address must be public (unless private is allowed).
    Returns the addresses; raises EgressRefusedError naming the first refused one."""
    check_url_form(url)
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise EgressRefusedError(f"{host} does not resolve: {exc}") from None
    addresses = sorted({str(info[4][0]) for info in infos})
    if not allow_private:
        for text in addresses:
            kind = _refused(ipaddress.ip_address(text.split("%")[0]))
            if kind is not None:
                raise EgressRefusedError(
                    f"{host} resolves to {text}, a {kind} address: webhooks go to public addresses only "
                    "(HAPLAB_WEBHOOK_ALLOW_PRIVATE allows an internal receiver)"
                )
    return addresses


@dataclass(frozen=True)
class PinnedRequest:
    """Where to connect: the URL with its host replaced by an address that passed the check, the
    Host header, and (https) the name the certificate must carry, so the connection goes to the
    address that was checked, not to what a second DNS answer might say (DNS rebinding)."""

    url: str
    host_header: str
    sni_hostname: str | None


def pinned(url: str, allow_private: bool) -> PinnedRequest:
    addresses = check_destination(url, allow_private)
    parts = urlsplit(url)
    host = parts.hostname or ""
    address = addresses[0]
    literal = f"[{address}]" if ":" in address else address
    netloc = f"{literal}:{parts.port}" if parts.port else literal
    host_header = f"{host}:{parts.port}" if parts.port else host
    if ":" in host and not host.startswith("["):
        host_header = f"[{host}]:{parts.port}" if parts.port else f"[{host}]"
    return PinnedRequest(
        url=urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, "")),
        host_header=host_header,
        sni_hostname=host if parts.scheme == "https" else None,
    )
