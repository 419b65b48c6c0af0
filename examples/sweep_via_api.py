#!/usr/bin/env python3
"""Automate haplab through its REST API with an API token: the shape of a CI job.

Creates a lab and an experiment whose sweep is maxconn (2 values) x http-reuse (3 values) with
2 repetitions, launches it, checks that the 12 runs come out in the documented order
(repetition-major, first axis slowest), cancels one queued run, and prints every run's state.

    python examples/sweep_via_api.py --url http://127.0.0.1:8300 --token-file var/admin-token

Needs only httpx (`pip install httpx`). Exits non-zero, saying why, if anything is off.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path
from typing import Any

import httpx

MAXCONN = [20, 40]
HTTP_REUSE = ["never", "safe", "always"]
REPETITIONS = 2

# A spec written as plain JSON, as a script would. Fields left out take their documented defaults.
EXPERIMENT_SPEC: dict[str, Any] = {
    "proxy": {
        "global": {"maxconn": 100},
        "defaults": {"mode": "http", "timeouts": {"connect": 4000, "client": 30000, "server": 30000}},
        "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
        "backends": [
            {"name": "app", "balance": "roundrobin", "http_reuse": "safe", "target_servers": {"maxconn": 50}}
        ],
    },
    "target": {"kind": "managed", "servers": 1},
    "load": {"driver": "hey", "connections": 20, "duration_s": 5, "path": "/fast"},
    "sweep": {
        "axes": [
            {"path": "proxy.global.maxconn", "values": MAXCONN},
            {"path": "proxy.backends.0.http_reuse", "values": HTTP_REUSE},
        ]
    },
    "repetitions": REPETITIONS,
}


class ApiError(SystemExit):
    pass


def call(client: httpx.Client, method: str, path: str, **kwargs: Any) -> Any:
    response = client.request(method, f"/api/v1{path}", **kwargs)
    if response.is_error:
        raise ApiError(f"{method} {path} -> {response.status_code}: {response.text}")
    return response.json() if response.content else None


def expected_order() -> list[tuple[int, dict[str, Any]]]:
    """(repetition, params) of each run, in launch order."""
    points = [
        {"proxy.global.maxconn": m, "proxy.backends.0.http_reuse": r}
        for m, r in itertools.product(MAXCONN, HTTP_REUSE)
    ]
    return [(rep, params) for rep in range(REPETITIONS) for params in points]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", default="http://127.0.0.1:8300", help="haplab API base URL")
    parser.add_argument("--token-file", type=Path, default=Path("var/admin-token"))
    parser.add_argument("--name", default=f"sweep-example-{int(time.time())}", help="experiment name")
    args = parser.parse_args()

    token = args.token_file.read_text().strip()
    with httpx.Client(base_url=args.url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as api:
        lab = call(
            api, "POST", "/labs", json={"name": f"{args.name}-lab", "description": "from the API example"}
        )
        print(f"lab {lab['id']} created")

        experiment = call(
            api,
            "POST",
            "/experiments",
            json={"name": args.name, "tags": ["example"], "spec": EXPERIMENT_SPEC},
        )
        print(f"experiment {experiment['id']} created (version {experiment['latest_version']})")

        launched = call(api, "POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": lab["id"]})
        print(f"launch {launched['launch_id']}: {launched['total_runs']} runs queued")

        page = call(
            api, "GET", "/runs", params={"launch_id": launched["launch_id"], "order": "oldest", "limit": 100}
        )
        runs = page["items"]
        got = [(r["repetition"], r["params"]) for r in runs]
        if len(runs) != 12 or got != expected_order():
            raise ApiError(f"unexpected runs or order:\n{got}")
        print("12 runs in the expected order (repetition-major, maxconn varying slowest)")

        victim = runs[-1]["id"]
        cancelled = call(api, "POST", f"/runs/{victim}/cancel")
        print(f"run {victim} -> {cancelled['state']}")

        print(f"\n{'run':>6}  {'rep':>3}  {'maxconn':>7}  {'http-reuse':<10}  state")
        for r in call(api, "GET", "/runs", params={"launch_id": launched["launch_id"], "order": "oldest"})[
            "items"
        ]:
            p = r["params"]
            print(
                f"{r['id']:>6}  {r['repetition']:>3}  {p['proxy.global.maxconn']:>7}  "
                f"{p['proxy.backends.0.http_reuse']:<10}  {r['state']}"
            )
        if call(api, "GET", f"/runs/{victim}")["state"] != "cancelled":
            raise ApiError(f"run {victim} is not cancelled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
