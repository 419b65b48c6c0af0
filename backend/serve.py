"""Run the API: uvicorn, one worker process per core unless HAPLAB_API_WORKERS says otherwise.

One process serves one core (the GIL): on 2 cores a single process saturated at 60-75 simple
reads/s (docs/benchmarks.md, "API capacity"). Nothing the API keeps in memory must be shared
between requests for correctness: sessions, tokens and login throttling live in PostgreSQL and
Redis, live samples reach every process's SSE streams through Redis pub/sub, and what each
process caches (haproxy -c results) is only a cache. uvicorn's supervisor restarts a worker that
dies and passes SIGTERM/SIGINT on to all of them.

    python -m backend.serve [--host H] [--port P] [--workers N]
"""

from __future__ import annotations

import argparse
import os
import sys

import uvicorn
from starlette.types import ASGIApp
from uvicorn.importer import import_from_string

from backend.settings import get_settings
from common import gc_tuning


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
    """The app --app's factory makes, then the garbage collector settled (common/gc_tuning.py):
    what the app loaded stays for the process's life, out of the collector's way."""
    app: ASGIApp = import_from_string(os.environ[FACTORY_ENV])()
    gc_tuning.settle()
    return app


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
    parser.add_argument("--proxy-headers", action="store_true", help="trust X-Forwarded-* (behind a proxy)")
    parser.add_argument("--forwarded-allow-ips", default=None, help="whose X-Forwarded-* to trust")
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    os.environ[FACTORY_ENV] = args.app
    uvicorn.run(
        SETTLED_APP,
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level,
        proxy_headers=args.proxy_headers,
        forwarded_allow_ips=args.forwarded_allow_ips,
        # Open live streams (SSE) must not hold a stop for long.
        timeout_graceful_shutdown=5,
        access_log=settings.api_access_log,
    )


if __name__ == "__main__":
    main()
