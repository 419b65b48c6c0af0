"""Build proxy-role test setups: an AgentContext on a temp dir and configs rendered by spec."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

from agents.roles.base import AgentContext
from contract.haproxy import (
    Backend,
    Bind,
    Defaults,
    Frontend,
    Global,
    HAProxyConfig,
    RenderContext,
    ServerCheck,
    ServerOptions,
    Timeouts,
    render,
)
from contract.haproxy.servers import Server
from contract.results import SamplePoint


@contextlib.contextmanager
def short_runtime_dir() -> Iterator[Path]:
    """A runtime dir under /tmp with a short path: pytest's tmp_path (longer still under
    xdist) can exceed the 97 characters HAProxy allows for its UNIX socket paths."""
    path = Path(tempfile.mkdtemp(prefix="hl-"))
    path.chmod(0o711)  # as the agent makes it: HAProxy's unprivileged user traverses into proxy/
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


class CollectedSamples:
    """An emit_samples that keeps what it is given (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.samples: list[SamplePoint] = []

    def __call__(self, run_id: int, samples: list[SamplePoint]) -> None:
        with self._lock:
            self.samples.extend(samples)

    def snapshot(self) -> list[SamplePoint]:
        with self._lock:
            return list(self.samples)


def agent_context(runtime_dir: Path, emit: CollectedSamples, name: str = "proxy-1") -> AgentContext:
    return AgentContext(
        name=name,
        runtime_dir=runtime_dir,
        data_address="127.0.0.1",
        netns=None,
        allowed_load_targets=frozenset({"127.0.0.1"}),
        emit_samples=emit,
    )


def proxy_config(
    port: int, *, maxconn: int = 200, checked: bool = True, extra_servers: list[Server] | None = None
) -> HAProxyConfig:
    check = ServerCheck(inter_ms=200, rise=1, fall=1) if checked else None
    return HAProxyConfig(
        global_=Global(maxconn=maxconn),
        defaults=Defaults(mode="http", timeouts=Timeouts(connect=2000, client=10000, server=10000)),
        frontends=[Frontend(name="fe", bind=Bind(address="127.0.0.1", port=port), default_backend="be")],
        backends=[
            Backend(
                name="be",
                http_reuse="safe",
                target_servers=ServerOptions(check=check),
                servers=extra_servers or [],
            )
        ],
    )


def rendered(config: HAProxyConfig, workdir: Path, upstreams: list[str]) -> str:
    return render(config, RenderContext(target_addresses=upstreams, runtime_dir=str(workdir)))
