"""Config lint: settings that are valid but do nothing, or contradict each other.

Warnings, not errors: HAProxy accepts these, and a run with them measures something, just not
what its author probably meant. Two runs that differ only in a setting that does nothing
differ only in the machine's noise. Each warning names the field (a dotted path into the spec,
as the designer's inputs are named) so it is shown next to it; launch stores them on the run.
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel, Field

from contract.drivers import DRIVERS
from contract.experiment import ExperimentSpec
from contract.haproxy.model import Backend, Listen
from contract.haproxy.servers import ServerOptions
from contract.target import ManagedTarget


class ConfigWarning(BaseModel):
    field: str = Field(description="Dotted path of the setting in the spec, e.g. proxy.backends.0.fullconn.")
    message: str


def lint(spec: ExperimentSpec) -> list[ConfigWarning]:
    return [ConfigWarning(field=field, message=message) for field, message in _problems(spec)]


def _problems(spec: ExperimentSpec) -> Iterator[tuple[str, str]]:
    proxy = spec.proxy
    global_maxconn = proxy.global_.maxconn
    pools: list[tuple[str, Backend | Listen]] = [
        *((f"proxy.backends.{i}", b) for i, b in enumerate(proxy.backends)),
        *((f"proxy.listens.{i}", section) for i, section in enumerate(proxy.listens)),
    ]
    for path, pool in pools:
        servers = _servers(path, pool)
        if not servers and not pool.extra:
            yield f"{path}.servers", "no servers: HAProxy answers every request this section gets with 503"
        if pool.fullconn is not None and not any(s.minconn is not None for _, s in servers):
            yield (
                f"{path}.fullconn",
                "does nothing without a server minconn: servers use their full maxconn from the start",
            )
        for server_path, server in servers:
            if server.maxqueue is not None and server.maxconn is None:
                yield (
                    f"{server_path}.maxqueue",
                    "does nothing without a server maxconn: a server with no limit never queues",
                )
            if global_maxconn is not None and server.maxconn is not None and server.maxconn > global_maxconn:
                yield (
                    f"{server_path}.maxconn",
                    f"above the global maxconn ({global_maxconn}): HAProxy never holds that many, so this "
                    "limit is never reached",
                )
    fronts: list[tuple[str, int | None]] = [
        *((f"proxy.frontends.{i}.maxconn", f.maxconn) for i, f in enumerate(proxy.frontends)),
        *((f"proxy.listens.{i}.maxconn", section.maxconn) for i, section in enumerate(proxy.listens)),
    ]
    for path, maxconn in fronts:
        if global_maxconn is not None and maxconn is not None and maxconn > global_maxconn:
            yield path, f"above the global maxconn ({global_maxconn}), which caps every listener first"
    for index, frontend in enumerate(proxy.frontends):
        routes = any(line.split()[:1] == ["use_backend"] for line in frontend.extra)
        if frontend.default_backend is None and not routes and not frontend.extra:
            yield (
                f"proxy.frontends.{index}.default_backend",
                "no default_backend and no use_backend: HAProxy answers every request with 503",
            )
    yield from _timeouts_against_the_endpoint(spec)


def _servers(path: str, pool: Backend | Listen) -> list[tuple[str, ServerOptions]]:
    found: list[tuple[str, ServerOptions]] = [(f"{path}.servers.{j}", s) for j, s in enumerate(pool.servers)]
    if pool.target_servers is not None:
        found.append((f"{path}.target_servers", pool.target_servers))
    return found


def _timeouts_against_the_endpoint(spec: ExperimentSpec) -> Iterator[tuple[str, str]]:
    """An endpoint slower than a timeout fails every request the load sends it."""
    target = spec.target
    if not isinstance(target, ManagedTarget) or not DRIVERS[spec.load.driver].http:
        return
    path = spec.load.path.split("?", 1)[0]
    endpoint = next((e for e in target.endpoints if e.path == path), None)
    if endpoint is None or endpoint.delay_ms == 0:
        return
    index = target.endpoints.index(endpoint)
    if spec.load.request_timeout_s * 1000 <= endpoint.delay_ms:
        yield (
            "load.request_timeout_s",
            f"{spec.load.request_timeout_s:g} s is not longer than {endpoint.path}'s {endpoint.delay_ms} ms "
            "delay: every request times out at the client",
        )
    server_timeout = _server_timeout_ms(spec)
    if server_timeout is not None and server_timeout <= endpoint.delay_ms:
        yield (
            f"target.endpoints.{index}.delay_ms",
            f"not shorter than HAProxy's timeout server ({server_timeout} ms): every request to "
            f"{endpoint.path} ends in a 504",
        )


def _server_timeout_ms(spec: ExperimentSpec) -> int | None:
    """timeout server of the entry point's backend, else of defaults (milliseconds)."""
    try:
        _, entry = spec.entry_point()
    except IndexError:
        return None
    backend = entry if isinstance(entry, Listen) else spec.proxy.backend_like(entry.default_backend or "")
    own = backend.timeouts.server if backend is not None else None
    value = own if own is not None else spec.proxy.defaults.timeouts.server
    return int(value) if value is not None else None
