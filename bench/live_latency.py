"""How long after a sample is taken does a live viewer get it? (sample taken -> SSE client)

Starts the stack of run_fidelity.py (PostgreSQL, Redis, API, worker, the local lab), launches one
wrk run of `--duration` seconds and follows its SSE stream (`GET /api/v1/runs/{id}/events`)
from before it starts. For every `sample` event: delay = when this client read it - the
sample's `ts` (when the agent took it; agents and client share this machine's clock). Reported
per source (HAProxy's stats, each host's CPU and network): count, p50, p95, max.

The path measured: the agent's sampler -> its sample sink (agents/sampling.py) -> POST
/api/v1/agent/messages -> PostgreSQL + Redis pub/sub -> the API's SSE relay -> this client.

With --join-after S the stream opens S seconds into the load instead, as a viewer who arrives
mid-run: until then nobody watched, so the agents held their samples (up to 2 s,
worker/phases/sample_pace.py) and learn of the viewer from the reply to their next batch.

Usage (as root, for the namespaces; about 1.5 minutes):

    .venv/bin/python bench/live_latency.py [--duration 60] [--connections 20] [--join-after 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from datetime import datetime
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_fidelity import Api, haplab_stack, http_spec


def follow(
    api_url: str,
    token: str,
    run_id: int,
    delays: dict[str, list[float]],
    done: threading.Event,
    joined_at: float | None = None,
) -> None:
    """Read the run's stream; with `joined_at` (a viewer who opened the page mid-run), only the
    samples taken after it count (the replay before them is PostgreSQL's, not the live path's)."""
    url = f"{api_url}/api/v1/runs/{run_id}/events"
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    event = ""
    with httpx.stream("GET", url, headers=headers, timeout=httpx.Timeout(10, read=300)) as response:
        response.raise_for_status()
        for line in response.iter_lines():
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == "sample":
                received = time.time()
                sample = json.loads(line.split(":", 1)[1])
                taken = datetime.fromisoformat(sample["ts"]).timestamp()
                if joined_at is None or taken >= joined_at:
                    delays.setdefault(sample["source"], []).append(received - taken)
            elif line.startswith("data:") and event == "end":
                break
    done.set()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--duration", type=int, default=60, help="seconds of load")
    parser.add_argument("--connections", type=int, default=20)
    parser.add_argument(
        "--join-after",
        type=float,
        metavar="S",
        help="open the stream S seconds after the run starts running, as a viewer who arrives "
        "mid-run (nobody watched before: the agents held their samples up to 2 s)",
    )
    args = parser.parse_args()

    with haplab_stack() as stack:
        api = Api(stack.api_url, stack.token)
        experiment = api.create_experiment(
            "live latency", http_spec(connections=args.connections, duration_s=args.duration)
        )
        [run_id] = api.launch(experiment, stack.lab.lab_id or 0)
        delays: dict[str, list[float]] = {}
        done = threading.Event()
        joined_at = None
        if args.join_after is not None:
            deadline = time.monotonic() + 120
            while api.run(run_id)["state"] != "running" and time.monotonic() < deadline:
                time.sleep(0.2)
            time.sleep(args.join_after)
            joined_at = time.time()
        reader = threading.Thread(
            target=follow,
            args=(stack.api_url, stack.token, run_id, delays, done, joined_at),
            daemon=True,
        )
        reader.start()
        run = api.wait_finished(run_id, args.duration + 120)
        done.wait(30)
    print(f"run {run_id}: {run['state']}, {args.duration} s of wrk at {args.connections} connections")
    if args.join_after is not None:
        print(f"the viewer joined {args.join_after:g} s into the load; samples taken after that:")
    print()
    print("| source | samples | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    everything = [d for values in delays.values() for d in values]
    for source, values in [*sorted(delays.items()), ("all", everything)]:
        if not values:
            continue
        print(
            f"| {source} | {len(values)} | {statistics.median(values) * 1000:.0f} | "
            f"{percentile(values, 0.95) * 1000:.0f} | {max(values) * 1000:.0f} |"
        )


if __name__ == "__main__":
    main()
