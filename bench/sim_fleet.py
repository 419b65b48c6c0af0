"""Many labs at once: N simulated labs, one run launched on each together. What does it cost?

For each N of --labs (10,50,200), on a fresh stack (throwaway PostgreSQL and Redis, the schema,
an admin token, the API with one process per core as `make up` starts it, and the Celery
workers exactly as `make up` starts them: `worker_commands()`), this:

1. creates N labs and, for each, three one-time enrollment tokens (proxy, injector, target);
2. starts 3N simulated agents (bench/sim_agents.py: the real agent protocol over HTTP, answers
   of the contract's models, one SampleBatch a second while sampling) in --sim-processes
   processes (asyncio + httpx), and waits until all 3N are online;
3. creates one experiment (wrk profile of --duration s through HAProxy to one managed nginx)
   and launches it on every lab at once (--launchers parallel POST .../launch);
4. waits until every run ended (or --max-wait s after the launch: runs still queued or active
   then are cancelled and reported as not done), sampling every 0.5 s: runs by state,
   PostgreSQL's connections (pg_stat_activity, client backends, this script's own not counted),
   and from /proc the CPU and memory (RSS and PSS, all processes) of the workers, the API,
   PostgreSQL, Redis and the simulator itself.

Reported per N, from the database's timestamps (run.created_at: queued at launch; started_at:
the dispatcher moved it to `preparing`; finished_at) and the agents' own clocks:
- runs in flight: the most whose [started_at, finished_at) overlap (exact), and the sampled
  count over time;
- dispatch delay (started_at - created_at) p50/p95/max;
- the workers' peak RSS/PSS and cores over the busy window, and cores per concurrent run;
- the API's cores over the busy window; client-side latency p50/p95/p99 of each kind of agent
  request (sample batches, command results, heartbeats, clock exchanges) in the busy window,
  and how long a command took from the worker writing it to an agent's poll handing it over;
- PostgreSQL's most client connections; the simulator's event-loop lag (is it keeping up?);
- runs by end state, with each distinct error and how many runs had it.

Usage (no root; several minutes per N; `--json FILE` keeps everything measured):

    .venv/bin/python bench/sim_fleet.py [--labs 10,50,200] [--duration 20] [--max-wait 300]
        [--sim-processes 1] [--json /tmp/sim_fleet.json]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import httpx  # noqa: E402
import psycopg  # noqa: E402

from common.process_groups import stop_session  # noqa: E402
from contract.run_state import ACTIVE_STATES, TERMINAL_STATES  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_KIB = os.sysconf("SC_PAGE_SIZE") // 1024
ACTIVE = tuple(state.value for state in ACTIVE_STATES)
TERMINAL = tuple(state.value for state in TERMINAL_STATES)
SAMPLE_EVERY_S = 0.5


# ---------------------------------------------------------------- the workers, as `make up` starts them


def worker_commands() -> list[tuple[str, list[str]]]:
    """(name, celery argv after `python -m`) of each worker process `make up` starts (dev/up.py):
    backend.queue.worker_pools(), the one definition `make up`, docker-compose.yml and the tests share."""
    from backend.queue import worker_pools

    return [(f"{pool.name}-worker", pool.argv()) for pool in worker_pools()]


@dataclass
class Process:
    name: str
    proc: subprocess.Popen[bytes]
    log_path: Path

    def stop(self) -> None:
        stop_session(self.proc, [(signal.SIGTERM, 20)], kill_wait_s=10)


def start_workers(env: dict[str, str], log_dir: Path) -> list[Process]:
    started = []
    for name, argv in worker_commands():
        log_path = log_dir / f"{name}.log"
        with open(log_path, "wb") as log:
            proc = subprocess.Popen(
                [sys.executable, "-m", *argv],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        started.append(Process(name, proc, log_path))
    from celery import Celery

    control = Celery("sim-fleet-control", broker=env["HAPLAB_REDIS_URL"])
    try:
        deadline = time.monotonic() + 120
        while True:
            for worker in started:
                if worker.proc.poll() is not None:
                    raise RuntimeError(f"{worker.name} exited:\n{worker.log_path.read_text()[-3000:]}")
            answers = control.control.ping(timeout=1.0) or []
            if len(answers) >= len(started):
                return started
            if time.monotonic() > deadline:
                raise RuntimeError(f"only {len(answers)} of {len(started)} workers answer a ping")
    finally:
        control.close()


# ---------------------------------------------------------------- the stack


@dataclass
class Stack:
    api_url: str
    dsn: str
    token: str
    env: dict[str, str]
    log_dir: Path
    pids: dict[str, int] = field(default_factory=dict)  # part -> the PID whose tree is that part


@contextmanager
def fleet_stack() -> Iterator[Stack]:
    from bench_stack import admin_token, migrate_to_head
    from live_processes import start_api_server

    from backend.serve import default_workers
    from dev.services import free_port, throwaway_services

    with (
        tempfile.TemporaryDirectory(prefix="haplab-simfleet-") as tmp,
        throwaway_services(Path(tmp)) as (pg, redis),
    ):
        log_dir = Path(tmp) / "log"
        log_dir.mkdir()
        migrate_to_head(pg.url)
        token = admin_token(pg.url)
        env = {
            **os.environ,
            "HAPLAB_ENVIRONMENT": "test",
            "HAPLAB_DATABASE_URL": pg.url,
            "HAPLAB_REDIS_URL": redis.url,
        }
        api = start_api_server(
            database_url=pg.url,
            redis_url=redis.url,
            log_dir=log_dir,
            port=free_port(),
            workers=default_workers(),
        )
        workers: list[Process] = []
        try:
            workers = start_workers(env, log_dir)
            pids = {"api": api.proc.pid, "postgres": pg.proc.pid, "redis": redis.proc.pid}  # type: ignore[union-attr]
            for worker in workers:
                pids[worker.name] = worker.proc.pid
            yield Stack(
                api.url, pg.url.replace("postgresql+psycopg://", "postgresql://"), token, env, log_dir, pids
            )
        except BaseException:
            for log in sorted(log_dir.glob("*.log")):
                print(f"===== {log.name} (last lines) =====", file=sys.stderr)
                print("\n".join(log.read_text(errors="replace").splitlines()[-20:]), file=sys.stderr)
            raise
        finally:
            for worker in workers:
                worker.stop()
            api.stop()
            keep = os.environ.get("SIM_FLEET_KEEP_LOGS")
            if keep:
                shutil.copytree(log_dir, keep, dirs_exist_ok=True)


# ---------------------------------------------------------------- /proc


def proc_table() -> dict[int, tuple[int, float, int]]:
    """pid -> (ppid, CPU seconds so far, RSS KiB)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2 :].split()
        table[int(entry)] = (
            int(fields[1]),
            (int(fields[11]) + int(fields[12])) / CLOCK_TICKS,
            int(fields[21]) * PAGE_KIB,
        )
    return table


