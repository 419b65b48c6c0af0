"""Checks across sections of a HAProxy config: names, references and modes.

Each problem names the field by its dotted path in the config JSON (e.g.
`backends.0.http_reuse`), because these checks run on the whole config and pydantic would
otherwise only point at the config itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from contract.haproxy.certificates import certificate_problems
from contract.haproxy.options import HTTP_ONLY_OPTIONS, LOG_FORMAT_OPTIONS

if TYPE_CHECKING:
    from contract.haproxy.model import Backend, Frontend, HAProxyConfig, Listen
    from contract.haproxy.servers import ServerOptions


def config_problems(config: HAProxyConfig) -> list[str]:
    """Every cross-section problem, each naming its field; empty when the config is consistent."""
    return [
        *_name_problems(config),
        *_reference_problems(config),
        *_mode_problems(config),
        *_log_problems(config),
        *certificate_problems(config),
    ]


def _sections(config: HAProxyConfig) -> Iterator[tuple[str, Frontend | Backend | Listen]]:
    for index, frontend in enumerate(config.frontends):
        yield f"frontends.{index}", frontend
    for index, backend in enumerate(config.backends):
        yield f"backends.{index}", backend
    for index, listen in enumerate(config.listens):
        yield f"listens.{index}", listen


def _kind(path: str) -> str:
    return path.split(".")[0].rstrip("s")


def _name_problems(config: HAProxyConfig) -> Iterator[str]:
    if not config.frontends and not config.listens:
        yield "frontends: a config needs at least one frontend or listen section to receive traffic"
    seen: dict[str, str] = {}
    for path, section in _sections(config):
        if section.name in seen:
            yield f"{path}.name: {section.name!r} is already the name of {seen[section.name]}"
        else:
            seen[section.name] = path
    yield from _port_problems(config)


def _port_problems(config: HAProxyConfig) -> Iterator[str]:
    """On a lab host every bind listens on the proxy's one address, so a port bound twice would
    stop HAProxy from starting."""
    from contract.haproxy.model import Frontend, Listen  # the model imports this module

    bound: dict[int, str] = {}
    for path, section in _sections(config):
        if not isinstance(section, Frontend | Listen):
            continue
        for where, bind in section.all_binds():
            if bind.port in bound:
                yield f"{path}.{where}.port: port {bind.port} is already bound by {bound[bind.port]}"
            else:
                bound[bind.port] = f"{path}.{where}"


def _reference_problems(config: HAProxyConfig) -> Iterator[str]:
    for index, frontend in enumerate(config.frontends):
        path = f"frontends.{index}"
        if frontend.default_backend is None:
            continue  # use_backend rules, or it answers itself (stats, return ...); else 503 (contract.lint)
        target = config.backend_like(frontend.default_backend)
        if target is None:
            yield (
                f"{path}.default_backend: no backend or listen section is called {frontend.default_backend!r}"
            )
        elif config.effective_mode(frontend) == "http" and config.effective_mode(target) == "tcp":
            # The other way round is HAProxy's TCP-to-HTTP upgrade, which 2.6 accepts.
            yield (
                f"{path}.default_backend: frontend {frontend.name!r} runs in mode http but "
                f"{target.name!r} runs in mode tcp (HAProxy refuses an http frontend a tcp backend)"
            )


def _mode_problems(config: HAProxyConfig) -> Iterator[str]:
    defaults_http_options = sorted(HTTP_ONLY_OPTIONS.intersection(config.defaults.options))
    if config.defaults.mode == "tcp":
        for option in defaults_http_options:
            yield f"defaults.options: option {option} needs mode http, but defaults.mode is tcp"
    for path, section in _sections(config):
        if config.effective_mode(section) != "tcp":
            continue
        where = f"{_kind(path)} {section.name!r} runs in mode tcp"
        if config.defaults.mode == "http":
            for option in defaults_http_options:
                yield (
                    f"defaults.options: option {option} needs mode http and is inherited by {where}; "
                    "move it to the http sections or make defaults.mode tcp"
                )
        for field, reason in _http_only_settings(section):
            yield f"{path}.{field}: {reason} needs mode http, but {where}"


def _http_only_settings(section: Frontend | Backend | Listen) -> Iterator[tuple[str, str]]:
    """(field path within the section, what it is) for each HTTP-only setting in use."""
    from contract.haproxy.model import Frontend, Listen  # the model imports this module

    for option in section.options:
        if option in HTTP_ONLY_OPTIONS:
            yield "options", f"option {option}"
    if isinstance(section, Frontend | Listen):
        for where, bind in section.all_binds():
            if bind.proto == "h2":
                yield f"{where}.proto", "proto h2"
    if isinstance(section, Frontend):
        return
    if section.http_reuse is not None:
        yield "http_reuse", "http-reuse"
    if section.balance == "uri":
        yield "balance", "balance uri"
    if section.health_check is not None and section.health_check.kind == "http":
        yield "health_check", "option httpchk"
    for index, server in enumerate(section.servers):
        yield from _http_only_server_settings(f"servers.{index}", server)
    if section.target_servers is not None:
        yield from _http_only_server_settings("target_servers", section.target_servers)


def _http_only_server_settings(path: str, server: ServerOptions) -> Iterator[tuple[str, str]]:
    if server.proto == "h2":
        yield f"{path}.proto", "proto h2"
    for field in ("pool_max_conn", "pool_low_conn", "pool_purge_delay_ms"):
        if getattr(server, field) is not None:
            yield f"{path}.{field}", field.replace("_", "-").removesuffix("-ms")


def _log_problems(config: HAProxyConfig) -> Iterator[str]:
    if config.global_.log is not None:
        return
    sections: list[tuple[str, list[str]]] = [("defaults", list(config.defaults.options))]
    sections += [(path, list(section.options)) for path, section in _sections(config)]
    for path, options in sections:
        for option in LOG_FORMAT_OPTIONS.intersection(options):
            yield f"{path}.options: option {option} needs global.log, or HAProxy ignores it with a warning"
