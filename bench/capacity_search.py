"""Does the capacity search find a known capacity, and do repeated searches agree?

One launch on the local lab (the whole product on this machine, as bench/run_fidelity.py brings it
up): frontend -> backend -> one managed nginx whose endpoint answers after --delay-ms, the server's
`maxconn` swept over --maxconn values, vegeta in an open loop, objective `latency_p99_ms < --p99`,
and --repetitions searches per point. A server holding maxconn requests at a time, each for the
delay, serves at most maxconn / delay requests/s: past that its queue grows every second, so the
p99 passes any objective above the delay. That is the known capacity each point is held to.

It prints, per point: the known capacity, each search's capacity with its probe count and wall
time, their mean and 95% interval, the spread between searches (max/min - 1), and the error
against the known capacity. docs/benchmarks.md ("Capacity search") records a run. Usage (as root,
for the lab's namespaces; about 90 s per search):

    .venv/bin/python bench/capacity_search.py [--maxconn 5 10 20] [--delay-ms 20] [--repetitions 3]
        [--method bisect|staircase] [--max 4000]
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run_fidelity import Api, haplab_stack


def search_spec(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "proxy": {
            "global": {"maxconn": 2000},
            "defaults": {"mode": "http", "timeouts": {"connect": 4000, "client": 42000, "server": 43000}},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "target_servers": {"maxconn": args.maxconn[0]}}],
        },
        "target": {
            "kind": "managed",
            "servers": 1,
            "endpoints": [
                {"path": "/work", "delay_ms": args.delay_ms, "body_bytes": 0, "status": 200},
                {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
            ],
        },
        "load": {
            "driver": "vegeta",
            "connections": 20,
            "threads": 2,
            "duration_s": args.probe_s,
            "path": "/work",
            "request_timeout_s": 10,
        },
        "sweep": {"axes": [{"path": "proxy.backends.0.target_servers.maxconn", "values": args.maxconn}]},
        "repetitions": args.repetitions,
        "search": {
            "vary": "load.rate",
            "objective": [{"metric": "latency_p99_ms", "operator": "<", "value": args.p99}],
            "start": args.start,
            "max": args.max,
            "precision": args.precision,
            "probe": {"duration_s": args.probe_s, "warmup_s": args.warmup_s},
            "method": args.method,
        },
    }


def _seconds(run: dict[str, Any], field: str) -> float:
    return datetime.fromisoformat(run[field]).timestamp()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--maxconn", type=int, nargs="+", default=[5, 10, 20])
    parser.add_argument("--delay-ms", type=int, default=20)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--p99", type=float, default=100)
    parser.add_argument("--start", type=float, default=100)
    parser.add_argument("--max", type=float, default=4000)
    parser.add_argument("--precision", type=float, default=0.02)
    parser.add_argument("--probe-s", type=int, default=5)
    parser.add_argument("--warmup-s", type=int, default=1)
    parser.add_argument("--timeout-s", type=float, default=3600)
    parser.add_argument("--method", choices=["bisect", "staircase"], default="bisect")
    args = parser.parse_args()

    with haplab_stack() as stack:
        api = Api(stack.api_url, stack.token)
        experiment = api.create_experiment("capacity search bench", search_spec(args))
        started = time.monotonic()
        launch_id = api.call("POST", f"/experiments/{experiment}/launch", json={"lab_id": stack.lab.lab_id})[
            "launch_id"
        ]
        while True:
            launch = api.call("GET", f"/launches/{launch_id}")
            capacity = launch["capacity"]
            if capacity and capacity["done"]:
                break
            if time.monotonic() - started > args.timeout_s:
                raise SystemExit(f"launch {launch_id} still searching after {args.timeout_s} s")
            time.sleep(5)
        wall = time.monotonic() - started
        print(f"launch {launch_id}: {wall:.0f} s, outcome {launch['outcome']}")
        for point in capacity["points"]:
            maxconn = point["params"]["proxy.backends.0.target_servers.maxconn"]
            known = maxconn * 1000 / args.delay_ms
            found = []
            for search in point["searches"]:
                runs = [api.run(probe["run_id"]) for probe in search["probes"]]
                span = _seconds(runs[-1], "finished_at") - _seconds(runs[0], "started_at")
                answer = search["answer"] or {}
                print(
                    f"  maxconn {maxconn}, search {search['repetition']}: {answer.get('sentence')} "
                    f"({len(runs)} probes, {span:.0f} s)"
                )
                if answer.get("capacity") is not None:
                    found.append(answer["capacity"])
            spread = max(found) / min(found) - 1 if found else float("nan")
            mean = point["capacity"]
            error = mean / known - 1 if mean else float("nan")
            print(
                f"maxconn {maxconn}: known {known:.0f} req/s; found {mean} req/s "
                f"(95% {point['ci_low']}-{point['ci_high']}), error {error:+.1%}, "
                f"spread between searches {spread:.1%}"
            )


if __name__ == "__main__":
    main()