def tree(root: int, table: dict[int, tuple[int, float, int]]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = set(), [root]
    while todo:
        pid = todo.pop()
        if pid in table and pid not in found:
            found.add(pid)
            todo.extend(children.get(pid, []))
    return found


def machine_cpu_s() -> float:
    """CPU seconds the whole machine has used since boot (every process, ours and others')."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS


def pss_kib(pids: set[int]) -> int:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
                    break
        except OSError:
            continue
    return total


class Meter(threading.Thread):
    """Every SAMPLE_EVERY_S: runs by state, PostgreSQL client connections, CPU and memory by part."""

    def __init__(self, stack: Stack, sim_pids: list[int]) -> None:
        super().__init__(name="meter", daemon=True)
        self.stack = stack
        self.parts = {**stack.pids, **{f"sim-{i}": pid for i, pid in enumerate(sim_pids)}}
        self.samples: list[dict[str, Any]] = []
        self.halt = threading.Event()

    def run(self) -> None:
        with psycopg.connect(self.stack.dsn, autocommit=True) as conn:
            while not self.halt.is_set():
                began = time.time()
                states: dict[str, int] = dict(
                    conn.execute("SELECT state, count(*) FROM run GROUP BY state").fetchall()
                )
                (connections,) = conn.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
                    "AND pid <> pg_backend_pid()"
                ).fetchone() or (0,)
                table = proc_table()
                cpu, rss, pss = {}, {}, {}
                for part, root in self.parts.items():
                    pids = tree(root, table)
                    cpu[part] = sum(table[p][1] for p in pids)
                    rss[part] = sum(table[p][2] for p in pids)
                    if part.endswith("-worker"):
                        pss[part] = pss_kib(pids)
                cpu["machine"] = machine_cpu_s()
                self.samples.append(
                    {
                        "load1": float(Path("/proc/loadavg").read_text().split()[0]),
                        "at": began,
                        "states": states,
                        "pg_connections": connections,
                        "cpu": cpu,
                        "rss": rss,
                        "pss": pss,
                    }
                )
                self.halt.wait(max(0.0, SAMPLE_EVERY_S - (time.time() - began)))


# ---------------------------------------------------------------- the simulated agents' processes


def _sim_process(
    api_url: str, specs: list[dict[str, Any]], stop_at: float, stop: Any, out: str, ramp_s: float
) -> None:
    import asyncio
    import logging

    from sim_agents import AgentSpec, run_fleet

    logging.basicConfig(level=logging.ERROR)
    stats = asyncio.run(run_fleet(api_url, [AgentSpec(**s) for s in specs], stop_at, stop, ramp_s))
    Path(out).write_text(json.dumps(stats.as_json()))


# ---------------------------------------------------------------- one N


def http_spec(duration_s: int) -> dict[str, Any]:
    """frontend :8080 -> backend app -> one managed nginx serving /fast; wrk, 50 connections."""
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
            "endpoints": [{"path": "/fast", "delay_ms": 0, "body_bytes": 0, "status": 200}],
        },
        "load": {
            "driver": "wrk",
            "connections": 50,
            "threads": 2,
            "duration_s": duration_s,
            "warmup_s": 0,
            "path": "/fast",
            "keep_alive": True,
        },
    }


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))])


def measure(n: int, args: argparse.Namespace) -> dict[str, Any]:
    print(f"\n=== N = {n} labs ({3 * n} simulated agents) ===", flush=True)
    with fleet_stack() as stack:
        api = httpx.Client(
            base_url=f"{stack.api_url}/api/v1", headers={"Authorization": f"Bearer {stack.token}"}, timeout=60
        )

        def call(method: str, path: str, **kwargs: Any) -> Any:
            response = api.request(method, path, **kwargs)
            if response.status_code >= 400:
                raise RuntimeError(f"{method} {path} -> {response.status_code}: {response.text[:500]}")
            return response.json() if response.content else None

        # 1. labs and one-time tokens
        specs: list[dict[str, Any]] = []
        lab_ids = []
        for index in range(n):
            lab = call(
                "POST", "/labs", json={"name": f"sim lab {index:03d}", "description": "bench/sim_fleet.py"}
            )
            lab_ids.append(lab["id"])
            for role in ("proxy", "injector", "target"):
                token = call(
                    "POST",
                    f"/labs/{lab['id']}/enrollment-tokens",
                    json={"roles": [role], "expires_in_minutes": 60},
                )["token"]
                specs.append(
                    {
                        "lab_index": index,
                        "role": role,
                        "name": f"sim{index:03d}-{role}",
                        "enrollment_token": token,
                        "window_s": args.duration,
                    }
                )
        # 2. the simulated agents, in --sim-processes processes
        # Agents come up spread over ramp_s (as hosts do): 3N enrolling, measuring their clock
        # and saying hello in the same instant is a herd the API cannot take (docs/benchmarks.md).
        ramp_s = args.ramp_per_agent * 3 * n
        context = multiprocessing.get_context("spawn")
        stop = context.Event()
        stop_at = time.time() + args.max_wait + 600  # a bound if this script dies
        outs = [str(stack.log_dir / f"sim-{i}.json") for i in range(args.sim_processes)]
        sims = [
            context.Process(
                target=_sim_process,
                args=(stack.api_url, specs[i :: args.sim_processes], stop_at, stop, outs[i], ramp_s),
            )
            for i in range(args.sim_processes)
        ]
        for sim in sims:
            sim.start()
        meter = Meter(stack, [sim.pid for sim in sims if sim.pid is not None])
        try:
            try:
                online_s = _wait_online(stack, 3 * n, timeout_s=120 + n)
            except RuntimeError as exc:
                # Said as a result, with what PostgreSQL's sessions were doing (a stalled API shows there).
                print(f"{exc}; PostgreSQL's client sessions now:", flush=True)
                sessions = _pg_sessions(stack)
                for row in sessions:
                    print(f"  {row}", flush=True)
                return {"labs": n, "agents": 3 * n, "not_online": str(exc), "pg_sessions": sessions}
            print(f"{3 * n} agents online after {online_s:.1f} s", flush=True)
            meter.start()
            experiment = call(
                "POST", "/experiments", json={"name": "sim fleet", "spec": http_spec(args.duration)}
            )
            time.sleep(2)  # a little idle baseline in the meter
            # 3. one run on every lab, launched together
            launched_at = time.time()
            launch_s: list[float] = []

            def launch(lab_id: int) -> int:
                began = time.perf_counter()
                runs = call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": lab_id})[
                    "run_ids"
                ]
                launch_s.append(time.perf_counter() - began)
                return int(runs[0])

            with ThreadPoolExecutor(args.launchers) as pool:
                run_ids = list(pool.map(launch, lab_ids))
            launches_done_s = time.time() - launched_at
            print(f"{n} launches answered in {launches_done_s:.1f} s", flush=True)
            # 4. until every run ended, or --max-wait
            ended = _wait_ended(stack, run_ids, launched_at + args.max_wait)
            cut_off = not ended
            if cut_off:
                print(f"not all runs ended within {args.max_wait} s: cancelling the rest", flush=True)
                for run_id in run_ids:
                    api.post(f"/runs/{run_id}/cancel")
                _wait_ended(stack, run_ids, time.time() + 60)
            busy_until = time.time()
            time.sleep(1)
        finally:
            meter.halt.set()
            stop.set()
            for sim in sims:
                sim.join(60)
                if sim.is_alive():
                    sim.kill()
        meter.join(5)
        stats = [json.loads(Path(out).read_text()) for out in outs if Path(out).exists()]
        result = _report(n, args, stack, run_ids, launched_at, busy_until, meter.samples, stats)
        result.update(
            agents_online_s=round(online_s, 1),
            launch_requests_s=round(launches_done_s, 2),
            launch_p95_s=_pct(launch_s, 0.95),
            cut_off_after_s=args.max_wait if cut_off else None,
        )
        return result


def _wait_online(stack: Stack, count: int, timeout_s: float) -> float:
    began = time.monotonic()
    with psycopg.connect(stack.dsn, autocommit=True) as conn:
        while True:
            (online,) = conn.execute(
                "SELECT count(*) FROM agent WHERE revoked_at IS NULL "
                "AND last_seen_at > now() - interval '15 s' AND capabilities ->> 'data_address' IS NOT NULL"
            ).fetchone() or (0,)
            if online >= count:
                return time.monotonic() - began
            if time.monotonic() - began > timeout_s:
                raise RuntimeError(
                    f"only {online} of {count} simulated agents online after {timeout_s:.0f} s"
                )
            time.sleep(0.5)


def _pg_sessions(stack: Stack) -> list[list[Any]]:
    """PostgreSQL's client sessions by state, wait and statement (its start), most first."""
    with psycopg.connect(stack.dsn, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT state, wait_event_type, wait_event, left(regexp_replace(query, '\\s+', ' ', 'g'), 60), "
            "count(*) FROM pg_stat_activity WHERE backend_type = 'client backend' "
            "AND pid <> pg_backend_pid() GROUP BY 1, 2, 3, 4 ORDER BY 5 DESC"
        ).fetchall()
    return [list(row) for row in rows]


def _wait_ended(stack: Stack, run_ids: list[int], deadline: float) -> bool:
    with psycopg.connect(stack.dsn, autocommit=True) as conn:
        while True:
            (left,) = conn.execute(
                "SELECT count(*) FROM run WHERE id = ANY(%s) AND NOT (state = ANY(%s))",
                (run_ids, list(TERMINAL)),
            ).fetchone() or (0,)
            if left == 0:
                return True
            if time.time() > deadline:
                return False
            time.sleep(1)


def _report(
    n: int,
    args: argparse.Namespace,
    stack: Stack,
    run_ids: list[int],
    launched_at: float,
    busy_until: float,
    samples: list[dict[str, Any]],
    stats: list[dict[str, Any]],
) -> dict[str, Any]:
    with psycopg.connect(stack.dsn, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT id, state, extract(epoch FROM created_at), extract(epoch FROM started_at), "
            "extract(epoch FROM finished_at), error FROM run WHERE id = ANY(%s)",
            (run_ids,),
        ).fetchall()
    states = Counter(row[1] for row in rows)
    errors = Counter((row[5] or "")[:160] for row in rows if row[1] not in ("succeeded",) and row[5])
    delays = [float(row[3]) - float(row[2]) for row in rows if row[3] is not None]
    not_dispatched = sum(1 for row in rows if row[3] is None)
    # Exact concurrency: the most [started_at, finished_at) intervals that overlap.
    events = []
    for row in rows:
        if row[3] is not None:
            events.append((float(row[3]), 1))
            events.append((float(row[4]) if row[4] is not None else busy_until, -1))
    in_flight = most = 0
    for _, step in sorted(events, key=lambda e: (e[0], e[1])):
        in_flight += step
        most = max(most, in_flight)
    durations = [float(row[4]) - float(row[3]) for row in rows if row[3] is not None and row[4] is not None]

    busy = [s for s in samples if launched_at <= s["at"] <= busy_until]
    series = [(round(s["at"] - launched_at, 1), sum(s["states"].get(a, 0) for a in ACTIVE)) for s in busy]

    def cores(part_prefix: str, suffix: str = "") -> float | None:
        if len(busy) < 2:
            return None
        first, last = busy[0], busy[-1]

        def mine(name: str) -> bool:
            return name.startswith(part_prefix) and name.endswith(suffix)

        used = sum(v for k, v in last["cpu"].items() if mine(k)) - sum(
            v for k, v in first["cpu"].items() if mine(k)
        )
        return round(float(used) / (float(last["at"]) - float(first["at"])), 3)

    def peak(kind: str, part: str) -> int:
        """The most `part` held at once; "*-worker": all the workers together."""
        if part == "*-worker":
            return max((sum(v for k, v in s[kind].items() if k.endswith("-worker")) for s in busy), default=0)
        return max((s[kind].get(part, 0) for s in busy), default=0)

    mean_in_flight = statistics.fmean(c for _, c in series) if series else 0.0
    worker_cores = cores("runs-worker")
    latency: dict[str, list[float]] = {}  # in the busy window only
    lag: list[float] = []
    errors_seen: Counter[str] = Counter()
    for part in stats:
        for kind, pairs in part["latency"].items():
            latency.setdefault(kind, []).extend(s for at, s in pairs if launched_at <= at <= busy_until)
        lag.extend(part["loop_lag"])
        errors_seen.update(part["errors"])
    rates: dict[str, Counter[int]] = {}
    for part in stats:
        for kind, counts in part["per_second"].items():
            for second, count in counts.items():
                if launched_at <= int(second) <= busy_until:
                    rates.setdefault(kind, Counter())[int(second)] += count
    result = {
        "labs": n,
        "agents": 3 * n,
        "sim_processes": args.sim_processes,
        "workers": [name for name, _ in worker_commands()],
        "worker_argv": [argv for _, argv in worker_commands()],
        "runs": len(rows),
        "states": dict(states),
        "errors": dict(errors.most_common(10)),
        "not_dispatched": not_dispatched,
        "max_in_flight": most,
        "max_in_flight_sampled": max((c for _, c in series), default=0),
        "mean_in_flight_busy": round(mean_in_flight, 1),
        "in_flight_series": series,
        "dispatch_delay_s": {
            "p50": _pct(delays, 0.5),
            "p95": _pct(delays, 0.95),
            "max": max(delays, default=None),
            "n": len(delays),
        },
        "run_wall_s": {"p50": _pct(durations, 0.5), "max": max(durations, default=None)},
        "busy_window_s": round(busy_until - launched_at, 1),
        "worker_cores": worker_cores,
        "worker_cores_per_run": round(worker_cores / mean_in_flight, 4)
        if worker_cores and mean_in_flight
        else None,
        "worker_rss_peak_mib": round(peak("rss", "runs-worker") / 1024, 1),
        "worker_pss_peak_mib": round(peak("pss", "runs-worker") / 1024, 1),
        "all_workers_cores": cores("", "-worker"),
        "all_workers_pss_peak_mib": round(peak("pss", "*-worker") / 1024, 1),
        "api_cores": cores("api"),
        "postgres_cores": cores("postgres"),
        "redis_cores": cores("redis"),
        "sim_cores": cores("sim-"),
        "machine_cores": cores("machine"),
        "load1_max": max((s["load1"] for s in busy), default=None),
        "pg_connections_max": max((s["pg_connections"] for s in busy), default=0),
        "latency_ms": {
            kind: {
                "n": len(values),
                "p50": round(1000 * (_pct(values, 0.5) or 0), 1),
                "p95": round(1000 * (_pct(values, 0.95) or 0), 1),
                "p99": round(1000 * (_pct(values, 0.99) or 0), 1),
                "max": round(1000 * max(values), 1),
            }
            for kind, values in sorted(latency.items())
            if values
        },
        "requests_per_s_peak": {kind: max(counts.values()) for kind, counts in rates.items()},
        "sim_loop_lag_ms": {
            "p50": round(1000 * (_pct(lag, 0.5) or 0), 1),
            "p95": round(1000 * (_pct(lag, 0.95) or 0), 1),
            "max": round(1000 * max(lag, default=0), 1),
        },
        "agent_errors": dict(errors_seen.most_common(10)),
    }
    _print(result)
    return result


def _print(r: dict[str, Any]) -> None:
    d = r["dispatch_delay_s"]
    print(
        f"runs {r['runs']}: {r['states']}; not dispatched {r['not_dispatched']}\n"
        f"in flight: max {r['max_in_flight']} (sampled {r['max_in_flight_sampled']}), "
        f"mean {r['mean_in_flight_busy']}"
        f" over the busy window of {r['busy_window_s']} s\n"
        f"dispatch delay: p50 {d['p50']} s, p95 {d['p95']} s, max {d['max']} s (of {d['n']})\n"
        f"runs worker: {r['worker_cores']} cores ({r['worker_cores_per_run']} per run in flight), "
        f"peak RSS {r['worker_rss_peak_mib']} MiB, PSS {r['worker_pss_peak_mib']} MiB; all workers "
        f"{r['all_workers_cores']} cores, PSS {r['all_workers_pss_peak_mib']} MiB\n"
        f"API {r['api_cores']} cores, PostgreSQL {r['postgres_cores']}, Redis {r['redis_cores']}, "
        f"simulator {r['sim_cores']} (loop lag p95 {r['sim_loop_lag_ms']['p95']} ms)\n"
        f"PostgreSQL client connections: max {r['pg_connections_max']}\n"
        f"the machine: {r['machine_cores']} cores busy (all processes, others' included), "
        f"load average (1 min) up to {r['load1_max']}",
        flush=True,
    )
    for kind, lat in r["latency_ms"].items():
        print(
            f"  {kind:18} n={lat['n']:6}  p50 {lat['p50']:8} ms  p95 {lat['p95']:8} ms  p99 {lat['p99']:8} ms"
        )
    print(f"  peak requests/s: {r['requests_per_s_peak']}")
    for error, count in r["errors"].items():
        print(f"  run error x{count}: {error}")
    for error, count in r["agent_errors"].items():
        print(f"  agent error x{count}: {error}")
    series = r["in_flight_series"]
    print("  in flight over time (s after launch: runs):", ", ".join(f"{t:g}:{c}" for t, c in series[::10]))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--labs", default="10,50,200", help="comma-separated lab counts, each on a fresh stack"
    )
    parser.add_argument("--duration", type=int, default=20, help="the load's duration of each run (s)")
    parser.add_argument("--max-wait", type=float, default=300, help="after the launch, at most this long (s)")
    parser.add_argument("--sim-processes", type=int, default=1, help="processes the simulated agents run in")
    parser.add_argument(
        "--ramp-per-agent", type=float, default=0.05, help="agents start this many s apart (0: all at once)"
    )
    parser.add_argument("--launchers", type=int, default=8, help="launch requests in parallel")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args()
    results = [measure(int(n), args) for n in args.labs.split(",")]
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
