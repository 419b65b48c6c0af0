"""What collecting HAProxy's request timers costs: throughput with the request log on vs off, side
by side in one run, and the agent reader's CPU per 10,000 lines.

This starts the target role's nginx (/fast = `return 200`) and two HAProxy processes in front of
it through the proxy role itself (agents.roles.proxy.ProxyRole, the config rendered by
contract.haproxy.render with `nbthread 2`, as a run does): one without timers, one logging one
request in N to the role's request log reader (agents.proxy.request_log), which runs in this
process as it runs in the agent. Both stay up; `wrk -t2 -c50` (the injector's wrk driver) loads
one, then the other, for --duration seconds, the order flipping every round, --rounds rounds per
N (N = 0: the control, a second HAProxy without timers, the noise floor of the method). It
prints each pair's successful req/s and their ratio on/off, the lines the reader read, the lines
HAProxy could not send (`show info` DroppedLogs), the reader's CPU (its two threads' user +
system time, from /proc/self/task) per 10,000 lines and HAProxy's CPU per request (its worker,
/proc/<pid>/stat); then, per N, the medians and the ratio's range. All on this one machine:
wrk, nginx, both HAProxy and the reader share its cores.
HAProxy and wrk run on loopback here; with --lab-namespace the log socket is made as the agent
makes it when HAProxy runs in a lab namespace (inside a throwaway namespace whose
net.unix.max_dgram_qlen is raised; HAProxy reaches it by path), without it as on a host where
HAProxy runs in the agent's own namespace (the host's limit, 10 datagrams on Debian 12).
Usage (as root, like `make up`'s lab; about 2 x duration + 4 s per pair):

    .venv/bin/python bench/request_timers_cost.py [--one-in 1 --one-in 10] [--duration 5] [--rounds 5] \
        [--lab-namespace]
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
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from agents.drivers import ToolRun
from agents.drivers.wrk import WrkDriver
from agents.proxy.request_log import BATCH_WAIT_S, RequestLogReader, bind_log_socket
from agents.roles.base import AgentContext
from agents.roles.proxy import ProxyRole
from agents.roles.target import TargetRole
from contract.haproxy import (
    Backend,
    Bind,
    Defaults,
    Frontend,
    Global,
    HAProxyConfig,
    RenderContext,
    ServerOptions,
    Timeouts,
    render,
)
from contract.load import LoadProfile
from contract.protocol import ApplyProxyConfig, StartSampling, StartTargets
from contract.target import Endpoint, ManagedTarget
from dev.services import free_port

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def nginx_target(workdir: Path) -> Iterator[str]:
    """The target role's nginx serving /fast (`return 200`); yields its address."""
    role = TargetRole(AgentContext.local("bench-target", workdir))
    try:
        started = role.handle(
            StartTargets(run_id=1, target=ManagedTarget(endpoints=[Endpoint(path="/fast")]))
        )
        yield started.addresses[0]  # type: ignore[attr-defined]
    finally:
        role.close()


def proxy_config(port: int) -> HAProxyConfig:
    return HAProxyConfig(
        global_=Global(maxconn=2000, nbthread=2),
        defaults=Defaults(mode="http", timeouts=Timeouts(connect=2000, client=10000, server=10000)),
        frontends=[Frontend(name="fe", bind=Bind(address="127.0.0.1", port=port), default_backend="be")],
        backends=[Backend(name="be", http_reuse="safe", target_servers=ServerOptions())],
    )


@contextlib.contextmanager
def proxy(
    root: Path, name: str, upstream: str, one_in: int | None, socket_netns: str | None = None
) -> Iterator[tuple[ProxyRole, str]]:
    """A proxy role's HAProxy in front of `upstream`, logging one request in `one_in` (None: not
    at all), sampling from now on; yields the role and HAProxy's address."""
    directory = root / name
    directory.mkdir(mode=0o711)
    role = ProxyRole(AgentContext.local(name, directory))
    port = free_port()
    ctx = RenderContext(target_addresses=[upstream], runtime_dir=str(role.workdir), request_log_one_in=one_in)
    try:
        if one_in is not None and socket_netns is not None:
            # What the role does when its HAProxy runs in a lab namespace (ctx.netns), with
            # HAProxy itself left on loopback here so wrk reaches it.
            role._log_socket, _ = bind_log_socket(role.workdir, role.user, socket_netns)
            role._log_batch_wait_s = BATCH_WAIT_S
        role.handle(
            ApplyProxyConfig(run_id=1, config_text=render(proxy_config(port), ctx), request_log_one_in=one_in)
        )
        role.handle(StartSampling(run_id=1, t0=datetime.now(UTC)))
        yield role, f"127.0.0.1:{port}"
    finally:
        role.close()


