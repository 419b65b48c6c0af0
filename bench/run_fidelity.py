"""Does a run through haplab measure what wrk run by hand measures? Same topology, same config.

Brings up the whole product on this machine (throwaway PostgreSQL and Redis, the API under
uvicorn, a Celery worker, the local lab: three agents and, as root, three network namespaces
injector 10.77.1.1 -> proxy 10.77.1.2:8080 -> target 10.77.2.2), then alternates, for --rounds
rounds (the order flips every round so neither side always goes first):

- haplab: launch an experiment (wrk, 50 connections, 2 threads, 10 s, /fast through a frontend
  -> backend -> one managed nginx) and read `summary.total.rps` of the finished run;
- by hand: with the lab idle (the run's HAProxy and nginx torn down), start nginx with the
  target role's own config renderer in the target namespace, HAProxy with the same rendered
  config (only the runtime dir and the target port differ; checked) and the same command line in
  the proxy namespace, then the exact wrk argv the agent ran (`run.command_lines`, same Lua
  report script; only the report path differs) in the injector namespace, and parse its report
  with the same driver code.

It prints each round's req/s of both and the ratio haplab / hand; the median ratio is the
fidelity (goal >= 0.97). What haplab adds while the load runs is on the same two cores: the
agents' 1 Hz samplers, lease renewals, sample batches into the API and PostgreSQL, the worker's
polls. Usage (as root, for the namespaces; about 1 minute per round):

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
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# tests/live_processes.py: the API server and worker processes, as the tests start them
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from alembic import command
from alembic.config import Config
from live_processes import start_api_server, start_worker_process
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from agents.drivers import ToolRun
from agents.drivers.wrk import REPORT_FILE, WrkDriver
from agents.proxy.readiness import not_ready
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError
from agents.targets.nginx import RunningTargets, start_targets
from agents.targets.nginx_config import NginxLayout
from backend.bootstrap import ensure_admin
from backend.teams.tokens import create_api_token
from dev.lab import LocalLab, running_local_lab
from dev.services import free_port, throwaway_services
from spec.experiment import ExperimentSpec
from spec.haproxy.render import RenderContext, render
from spec.target import ManagedTarget

ROOT = Path(__file__).resolve().parent.parent
TERMINAL = {"succeeded", "failed", "cancelled"}
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
        cfg = Config(str(ROOT / "alembic.ini"))
        cfg.attributes["url"] = pg.url
        cfg.attributes["configure_logger"] = False
        command.upgrade(cfg, "head")
        engine = create_engine(pg.url)
        with Session(engine) as db:
            user, team = ensure_admin(db, "bench@example.test", "a-long-password", "Bench team")
            _, token = create_api_token(db, user.id, team.id, "bench", "admin")
            db.commit()
        engine.dispose()
        api = start_api_server(database_url=pg.url, redis_url=redis.url, log_dir=log_dir, port=free_port())
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
            if run["state"] in TERMINAL:
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


# --------------------------------------------------------------------------- the lab, idle


def data_plane_processes(lab: LocalLab) -> list[str]:
    """HAProxy, nginx and load tools still alive in the lab's namespaces, as "ns: pid name"."""
    found = []
    for host in lab.hosts.values():
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


@contextlib.contextmanager
def hand_nginx(spec: ExperimentSpec, workdir: Path, address: str, netns: str | None) -> Iterator[str]:
    """nginx exactly as the target role starts it (same renderer, same argv), in the namespace."""
    assert isinstance(spec.target, ManagedTarget)
    running: RunningTargets = start_targets(spec.target, NginxLayout(workdir.resolve()), address, netns)
    try:
        yield running.addresses[0]
    finally:
        running.process.stop()


@contextlib.contextmanager
def hand_haproxy(run: dict[str, Any], spec: ExperimentSpec, workdir: Path, target: str) -> Iterator[None]:
    """The run's HAProxy config and command line, re-rendered for our dir and our nginx's port."""
    proxy_agent = next(a for a, lines in run["command_lines"].items() for argv in lines if "haproxy" in argv)
    agent_dir = str(run["environment"][proxy_agent]["runtime_dir"])
    config = render(spec.proxy, RenderContext(target_addresses=[target], runtime_dir=str(workdir)))
    stored_target = re.search(r"server \S+ (\S+)", run["rendered_config"])
    assert stored_target is not None, "no server line in the run's config"
    if _normalized(config, str(workdir), target) != _normalized(
        run["rendered_config"], agent_dir, stored_target.group(1)
    ):
        raise RuntimeError("the hand-rendered HAProxy config differs from the run's beyond dir and port")
    (workdir / "haproxy.cfg").write_text(config)
    [argv] = [argv for argv in run["command_lines"][proxy_agent] if "haproxy" in argv]
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
        for sig, grace in ((signal.SIGUSR1, 5), (signal.SIGTERM, 2), (signal.SIGKILL, 5)):
            if proc.poll() is not None:
                break
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(grace)


