"""How much wall time does haplab add to a run, beyond the load it was asked for?

Brings up the whole product on this machine (the same stack as bench/run_fidelity.py: throwaway
PostgreSQL and Redis, the API, one Celery worker, the local lab of three agents in network
namespaces), then launches ONE experiment of --runs repetitions of a short profile (wrk, 20
connections, 3 s, no warm-up); the lab executes them back to back. For each run:

    overhead = (finished_at - started_at) - duration - warmup

with started_at (the dispatcher claimed the lab, `preparing` began) and finished_at (the end
state was written) read back from GET /api/v1/runs/{id}. The state changes in between come from
the run's SSE stream (GET /api/v1/runs/{id}/events: `state` events carry `at`), one stream per
run opened right after the launch, which splits each run into:

    preparing   wait for agents, pick them, StartTargets (nginx), ApplyProxyConfig (HAProxy)
    warming     StartSampling on every agent, StartLoad, then the load start lead (and warm-up)
    running     the load itself (duration), wrk's exit and report, AwaitLoad's reply
    collecting  the wait for the last sample batch, the summary
    gap         previous run's finished_at -> this run's started_at (the dispatcher's kick)

The agents' logs (when each took a command, when wrk was spawned) and wrk's own measured duration
split the phases further: to the first command (wait for agents, pick, reach the target agent),
nginx up (StartTargets: nginx and its readiness probe), haproxy up (ApplyProxyConfig: check,
start, Runtime API ready), lead (StartSampling, StartLoad and the start lead), wrk lag (t0 ->
wrk spawned; negative when the `running` state is written after the load already began), after
wrk (wrk's exit and report, the agent's parse, the reply), collect.

It also reports what a client sees: launch request -> the last run's end event, minus the load
time of all runs, per run. Prints every run, then the median, min and max of each column.
Usage (as root, for the namespaces; about 2 minutes):

    .venv/bin/python bench/orchestration_overhead.py [--runs 10] [--duration 3]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_fidelity import Api, haplab_stack, http_spec, wait_lab_idle

from contract.run_state import RunState

PHASES = tuple(state.value for state in RunState if state.is_active)  # in the order a run goes
# Agent log lines: when each agent took a command (the worker's command reached it) and started wrk.
COMMAND_LINE = re.compile(r"^(\S+ \S+) INFO agents\.command_runner: command \w+: (\w+) (\d+)$")
WRK_LINE = re.compile(r"^(\S+ \S+) INFO agents\.drivers\.load_process: load tool started .*/injector/(\d+)/")


@dataclass
class Stream:
    """The `state` events of one run's SSE stream: state -> (its `at`, when we received it)."""

    run_id: int
    states: dict[str, tuple[datetime, float]] = field(default_factory=dict)
    ended_at: float | None = None  # time.time() of the `end` event
    error: str | None = None


def follow(api_url: str, token: str, stream: Stream) -> None:
    url = f"{api_url}/api/v1/runs/{stream.run_id}/events"
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    event = ""
    try:
        with httpx.stream("GET", url, headers=headers, timeout=httpx.Timeout(10, read=120)) as response:
            response.raise_for_status()
            for line in response.iter_lines():
                if line.startswith("event:"):
                    event = line.split(":", 1)[1].strip()
                elif line.startswith("data:") and event in ("state", "end"):
                    received = time.time()
                    data = json.loads(line.split(":", 1)[1])
                    if event == "state":
                        stream.states[data["state"]] = (datetime.fromisoformat(data["at"]), received)
                    else:
                        stream.ended_at = received
                        return
    except Exception as exc:  # reported with the results; the DB timestamps still stand
        stream.error = repr(exc)


def ts(value: str) -> datetime:
    return datetime.fromisoformat(value)


def agent_marks(log_dir: Path) -> dict[tuple[int, str], datetime]:
    """(run id, command or "wrk_started") -> when the agent logged it first (its local time)."""
    marks: dict[tuple[int, str], datetime] = {}
    for log in log_dir.glob("agent-*.log"):
        for line in log.read_text(errors="replace").splitlines():
            if m := COMMAND_LINE.match(line):
                key = (int(m.group(3)), m.group(2))
            elif m := WRK_LINE.match(line):
                key = (int(m.group(2)), "wrk_started")
            else:
                continue
            when = datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S,%f").astimezone()
            marks.setdefault(key, when)
    return marks


def finer(run: dict[str, Any], stream: Stream, marks: dict[tuple[int, str], datetime]) -> dict[str, float]:
    """Where the overhead goes inside the phases, from the agents' logs and the run's summary."""
    run_id = run["id"]
    need = [(run_id, "start_targets"), (run_id, "apply_proxy_config"), (run_id, "wrk_started")]
    if any(k not in marks for k in need) or any(s not in stream.states for s in PHASES[1:]):
        return {}
    started, finished = ts(run["started_at"]), ts(run["finished_at"])
    warming, running, collecting = (stream.states[s][0] for s in PHASES[1:])
    start_targets, apply_proxy, wrk_started = (marks[k] for k in need)
    wrk_s = float(run["summary"]["injectors"][0]["duration_s"])

    def sec(a: datetime, b: datetime) -> float:
        return (b - a).total_seconds()

    return {
        "to 1st cmd": sec(started, start_targets),  # wait for agents, pick, record, reach the target
        "nginx up": sec(start_targets, apply_proxy),  # StartTargets: nginx + readiness probe, reply
        "haproxy up": sec(apply_proxy, warming),  # haproxy -c, start, Runtime API ready, reply
        "lead": sec(warming, running),  # StartSampling x3 + StartLoad inside the start lead
        "wrk lag": sec(running, wrk_started),  # t0 -> the agent spawned wrk
        "after wrk": sec(wrk_started + timedelta(seconds=wrk_s), collecting),  # exit, report, reply
        "collect": sec(collecting, finished),  # last-batch wait, summary, end state
    }