def process_cpu_s(pid: int) -> float:
    """User + system CPU seconds of process `pid` (all its threads), so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def thread_cpu_s(native_ids: list[int]) -> float:
    """User + system CPU seconds of these threads of this process, so far."""
    total = 0
    for tid in native_ids:
        fields = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / CLOCK_TICKS


def reader_threads(role: ProxyRole) -> tuple[RequestLogReader | None, list[int]]:
    reader = role._log_reader
    if reader is None:  # the control: no timers
        return None, []
    ids = [reader._thread.native_id, reader._ticker._thread.native_id]
    return reader, [tid for tid in ids if tid is not None]


def dropped_logs(role: ProxyRole) -> int:
    return int(role.api.show_info().get("DroppedLogs", "0"))


def wrk_rps(address: str, duration_s: int, workdir: Path) -> float:
    """Successful requests per second of one wrk -t2 -c50 run on /fast, as wrk counts them."""
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
    return summary.rps


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run")
    parser.add_argument("--rounds", type=int, default=5, help="off/on pairs per N, alternating")
    parser.add_argument(
        "--one-in",
        type=int,
        action="append",
        help="log one request in N (repeatable; default 1 and 10); 0: the control, no timers on either",
    )
    parser.add_argument(
        "--lab-namespace", action="store_true", help="make the log socket in a lab namespace, as the lab does"
    )
    args = parser.parse_args()
    one_ins = args.one_in or [1, 10]
    with lab_namespace(args.lab_namespace) as socket_netns:
        compare(args, one_ins, socket_netns)


@contextlib.contextmanager
def lab_namespace(wanted: bool) -> Iterator[str | None]:
    if not wanted:
        yield None
        return
    name = f"hlbench-timers-{os.getpid()}"
    subprocess.run(["ip", "netns", "add", name], check=True)
    try:
        yield name
    finally:
        subprocess.run(["ip", "netns", "delete", name], check=False)


def compare(args: argparse.Namespace, one_ins: list[int], socket_netns: str | None) -> None:

    with tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp:
        root = Path(tmp)
        root.chmod(0o711)  # nginx and HAProxy run as the lab's users, which must traverse it
        with nginx_target(root / "target") as upstream, proxy(root, "off", upstream, None) as (off_role, off):
            print(
                f"wrk -t2 -c50 /fast through haproxy nbthread 2, {args.duration} s per run, "
                f"{os.cpu_count()} cores"
            )
            for one_in in one_ins:
                with proxy(root, f"on{one_in}", upstream, one_in or None, socket_netns) as (role, on):
                    reader, threads = reader_threads(role)
                    ratios, per_10k, haproxy_us = [], [], {"off": [], "on": []}  # type: ignore[var-annotated]
                    pids = {"off": off_role._worker_pid, "on": role._worker_pid}
                    for round_no in range(1, args.rounds + 1):
                        order = ("off", "on") if round_no % 2 else ("on", "off")
                        rates: dict[str, float] = {}
                        for side in order:
                            work = root / f"wrk-{one_in}-{round_no}-{side}"
                            pid = pids[side]
                            assert pid is not None
                            haproxy0 = process_cpu_s(pid)
                            if side == "off":
                                rates[side] = wrk_rps(off, args.duration, work)
                            else:
                                lines0, cpu0, drops0 = (
                                    reader.lines_read if reader else 0,
                                    thread_cpu_s(threads),
                                    dropped_logs(role),
                                )
                                rates[side] = wrk_rps(on, args.duration, work)
                                time.sleep(1.5)  # the last lines arrive and are read
                                lines = (reader.lines_read if reader else 0) - lines0
                                cpu = thread_cpu_s(threads) - cpu0
                                drops = dropped_logs(role) - drops0
                            # HAProxy's CPU per request (the worker's threads; the box's noise moves
                            # req/s far more than it moves this).
                            haproxy_us[side].append(
                                1e6 * (process_cpu_s(pid) - haproxy0) / (rates[side] * args.duration)
                            )
                            time.sleep(1)
                        ratio = rates["on"] / rates["off"]
                        ratios.append(ratio)
                        per_10k.append(1e4 * cpu / max(lines, 1))
                        print(
                            f"1:{one_in} round {round_no}: off {rates['off']:,.0f} req/s, "
                            f"on {rates['on']:,.0f} req/s (x{ratio:.3f}); {lines:,} lines read "
                            f"({lines / args.duration:,.0f}/s), {drops:,} dropped; reader CPU {cpu:.2f} s "
                            f"= {per_10k[-1]:.3f} s per 10,000 lines; HAProxy CPU per request "
                            f"off {haproxy_us['off'][-1]:.1f} us, on {haproxy_us['on'][-1]:.1f} us"
                        )
                    print(
                        f"1:{one_in}: median on/off x{statistics.median(ratios):.3f} "
                        f"(pairs x{min(ratios):.3f} .. x{max(ratios):.3f}, {len(ratios)} pairs); reader "
                        f"{statistics.median(per_10k):.3f} s CPU per 10,000 lines (median); HAProxy CPU per "
                        f"request off {statistics.median(haproxy_us['off']):.1f} us, on "
                        f"{statistics.median(haproxy_us['on']):.1f} us (medians)"
                    )


if __name__ == "__main__":
    main()
