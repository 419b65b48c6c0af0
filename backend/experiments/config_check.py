"""Every config that will run, checked by the real `haproxy -c` (in its box) before it can run.

A config is rendered as on a lab host, except that upstreams get placeholder addresses
(127.0.0.1:18080+i, one per upstream the target provides), host names in server lines resolve to
documentation addresses (192.0.2.x) from the box's own /etc/hosts (the API host never resolves
a user's host name), and the runtime directory is the box's `/haplab/run`, holding a throwaway
certificate for every certificate the config names and an empty file for every other file it
names, so `haproxy -c` checks the configuration itself.

A sweep is checked point by point: each distinct rendered config once (points that differ only
in load or target settings render the same config), a few at a time, and a result is kept for
the same text so a launch right after a validate does not check again.
"""

from __future__ import annotations

import functools
import ipaddress
import os
import re
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from backend.experiments import haproxy_check
from backend.experiments.check_sandbox import BOX_RUNTIME_DIR
from backend.experiments.throwaway_cert import throwaway_pem
from backend.settings import get_settings
from contract.experiment import ExperimentSpec
from contract.haproxy.render import RenderContext, raw_line_sources, render
from contract.haproxy.servers import Server
from contract.text_types import split_host_port

PLACEHOLDER_HOST = "127.0.0.1"
PLACEHOLDER_FIRST_PORT = 18080
CERTS_DIR = "certs"
# Files the agent creates itself; haproxy -c does not need them to exist.
_AGENT_OWNED = frozenset({"haproxy.sock", "haproxy.pid"})
_REFERENCED = re.compile(re.escape(BOX_RUNTIME_DIR) + r"/([A-Za-z0-9_.\-/]+)")
# A config names a few files; beyond this many the rest are not created (HAProxy then says
# which is missing) so one validate cannot fill the API host's temporary directory.
MAX_PROVIDED_FILES = 256
_CACHE_SIZE = 2048  # more than a 1,000-point sweep's configs: a launch after a validate reuses them


@dataclass(frozen=True)
class RenderedConfig:
    """A config as the box checks it, and the host names it needs resolved. `raw_lines` names
    the spec field of each raw line by its line number; not part of the identity (the check of
    the same text is the same)."""

    text: str
    hosts: tuple[tuple[str, str], ...]
    raw_lines: dict[int, str] = field(default_factory=dict, compare=False)


def placeholder_addresses(spec: ExperimentSpec) -> list[str]:
    return [f"{PLACEHOLDER_HOST}:{PLACEHOLDER_FIRST_PORT + i}" for i in range(spec.target.upstream_count())]


def rendered_for_check(spec: ExperimentSpec) -> RenderedConfig:
    """The config of `spec` as `haproxy -c` checks it (RenderError when it cannot render)."""
    ctx = RenderContext(target_addresses=placeholder_addresses(spec), runtime_dir=BOX_RUNTIME_DIR)
    text = render(spec.proxy, ctx)
    return RenderedConfig(text=text, hosts=_host_names(spec), raw_lines=raw_line_sources(spec.proxy, ctx))


def _host_names(spec: ExperimentSpec) -> tuple[tuple[str, str], ...]:
    servers: list[Server] = [s for _, pool in spec.proxy.pools() for s in pool.servers]
    names: set[str] = set()
    for server in servers:
        if server.address is None:  # one of the target's upstreams: a placeholder address
            continue
        host, _ = split_host_port(server.address)
        try:
            ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            names.add(host)
    documentation = ipaddress.ip_network("192.0.2.0/24").hosts()  # TEST-NET-1: never routed
    return tuple((name, str(next(documentation))) for name in sorted(names)[:250])


class _ResultCache:
    """The last checks by config text: a launch right after a validate reuses them."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[RenderedConfig, haproxy_check.CheckResult] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: RenderedConfig) -> haproxy_check.CheckResult | None:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
            return None

    def put(self, key: RenderedConfig, result: haproxy_check.CheckResult) -> None:
        if result.ok or any(e.line is not None for e in result.errors):  # not a passing sandbox failure
            with self._lock:
                self._items[key] = result
                while len(self._items) > self._size:
                    self._items.popitem(last=False)


_cache = _ResultCache(_CACHE_SIZE)


def check(config: RenderedConfig) -> haproxy_check.CheckResult:
    """`haproxy -c` on one rendered config, in a fresh directory of its own."""
    cached = _cache.get(config)
    if cached is not None:
        return cached
    with tempfile.TemporaryDirectory(prefix="haplab-check-") as tmp:
        workdir, etc = Path(tmp) / "run", Path(tmp) / "etc"
        workdir.mkdir()
        _provide_referenced_files(config.text, workdir)
        result = haproxy_check.check_config(config.text, workdir, etc_dir=etc, hosts=dict(config.hosts))
    _cache.put(config, result)
    return result


@functools.cache
def _checkers() -> ThreadPoolExecutor:
    """One pool for the whole API process: however many requests validate at once, at most
    `check_parallelism` haproxy processes run (a big sweep cannot fork the host to death)."""
    return ThreadPoolExecutor(
        max_workers=max(1, get_settings().check_parallelism), thread_name_prefix="haproxy-c"
    )


def check_all(configs: Sequence[RenderedConfig]) -> dict[RenderedConfig, haproxy_check.CheckResult]:
    """Each distinct config checked once, on the process's shared pool of checkers."""
    distinct = list(dict.fromkeys(configs))
    return dict(zip(distinct, _checkers().map(check, distinct), strict=True))


def _provide_referenced_files(config: str, workdir: Path) -> None:
    """Create every file of the box's runtime directory the config refers to (module docstring).

    This runs as the API's user (root under `make up`), outside the box, on text anybody who may
    validate wrote: every path is made of the name's own components under `workdir` and checked,
    resolved, to lie inside it before anything is created (`/haplab/run//etc/x` names
    `workdir/etc/x`, as HAProxy reads it in the box, never `/etc/x`)."""
    names = sorted(set(_REFERENCED.findall(config)))
    for relative in names[:MAX_PROVIDED_FILES]:
        path = box_path(workdir, relative)
        if path is None:
            continue
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.relative_to(workdir.resolve()).parts[0] == CERTS_DIR:
                _create(path, throwaway_pem())
            else:
                _create(path, b"")
        except OSError:
            continue  # named both as a file and as a directory: HAProxy will say what is wrong


def box_path(workdir: Path, relative: str) -> Path | None:
    """Where the name after the runtime directory lies in the check's directory, or None when it
    is not strictly inside it (an agent-owned name, `..`, or a path that resolves elsewhere)."""
    parts = [part for part in relative.split("/") if part not in ("", ".")]
    if not parts or ".." in parts or "/".join(parts) in _AGENT_OWNED:
        return None
    root = workdir.resolve()
    path = root.joinpath(*parts)
    resolved = path.resolve()
    if resolved == root or not resolved.is_relative_to(root):
        return None
    return path


def _create(path: Path, content: bytes) -> None:
    """A new file with `content`; an existing name (file, directory or link) is left alone."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "wb") as out:
        out.write(content)