def spread(values: list[float]) -> str:
    if not values:
        return "n/a"
    return f"median {statistics.median(values):.2f}  min {min(values):.2f}  max {max(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=10, help="repetitions of the one experiment")
    parser.add_argument("--duration", type=int, default=3, help="seconds of load per run")
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument("--keep-logs", type=Path, help="copy the API, worker and agent logs here")
    args = parser.parse_args()
    warmup = 0

    with haplab_stack() as stack:
        api = Api(stack.api_url, stack.token)
        spec = http_spec(connections=args.connections, duration_s=args.duration, warmup_s=warmup)
        spec["repetitions"] = args.runs
        experiment_id = api.create_experiment("orchestration-overhead", spec)
        launch_t = time.time()
        run_ids = api.launch(experiment_id, stack.lab.lab_id or 0)
        launched_t = time.time()
        streams = [Stream(run_id) for run_id in run_ids]
        threads = [
            threading.Thread(target=follow, args=(stack.api_url, stack.token, s), daemon=True)
            for s in streams
        ]
        for thread in threads:
            thread.start()
        budget = args.runs * (args.duration + warmup + 60)
        runs = [api.wait_finished(run_id, budget, interval_s=2) for run_id in run_ids]
        for thread in threads:
            thread.join(30)
        wait_lab_idle(stack.lab)
        marks = agent_marks(stack.log_dir)
        if args.keep_logs:
            shutil.copytree(stack.log_dir, args.keep_logs, dirs_exist_ok=True)

    failed = [r for r in runs if r["state"] != "succeeded"]
    if failed:
        raise SystemExit(f"runs did not succeed: {[(r['id'], r['state'], r['error']) for r in failed]}")

    load_s = args.duration + warmup
    print(f"{len(runs)} runs of wrk -c{args.connections} -d{args.duration}s (warm-up {warmup} s), one launch")
    header = ["run", "total", "overhead", *PHASES, "gap"]
    print("".join(f"{h:>11}" for h in header) + "   (seconds)")
    columns: dict[str, list[float]] = {h: [] for h in header[1:]}
    previous_finish: datetime | None = None
    for run, stream in zip(runs, streams, strict=True):
        started, finished = ts(run["started_at"]), ts(run["finished_at"])
        total = (finished - started).total_seconds()
        row = {"total": total, "overhead": total - load_s}
        # Phase ends: the next state's `at`; preparing begins at started_at, the last ends at finished_at.
        bounds = [started] + [stream.states[s][0] for s in PHASES[1:] if s in stream.states] + [finished]
        if len(bounds) == len(PHASES) + 1:
            for phase, begin, end in zip(PHASES, bounds, bounds[1:], strict=False):
                row[phase] = (end - begin).total_seconds()
        if previous_finish is not None:
            row["gap"] = (started - previous_finish).total_seconds()
        previous_finish = finished
        for key, value in row.items():
            columns[key].append(value)
        cells = [f"{row[h]:>11.2f}" if h in row else f"{'-':>11}" for h in header[1:]]
        print(f"{run['id']:>11}" + "".join(cells) + (f"   stream: {stream.error}" if stream.error else ""))
    print()
    for key in header[1:]:
        print(f"{key:<11} {spread(columns[key])}")

    fine = [finer(run, stream, marks) for run, stream in zip(runs, streams, strict=True)]
    fine = [f for f in fine if f]
    if fine:
        print()
        print(f"inside the phases ({len(fine)} runs; agent log times, 1 ms resolution):")
        for key in fine[0]:
            print(f"  {key:<11} {spread([f[key] for f in fine])}")

    last_end = streams[-1].ended_at
    first_start = ts(runs[0]["started_at"]).timestamp()
    last_finish = ts(runs[-1]["finished_at"]).timestamp()
    print()
    print(
        f"launch request: {launched_t - launch_t:.2f} s; launch -> first run preparing: "
        f"{first_start - launch_t:.2f} s"
    )
    if last_end is not None:
        batch = last_end - launch_t
        print(
            f"client: launch -> last run's end event {batch:.2f} s for {len(runs)} x {load_s} s of load: "
            f"{(batch - len(runs) * load_s) / len(runs):.2f} s of overhead per run"
        )
    print(
        f"server: first started_at -> last finished_at {last_finish - first_start:.2f} s; "
        f"end event received {last_end - last_finish if last_end else float('nan'):.2f} s after finished_at"
    )


if __name__ == "__main__":
    main()
