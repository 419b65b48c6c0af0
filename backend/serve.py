"""Run the API: uvicorn, one worker process per core unless HAPLAB_API_WORKERS says otherwise.

One process serves one core (the GIL): on 2 cores a single process saturated at 60-75 simple
reads/s (docs/benchmarks.md, "API capacity"). Nothing the API keeps in memory must be shared
between requests for correctness: sessions, tokens and login throttling live in PostgreSQL and
Redis, live samples reach every process's SSE streams through Redis pub/sub, and what each
process caches (haproxy -c results) is only a cache. uvicorn's supervisor restarts a worker that
dies and passes SIGTERM/SIGINT on to all of them.

Idle, uvicorn wakes often: each server ten times a second (its main loop's tick refreshes the
Date header once a second and looks for a stop), the supervisor twice a second to ping every
worker through a pipe (a thread in each worker answers). On 2 cores that was 3.7 ms of CPU a
second with two workers serving nothing, taken from the load a run measures on the same machine
(docs/benchmarks.md, fidelity). Here the servers tick once a second (a stop is noticed within a
second) and the supervisor checks its workers every 5 s, but handles a signal at once.

    python -m backend.serve [--host H] [--port P] [--workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
import threading
from collections.abc import Sequence
from ipaddress import IPv4Network, IPv6Network
from socket import socket
from types import FrameType

import uvicorn
from starlette.types import ASGIApp
from uvicorn.config import STARTUP_FAILURE
from uvicorn.importer import import_from_string
from uvicorn.supervisors import multiprocess

from backend import gc_tuning
from backend.settings import get_settings

log = logging.getLogger("uvicorn.error")

# uvicorn: 0.1 s and 0.5 s.
TICK_S = 1.0
HEALTH_CHECK_S = 5.0


def default_workers() -> int:
    """One per core this process may run on (a cgroup/affinity limit counts, not the host's)."""
    return max(1, len(os.sched_getaffinity(0)))


# glibc keeps the memory of large freed buffers (a big JSON response) once its adaptive mmap
# threshold has grown, so an API process stayed 180 MB above idle after a burst of large reads;
# a fixed threshold returns them to the system (idle + 76 MB, bench/run_page_samples.py).
ALLOCATOR_ENV = {"MALLOC_MMAP_THRESHOLD_": "131072"}

# Each worker process makes its app through settled_app, from the factory --app names (passed in
# the environment: uvicorn imports the app by name in every worker it starts).
FACTORY_ENV = "HAPLAB_SERVE_FACTORY"
SETTLED_APP = "backend.serve:settled_app"


def settled_app() -> ASGIApp:
    """The app --app's factory makes, then the garbage collector settled (backend/gc_tuning.py):
    what the app loaded stays for the process's life, out of the collector's way."""
    app: ASGIApp = import_from_string(os.environ[FACTORY_ENV])()
    gc_tuning.settle()
    return app


class QuietServer(uvicorn.Server):
    """uvicorn's server, waking once a second instead of ten times; a stop signal wakes it at once."""

    _tick: asyncio.Future[None] | None = None

    async def main_loop(self) -> None:
        loop = asyncio.get_running_loop()
        # on_tick refreshes the Date header when its counter is a multiple of 10: at every tick here.
        while not await self.on_tick(0):
            self._tick = tick = loop.create_future()
            timer = loop.call_later(TICK_S, _resolve, tick)
            await tick
            timer.cancel()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        tick = self._tick
        if tick is not None:  # (a signal handler: the loop is woken through its own wakeup pipe)
            tick.get_loop().call_soon_threadsafe(_resolve, tick)


def _resolve(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class QuietProcess(multiprocess.Process):
    """A worker process serving with QuietServer (unpickled by reference in the worker)."""

    @property
    def server(self) -> uvicorn.Server:
        if self._server is None:
            self._server = QuietServer(config=self.config)
        return self._server


class QuietSupervisor(multiprocess.Multiprocess):
    """uvicorn's supervisor, checking its workers every HEALTH_CHECK_S; a signal wakes it at once."""

    def __init__(self, config: uvicorn.Config, sockets: list[socket]) -> None:
        super().__init__(config, sockets)
        self._wake = threading.Event()
        for sig in multiprocess.SIGNALS:
            signal.signal(sig, self._on_signal)

    def _on_signal(self, sig: int, _frame: FrameType | None) -> None:
        self.signal_queue.append(sig)
        self._wake.set()

    def run(self) -> None:
        log.info("Started parent process [%d]", os.getpid())
        self.init_processes()
        while not self.should_exit.is_set():
            self._wake.wait(HEALTH_CHECK_S)
            self._wake.clear()
            self.handle_signals()
            self.keep_subprocess_alive()
        self.terminate_all()
        self.join_all()
        log.info("Stopping parent process [%d]", os.getpid())


def serve(app: str, workers: int, **options: object) -> None:
    """uvicorn.run(app, factory=True, workers=workers, ...) with QuietServer and QuietSupervisor."""
    config = uvicorn.Config(app, factory=True, workers=workers, **options)  # type: ignore[arg-type]
    if workers == 1:
        config.load_app()
        server = QuietServer(config)
        with contextlib.suppress(KeyboardInterrupt):
            server.run()
        if not server.started:
            sys.exit(STARTUP_FAILURE)
        return
    # The supervisor makes its workers (at start, and a replacement for one that died) by this
    # module-level name; set in the supervisor process only (a worker imports uvicorn afresh).
    multiprocess.Process = QuietProcess  # type: ignore[misc]
    with contextlib.suppress(KeyboardInterrupt):
        QuietSupervisor(config, sockets=[config.bind_socket()]).run()


def forwarding_options(trusted_proxies: Sequence[IPv4Network | IPv6Network]) -> dict[str, object]:
    """uvicorn's options for X-Forwarded-For/-Proto: believed from the trusted proxies only.

    uvicorn's ProxyHeadersMiddleware (0.54, checked in tests/api/test_forwarded_for.py) believes
    the headers only when the connection comes from a trusted address, and takes as the client the
    right-most X-Forwarded-For entry that is not a trusted proxy: what the proxy nearest to us
    appended, never what the client wrote at the left (only "*" reads the left-most, and
    settings refuse it). With no trusted proxy the middleware is left out altogether.
    """
    if not trusted_proxies:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": [str(network) for network in trusted_proxies]}


def main(argv: list[str] | None = None) -> None:
    missing = {k: v for k, v in ALLOCATOR_ENV.items() if k not in os.environ}
    if missing:
        # glibc reads it at process start: start again with it, once (the workers inherit it).
        argv = sys.argv[1:] if argv is None else argv
        os.execve(sys.executable, [sys.executable, "-m", "backend.serve", *argv], os.environ | missing)  # noqa: S606
    settings = get_settings()
    parser = argparse.ArgumentParser(prog="python -m backend.serve", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default=settings.api_host)
    parser.add_argument("--port", type=int, default=settings.api_port)
    parser.add_argument(
        "--workers", type=int, default=settings.api_workers or default_workers(), help="processes"
    )
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--app", default="backend.app:create_app", help="an app factory (tests serve others)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    os.environ[FACTORY_ENV] = args.app
    serve(
        SETTLED_APP,
        args.workers,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        **forwarding_options(settings.trusted_proxies),
        # Open live streams (SSE) must not hold a stop for long.
        timeout_graceful_shutdown=5,
        access_log=settings.api_access_log,
    )


if __name__ == "__main__":
    main()
