"""Is the synthetic target the bottleneck? nginx directly vs through HAProxy, same run.

Starts the target role's nginx (exactly as a run does: one server, /fast = `return 200`) and a
HAProxy with `nbthread 2` in front of it, then runs `wrk -t2 -c50` (through the injector's wrk
driver) against each in turn, alternating, for --rounds rounds, all on loopback on this one
machine. It prints each round's req/s and the median ratio direct / through HAProxy. A ratio
well above 1 means HAProxy saturates long before nginx does, so measurements of HAProxy are
not capped by the target. Everything shares the same cores, so the absolute numbers move
between runs; the ratio much less. Usage:

    .venv/bin/python bench/target_capacity.py [--duration 10] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.drivers import ToolRun
from agents.drivers.wrk import WrkDriver
from agents.roles.base import AgentContext
from agents.roles.target import TargetRole
from agents.targets.nginx import nginx_version
from contract.load import LoadProfile
from contract.protocol import StartTargets
from contract.target import Endpoint, ManagedTarget
from dev.services import foreground_server, free_port

HAPROXY_CONFIG = """\
global
    nbthread 2
    maxconn 2000
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    http-reuse safe
frontend fe
    bind 127.0.0.1:{port}
    default_backend be
backend be
    server s1 {upstream}
"""


@contextlib.contextmanager
def nginx_target(workdir: Path) -> Iterator[str]:
    role = TargetRole(AgentContext.local("bench-target", workdir))
    try:
        data = role.handle(StartTargets(run_id=1, target=ManagedTarget(endpoints=[Endpoint(path="/fast")])))
        yield str(data["addresses"][0])  # type: ignore[index]
    finally:
        role.close()


@contextlib.contextmanager
def haproxy_in_front(workdir: Path, upstream: str) -> Iterator[str]:
    port = free_port()
    config = workdir / "haproxy.cfg"
    config.write_text(HAPROXY_CONFIG.format(port=port, upstream=upstream))
    with foreground_server(["haproxy", "-db", "-f", str(config)], port) as address:
        yield address


def measure(address: str, duration_s: int, workdir: Path) -> tuple[float, list[str]]:
    """Successful requests per second of one wrk -t2 -c50 run, and its command line."""
    driver = WrkDriver()
    profile = LoadProfile(driver="wrk", threads=2, connections=50, duration_s=duration_s, path="/fast")
    workdir.mkdir(parents=True, exist_ok=True)
    argv = driver.command(profile, f"http://{address}", workdir)
    done = subprocess.run(
        argv, cwd=workdir, capture_output=True, text=True, timeout=duration_s + 60, check=False
    )
    run = ToolRun(profile, workdir, done.returncode, done.stdout, done.stderr, 0.0, stopped_early=False)
    summary = driver.parse(run, "bench")
    if summary.errors.total:
        raise SystemExit(f"errors during the benchmark: {summary.errors}")
    return summary.rps, argv


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=3, help="direct/haproxy pairs, alternating")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp:
        root = Path(tmp)
        with nginx_target(root / "target") as direct, haproxy_in_front(root, direct) as proxied:
            print(
                f"nginx {nginx_version()} at {direct} (worker_processes auto, {os.cpu_count()} cores); "
                f"haproxy nbthread 2 at {proxied}"
            )
            ratios = []
            for round_no in range(1, args.rounds + 1):
                direct_rps, argv = measure(direct, args.duration, root / f"direct-{round_no}")
                time.sleep(1)
                proxied_rps, _ = measure(proxied, args.duration, root / f"haproxy-{round_no}")
                time.sleep(1)
                ratios.append(direct_rps / proxied_rps)
                print(
                    f"round {round_no}: nginx direct {direct_rps:,.0f} req/s, through haproxy "
                    f"{proxied_rps:,.0f} req/s, ratio {ratios[-1]:.2f}"
                )
            print(f"median ratio direct / through haproxy: {statistics.median(ratios):.2f}")
            print("wrk command (direct):", " ".join(argv[: argv.index("--")]))


if __name__ == "__main__":
    main()
