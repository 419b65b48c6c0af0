"""The connection limits a spec configures, as HAProxy applies them."""

from __future__ import annotations

from contract.experiment import ExperimentSpec
from contract.haproxy.model import Frontend


def client_limit(spec: ExperimentSpec) -> int | None:
    """Most concurrent client sessions the entry point accepts, or None when HAProxy picks it.

    The entry's own maxconn, else the defaults' one, else the global one (HAProxy 2.x sizes a
    frontend's default maxconn from global maxconn); never above the global limit.
    """
    _, entry = spec.entry_point()
    proxy = spec.proxy
    candidates = [
        value for value in (entry.maxconn or proxy.defaults.maxconn, proxy.global_.maxconn) if value
    ]
    return min(candidates) if candidates else None


def server_limit(spec: ExperimentSpec) -> int | None:
    """Concurrent requests the entry's backend servers take before HAProxy queues: the sum of
    their maxconn; None when any server has none (it never queues)."""
    _, entry = spec.entry_point()
    name = entry.default_backend if isinstance(entry, Frontend) else entry.name
    pool = spec.proxy.backend_like(name) if name else None
    if pool is None:
        return None
    limits: list[int | None] = [server.maxconn for server in pool.servers]
    if pool.target_servers is not None:
        limits += [pool.target_servers.maxconn] * spec.target.upstream_count()
    if not limits or any(limit is None for limit in limits):
        return None
    return sum(limit for limit in limits if limit is not None)
