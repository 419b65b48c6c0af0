"""Does a run through haplab measure what wrk run by hand measures? Same topology, same config.

Brings up the whole product on this machine (throwaway PostgreSQL and Redis, the API under
uvicorn, a Celery worker, the local lab: three agents and, as root, three network namespaces
injector 10.77.1.1 -> proxy 10.77.1.2:8080 -> target 10.77.2.2). A first haplab run is not
counted (it gives the hand side its command lines; the first run after a start pays one-off
costs). Then it alternates, for --rounds rounds (the order flips every round so neither side
always goes first):

- haplab: launch an experiment (wrk, 50 connections, 2 threads, 10 s, /fast through a frontend
  -> backend -> one managed nginx) and read `summary.total.rps` of the finished run (the script
  does not poll the API while the load runs);
- by hand: with the lab idle (the run's HAProxy and nginx torn down), start nginx with the
  target role's own config renderer in the target namespace, HAProxy with the same rendered
  config (only the runtime dir and the target port differ; checked) and the same command line in
  the proxy namespace, then the exact wrk argv the agent ran (`run.command_lines`, same Lua
  report script; only the report path differs) in the injector namespace, and parse its report
  with the same driver code.

It prints each round's req/s of both and the ratio haplab / hand; the median ratio is the
fidelity (goal >= 0.97). A meter reads every process's CPU time twice a second, so each round
also shows how many cores the data plane (HAProxy, nginx, wrk), haplab's own processes (agents,
API, worker, PostgreSQL, Redis), this script and the rest of the machine used during the steady
part of the load. Usage (as root, for the namespaces; about 40 s per round):

    .venv/bin/python bench/run_fidelity.py [--rounds 5] [--duration 10]

`haplab_stack()` is also used by bench/orchestration_overhead.py.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# tests/live_processes.py: the API server and worker processes, as the tests start them
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_stack import admin_token, migrate_to_head
from live_processes import start_api_server, start_worker_process

from agents.drivers import ToolRun
from agents.drivers.wrk import REPORT_FILE, SCRIPT, WrkDriver
from agents.privileges import HAPROXY_USER, TARGET_USER, LabUser, lab_user
from agents.proxy.readiness import not_ready
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError
from agents.targets.nginx import RunningTargets, start_targets
from agents.targets.nginx_config import NginxLayout
from backend.serve import default_workers
from common.process_groups import stop_session
from contract.experiment import ExperimentSpec
from contract.haproxy.render import RenderContext, render
from contract.run_state import TERMINAL_STATES
from contract.target import ManagedTarget
from dev.lab import LocalLab, running_local_lab
from dev.services import free_port, throwaway_services

ROOT = Path(__file__).resolve().parent.parent
DATA_PLANE = {"haproxy", "nginx", "wrk", "hey", "h2load"}


# --------------------------------------------------------------------------- the stack


@dataclass
class Stack:
    api_url: str
    token: str
    lab: LocalLab
    log_dir: Path


@contextlib.contextmanager
def haplab_stack(agent_wait: float = 20, lease: int = 30) -> Iterator[Stack]:
    """PostgreSQL, Redis, migrations, the API, one worker, an admin token and the local lab."""
    with (
        tempfile.TemporaryDirectory(prefix="haplab-bench-") as tmp,
        throwaway_services(Path(tmp)) as (pg, redis),
    ):
        log_dir = Path(tmp) / "log"
        log_dir.mkdir()
        migrate_to_head(pg.url)
        token = admin_token(pg.url)
        # As `make up` runs it: one API process per core.
        api = start_api_server(
            database_url=pg.url,
            redis_url=redis.url,
            log_dir=log_dir,
            port=free_port(),
            workers=default_workers(),
            # The benches follow a stream per run, all with the one admin token (orchestration
            # overhead: --runs of them at once): no cap of a user's or team's streams in the way.
            env={"HAPLAB_LIVE_STREAMS_PER_USER": "1000", "HAPLAB_LIVE_STREAMS_PER_TEAM": "1000"},
        )
        worker = None
        # A short lab dir: HAProxy's stats socket path lives under it (UNIX socket paths are short).
        lab_root = Path(tempfile.mkdtemp(prefix="hl-b-"))
        try:
            worker = start_worker_process(
                database_url=pg.url, redis_url=redis.url, log_dir=log_dir, agent_wait=agent_wait, lease=lease
            )
            with running_local_lab(lab_root, api.url, token, online_timeout=60, log_dir=log_dir) as lab:
                yield Stack(api.url, token, lab, log_dir)
        except BaseException:
            for log in sorted(log_dir.glob("*.log")):
                print(f"===== {log.name} (last lines) =====", file=sys.stderr)
                print("\n".join(log.read_text(errors="replace").splitlines()[-30:]), file=sys.stderr)
            raise
        finally:
            if worker is not None:
                worker.stop()
            api.stop()
            shutil.rmtree(lab_root, ignore_errors=True)


class Api:
    """The REST API as a script uses it (a copy of tests/e2e/run_helpers.Api, trimmed)."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token
        self.http = httpx.Client(
            base_url=f"{url}/api/v1", headers={"Authorization": f"Bearer {token}"}, timeout=30
        )

    def call(self, method: str, path: str, **kwargs: Any) -> Any:
        r = self.http.request(method, path, **kwargs)
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {path} -> {r.status_code}: {r.text}")
        return r.json() if r.content else None

    def create_experiment(self, name: str, spec: dict[str, Any]) -> int:
        return int(self.call("POST", "/experiments", json={"name": name, "spec": spec})["id"])

    def launch(self, experiment_id: int, lab_id: int) -> list[int]:
        launched = self.call("POST", f"/experiments/{experiment_id}/launch", json={"lab_id": lab_id})
        return list(launched["run_ids"])

    def run(self, run_id: int) -> dict[str, Any]:
        return dict(self.call("GET", f"/runs/{run_id}"))

    def wait_finished(self, run_id: int, timeout_s: float, interval_s: float = 0.5) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while True:
            run = self.run(run_id)
            if run["state"] in TERMINAL_STATES:
                return run
            if time.monotonic() > deadline:
                raise RuntimeError(f"run {run_id} still {run['state']} after {timeout_s} s")
            time.sleep(interval_s)