def hand_wrk(run: dict[str, Any], spec: ExperimentSpec, workdir: Path) -> tuple[float, float, list[str]]:
    """The agent's exact wrk argv (report path aside): (rps parsed as the agent does, wrk's own)."""
    [argv] = [argv for lines in run["command_lines"].values() for argv in lines if "wrk" in argv]
    report_at = argv.index("--") + 1
    argv = [*argv[:report_at], str(workdir / REPORT_FILE), *argv[report_at + 1 :]]
    profile = spec.load
    started = time.monotonic()
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
    return summary.rps, float(own.group(1)) if own else float("nan"), argv


def by_hand(lab: LocalLab, run: dict[str, Any], workdir: Path) -> tuple[float, float, list[str]]:
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
        result = hand_wrk(run, spec, workdir / "injector")
    wait_lab_idle(lab)
    return result


# --------------------------------------------------------------------------- main


def haplab_run(api: Api, experiment_id: int, lab: LocalLab, duration_s: int) -> dict[str, Any]:
    [run_id] = api.launch(experiment_id, lab.lab_id or 0)
    run = api.wait_finished(run_id, duration_s + 120)
    if run["state"] != "succeeded":
        raise RuntimeError(f"run {run_id} {run['state']}: {run['error']}")
    if run["summary"]["total"]["errors"]["total"]:
        raise RuntimeError(f"run {run_id} had errors: {run['summary']['total']['errors']}")
    wait_lab_idle(lab)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=5, help="haplab/hand pairs, order flipped each round")
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per run")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    with haplab_stack() as stack, tempfile.TemporaryDirectory(prefix="hl-h-") as hand_root:
        api = Api(stack.api_url, stack.token)
        lab = stack.lab
        spec = http_spec(connections=args.connections, threads=args.threads, duration_s=args.duration)
        experiment_id = api.create_experiment("fidelity", spec)
        print(f"lab {lab.lab_id}: {'; '.join(lab.describe())}")
        ratios: list[float] = []
        rows: list[tuple[int, str, float, float, float]] = []
        reference: dict[str, Any] | None = None
        hand_argv: list[str] = []
        for round_no in range(1, args.rounds + 1):
            order = ("haplab", "hand") if round_no % 2 else ("hand", "haplab")
            rps: dict[str, float] = {}
            own = float("nan")
            for side in order:
                if side == "haplab":
                    run = haplab_run(api, experiment_id, lab, args.duration)
                    reference = reference or run
                    rps["haplab"] = float(run["summary"]["total"]["rps"])
                else:
                    if reference is None:  # the hand side needs the argv of one haplab run
                        reference = haplab_run(api, experiment_id, lab, args.duration)
                    rps["hand"], own, hand_argv = by_hand(lab, reference, Path(hand_root) / f"r{round_no}")
                time.sleep(1)
            ratios.append(rps["haplab"] / rps["hand"])
            rows.append((round_no, " then ".join(order), rps["haplab"], rps["hand"], own))
            print(
                f"round {round_no} ({' then '.join(order)}): haplab {rps['haplab']:,.0f} req/s, "
                f"hand {rps['hand']:,.0f} req/s (wrk's own {own:,.0f}), ratio {ratios[-1]:.3f}",
                flush=True,
            )
        haplab_all = [r[2] for r in rows]
        hand_all = [r[3] for r in rows]
        print(
            f"median ratio haplab / hand: {statistics.median(ratios):.3f} (min {min(ratios):.3f}, "
            f"max {max(ratios):.3f}); ratio of medians "
            f"{statistics.median(haplab_all) / statistics.median(hand_all):.3f}"
        )
        print("hand wrk argv:", " ".join(hand_argv))


if __name__ == "__main__":
    main()
