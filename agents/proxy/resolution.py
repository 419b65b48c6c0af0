"""Resolving a config's host names on the proxy host: the API never does (a user's name must not
make the control plane's resolver reach anywhere), HAProxy's host does it once, the worker checks
the answer against the lab's boundary and renders the config with the addresses, so HAProxy
itself resolves nothing and connects exactly where the check allowed."""

from __future__ import annotations

import socket


def resolve(names: list[str]) -> dict[str, list[str]]:
    """Each name's addresses (IPv4 first, then IPv6, no duplicates); [] when it does not resolve."""
    out: dict[str, list[str]] = {}
    for name in names:
        try:
            infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError):
            out[name] = []
            continue
        addresses = [str(info[4][0]) for info in infos]
        ordered = sorted(dict.fromkeys(addresses), key=lambda a: ":" in a)
        out[name] = ordered
    return out