def http_spec(*, connections: int, duration_s: int, threads: int = 2, warmup_s: int = 0) -> dict[str, Any]:
    """frontend :8080 -> backend -> one managed nginx serving /fast (as tests/e2e/run_helpers)."""
    return {
        "proxy": {
            "global": {"maxconn": 1000},
            "defaults": {"mode": "http", "timeouts": {"connect": 4000, "client": 42000, "server": 43000}},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "http_reuse": "safe", "target_servers": {}}],
        },
        "target": {
            "kind": "managed",
            "servers": 1,
            "endpoints": [
                {"path": "/fast", "delay_ms": 0, "body_bytes": 0, "status": 200},
                {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
            ],
        },
        "load": {
            "driver": "wrk",
            "connections": connections,
            "threads": threads,
            "duration_s": duration_s,
            "warmup_s": warmup_s,
            "path": "/fast",
            "keep_alive": True,
            "request_timeout_s": 20,
        },
    }


# --------------------------------------------------------------------------- CPU, by whom

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
# haplab's own processes, told apart by the command line of the child of this script they descend from
HAPLAB_PARTS = (
    ("injector-1", "agent injector"),
    ("proxy-1", "agent proxy"),
    ("target-1", "agent target"),
    ("backend.serve", "api"),
    ("uvicorn", "api"),
    ("celery", "worker"),
    ("postgres", "postgres"),
    ("redis", "redis"),
)
GROUPS = ("data plane", *dict.fromkeys(p for _, p in HAPLAB_PARTS), "haplab other", "bench", "other")


def _proc_table() -> dict[int, tuple[str, int, float]]:
    """pid -> (comm, ppid, CPU seconds used so far, all threads)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue  # exited
        comm = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        table[int(entry)] = (comm, int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS)
    return table


class CpuMeter(threading.Thread):
    """Samples every process's CPU time twice a second and adds it up by group:

    data plane: haproxy, nginx and the load tools (haplab's or ours); haplab's own processes (the
    descendants of this script: each agent, the API, the worker, PostgreSQL, Redis); bench: this
    script; other: the rest of the machine (a neighbour's load shows up here).
    """

    def __init__(self, interval_s: float = 0.5) -> None:
        super().__init__(name="cpu-meter", daemon=True)
        self.interval_s = interval_s
        self.samples: list[tuple[float, dict[str, float]]] = []
        self._halt = threading.Event()
        self._lock = threading.Lock()
        self._parts: dict[int, str] = {}  # child of this script -> its part

    def _part(self, child: int) -> str:
        if child not in self._parts:
            try:
                cmdline = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                return "haplab other"
            self._parts[child] = next((p for key, p in HAPLAB_PARTS if key in cmdline), "haplab other")
        return self._parts[child]

    def _group(self, pid: int, table: dict[int, tuple[str, int, float]]) -> str:
        me = os.getpid()
        if pid == me:
            return "bench"
        if table[pid][0] in DATA_PLANE:
            return "data plane"
        for _ in range(64):
            parent = table[pid][1] if pid in table else 0
            if parent == me:
                return self._part(pid)
            if parent not in table:
                return "other"
            pid = parent
        return "other"

    def run(self) -> None:
        last: dict[int, float] = {}
        totals = dict.fromkeys(GROUPS, 0.0)
        while not self._halt.is_set():
            now, table = time.time(), _proc_table()
            if self.samples:  # the first sample is the baseline
                for pid, (_comm, _ppid, used) in table.items():
                    # A process new since the last sample counts all its time (it began in between).
                    totals[self._group(pid, table)] += max(0.0, used - last.get(pid, 0.0))
            last = {pid: used for pid, (_c, _p, used) in table.items()}
            with self._lock:
                self.samples.append((now, dict(totals)))
            self._halt.wait(self.interval_s)

    def stop(self) -> None:
        self._halt.set()
        self.join(5)

    def cores(self, start: float, end: float) -> dict[str, float]:
        """Mean cores used by each group between two instants (epoch s), from the samples inside."""
        with self._lock:
            inside = [s for s in self.samples if start <= s[0] <= end]
        if len(inside) < 2:
            return {}
        (t_a, a), (t_b, b) = inside[0], inside[-1]
        return {g: (b[g] - a[g]) / (t_b - t_a) for g in GROUPS}


# --------------------------------------------------------------------------- the lab, idle


def data_plane_processes(lab: LocalLab) -> list[str]:
    """HAProxy, nginx and load tools still alive in the lab's namespaces, as "ns: pid name"."""
    found = []
    for host in lab.all_hosts:
        if host.netns is None:
            continue
        out = subprocess.run(
            ["ip", "netns", "pids", host.netns], capture_output=True, text=True, timeout=5, check=False
        ).stdout
        for pid in out.split():
            with contextlib.suppress(OSError):
                name = Path(f"/proc/{pid}/comm").read_text().strip()
                if name in DATA_PLANE:
                    found.append(f"{host.netns}: {pid} {name}")
    return found


def wait_lab_idle(lab: LocalLab, timeout_s: float = 30) -> None:
    """A run's teardown is sent after it ends: wait until its processes are gone."""
    deadline = time.monotonic() + timeout_s
    while left := data_plane_processes(lab):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the lab is not idle after {timeout_s} s: {left}")
        time.sleep(0.2)


# --------------------------------------------------------------------------- by hand


def _normalized(config: str, runtime_dir: str, target: str) -> str:
    return config.replace(runtime_dir, "{RUNTIME}").replace(target, "{TARGET}")


def _runs(argv: list[str], program: str) -> bool:
    """`argv` starts `program` (the agents start programs by absolute path, agents.programs)."""
    return any(Path(arg).name == program for arg in argv)


def _without_user_drop(argv: list[str]) -> list[str]:
    """The agent's argv without its `setpriv ... --` drop to a lab user (agents.privileges)."""
    drop = next((i for i, arg in enumerate(argv) if Path(arg).name == "setpriv"), None)
    return argv if drop is None else [*argv[:drop], *argv[argv.index("--", drop) + 1 :]]


def _reachable_for(user: LabUser, workdir: Path) -> None:
    """A way through the temporary directories above `workdir` for a lab user, as the agent's
    runtime directory gives one."""
    for parent in workdir.parents:
        if parent == Path(tempfile.gettempdir()):
            break
        parent.chmod(parent.stat().st_mode | 0o711)


@contextlib.contextmanager
def hand_nginx(spec: ExperimentSpec, workdir: Path, address: str, netns: str | None) -> Iterator[str]:
    """nginx exactly as the target role starts it (same renderer, same argv, same user), in the
    namespace."""
    assert isinstance(spec.target, ManagedTarget)
    user = lab_user(TARGET_USER)
    _reachable_for(user, workdir)
    layout = NginxLayout(workdir.resolve() / "nginx")
    running: RunningTargets = start_targets(spec.target, layout, address, netns, user)
    try:
        yield running.addresses[0]
    finally:
        running.process.stop()


@contextlib.contextmanager
def hand_haproxy(run: dict[str, Any], spec: ExperimentSpec, workdir: Path, target: str) -> Iterator[None]:
    """The run's HAProxy config and command line, re-rendered for our dir and our nginx's port."""
    proxy_agent = next(
        a for a, lines in run["command_lines"].items() for argv in lines if _runs(argv, "haproxy")
    )
    agent_dir = str(run["environment"]["agents"][proxy_agent]["capabilities"]["runtime_dir"])
    config = render(spec.proxy, RenderContext(target_addresses=[target], runtime_dir=str(workdir)))
    stored_target = re.search(r"server \S+ (\S+)", run["rendered_config"])
    assert stored_target is not None, "no server line in the run's config"
    if _normalized(config, str(workdir), target) != _normalized(
        run["rendered_config"], agent_dir, stored_target.group(1)
    ):
        raise RuntimeError("the hand-rendered HAProxy config differs from the run's beyond dir and port")
    (workdir / "haproxy.cfg").write_text(config)
    # The run's command line starts HAProxy as the proxy role's unprivileged user (setpriv): give
    # it the directory, as the agent does, and a way through the temporary directories above it.
    user = lab_user(HAPROXY_USER)
    user.own(workdir)
    _reachable_for(user, workdir)
    [argv] = [argv for argv in run["command_lines"][proxy_agent] if _runs(argv, "haproxy")]
    argv = [a.replace(agent_dir, str(workdir)) for a in argv]  # -f CFG, -S master.sock
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        api = RuntimeApi(workdir / "haproxy.sock")
        deadline = time.monotonic() + 20
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"hand HAProxy exited with {proc.returncode}: {' '.join(argv)}")
            with contextlib.suppress(RuntimeApiError, OSError):
                if not not_ready(api.show_stat()):
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("hand HAProxy not ready within 20 s")
            time.sleep(0.1)
        yield
    finally:
        stop_session(proc, [(signal.SIGUSR1, 5), (signal.SIGTERM, 2)], kill_wait_s=5)


def hand_wrk(
    run: dict[str, Any], spec: ExperimentSpec, workdir: Path
) -> tuple[float, float, float, list[str]]:
    """The agent's exact wrk argv (script and report paths aside, and run as root: the run's
    directory and its copy of the script went with the run).

    Returns (rps parsed as the agent parses it, wrk's own Requests/sec, when wrk started, argv).
    """
    [argv] = [argv for lines in run["command_lines"].values() for argv in lines if _runs(argv, "wrk")]
    argv = _without_user_drop(argv)
    argv[argv.index("-s") + 1] = str(SCRIPT)
    report_at = argv.index("--") + 1
    argv = [*argv[:report_at], str(workdir / REPORT_FILE), *argv[report_at + 1 :]]
    profile = spec.load
    started, wall = time.monotonic(), time.time()
    done = subprocess.run(
        argv, cwd=workdir, capture_output=True, text=True, timeout=profile.total_seconds + 60, check=False
    )
    tool = ToolRun(
        profile,
        workdir,
        done.returncode,
        done.stdout,
        done.stderr,
        time.monotonic() - started,
        stopped_early=False,
    )
    summary = WrkDriver().parse(tool, "hand")
    if summary.errors.total:
        raise RuntimeError(f"errors in the hand wrk run: {summary.errors}")
    own = re.search(r"Requests/sec:\s+([0-9.]+)", done.stdout)
    return summary.rps, float(own.group(1)) if own else float("nan"), wall, argv


@dataclass
class Measured:
    rps: float
    load_start: float  # epoch seconds, when the measured load began (approximately, +-0.5 s)
    wrk_own_rps: float = float("nan")
    argv: list[str] | None = None


def by_hand(lab: LocalLab, run: dict[str, Any], workdir: Path) -> Measured:
    spec = ExperimentSpec.model_validate(run["spec"])
    target, proxy = lab.hosts["target"], lab.hosts["proxy"]
    if proxy.netns is None:
        raise SystemExit("this benchmark needs the network namespaces: run it as root")
    for part in ("target", "proxy", "injector"):
        (workdir / part).mkdir(parents=True)
    with (
        hand_nginx(spec, workdir / "target", target.data_address, target.netns) as upstream,
        hand_haproxy(run, spec, workdir / "proxy", upstream),
    ):
        rps, own, started, argv = hand_wrk(run, spec, workdir / "injector")
    wait_lab_idle(lab)
    return Measured(rps, started, own, argv)


# --------------------------------------------------------------------------- main


def haplab_run(
    api: Api, experiment_id: int, lab: LocalLab, duration_s: int
) -> tuple[dict[str, Any], Measured]:
    [run_id] = api.launch(experiment_id, lab.lab_id or 0)
    # No polling while the load runs: our requests would cost the API CPU on the same cores.
    time.sleep(duration_s + 2)
    run = api.wait_finished(run_id, 120)
    if run["state"] != "succeeded":
        raise RuntimeError(f"run {run_id} {run['state']}: {run['error']}")
    if run["summary"]["total"]["errors"]["total"]:
        raise RuntimeError(f"run {run_id} had errors: {run['summary']['total']['errors']}")
    wait_lab_idle(lab)
    # t0 from the proxy's samples: sample t was taken in second t after t0 (t = floor(ts - t0)).
    proxy = api.call("GET", f"/runs/{run_id}/samples")["sources"]["proxy"]
    t0 = statistics.median(datetime.fromisoformat(p["ts"]).timestamp() - p["t"] for p in proxy) - 0.5
    return run, Measured(float(run["summary"]["total"]["rps"]), t0)


def load_cpu(meter: CpuMeter, measured: Measured, duration_s: int) -> dict[str, float]:
    """Cores used by each group during the steady part of the load (its first and last second cut)."""
    return meter.cores(measured.load_start + 1, measured.load_start + duration_s - 1)


def cpu_text(cpu: dict[str, float]) -> str:
    """Cores by group; haplab's own parts summed as "haplab" first, then listed when they matter."""
    if not cpu:
        return "n/a"
    parts = [g for g in GROUPS if g not in ("data plane", "bench", "other")]
    detail = ", ".join(f"{g} {cpu[g]:.3f}" for g in parts if cpu[g] >= 0.005)
    return (
        f"data plane {cpu['data plane']:.2f}, haplab {sum(cpu[g] for g in parts):.2f} ({detail or '-'}), "
        f"bench {cpu['bench']:.2f}, other {cpu['other']:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="haplab/hand pairs, order flipped each round")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per run")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    meter = CpuMeter()
    meter.start()
    with haplab_stack() as stack, tempfile.TemporaryDirectory(prefix="hl-h-") as hand_root:
        api = Api(stack.api_url, stack.token)
        lab = stack.lab
        spec = http_spec(connections=args.connections, threads=args.threads, duration_s=args.duration)
        experiment_id = api.create_experiment("fidelity", spec)
        print(f"lab {lab.lab_id}: {'; '.join(lab.describe())}")
        # One run first, not counted: it gives the hand side its command lines, and the first run
        # after a start pays one-off costs (first connections, imports) that are not the question.
        reference, first = haplab_run(api, experiment_id, lab, args.duration)
        print(f"first run (not counted): haplab {first.rps:,.0f} req/s", flush=True)
        ratios: list[float] = []
        results: dict[str, list[float]] = {"haplab": [], "hand": []}
        cpu: dict[str, list[dict[str, float]]] = {"haplab": [], "hand": []}
        hand_argv: list[str] = []
        for round_no in range(1, args.rounds + 1):
            order = ("haplab", "hand") if round_no % 2 else ("hand", "haplab")
            got: dict[str, Measured] = {}
            for side in order:
                if side == "haplab":
                    got[side] = haplab_run(api, experiment_id, lab, args.duration)[1]
                else:
                    got[side] = by_hand(lab, reference, Path(hand_root) / f"r{round_no}")
                    hand_argv = got[side].argv or []
                time.sleep(1)
            ratios.append(got["haplab"].rps / got["hand"].rps)
            for side in ("haplab", "hand"):
                results[side].append(got[side].rps)
                cpu[side].append(load_cpu(meter, got[side], args.duration))
            print(
                f"round {round_no} ({' then '.join(order)}): haplab {got['haplab'].rps:,.0f} req/s, "
                f"hand {got['hand'].rps:,.0f} req/s (wrk's own {got['hand'].wrk_own_rps:,.0f}), "
                f"ratio {ratios[-1]:.3f}\n"
                f"    cores used during the load, haplab: {cpu_text(cpu['haplab'][-1])}\n"
                f"    cores used during the load, hand:   {cpu_text(cpu['hand'][-1])}",
                flush=True,
            )
    meter.stop()
    print(
        f"median ratio haplab / hand: {statistics.median(ratios):.3f} (min {min(ratios):.3f}, "
        f"max {max(ratios):.3f}); ratio of medians "
        f"{statistics.median(results['haplab']) / statistics.median(results['hand']):.3f}"
    )
    for side in ("haplab", "hand"):
        rows = [c for c in cpu[side] if c]
        if rows:
            medians = {g: statistics.median(c[g] for c in rows) for g in GROUPS}
            print(f"median cores during the load, {side:<6}: {cpu_text(medians)}")
    print("hand wrk argv:", " ".join(hand_argv))


if __name__ == "__main__":
    main()
