"""Helpers for end-to-end runs on the local lab: build a spec, launch through the REST API, wait."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

from contract.experiment import ExperimentSpec
from contract.results import stored_summary
from contract.run_state import TERMINAL_STATES
from worker.verdicts.consistency import Comparison, check_figures

TERMINAL = {state.value for state in TERMINAL_STATES}
# Runs whose figures are held to each other: the ones that measured (a failed or cancelled run's
# cut-short summary is what was measured before the fault, read from one side).
CHECKED_STATES = {"succeeded", "partial"}


def http_spec(
    *,
    driver: str = "wrk",
    connections: int = 20,
    duration_s: int = 10,
    path: str = "/fast",
    keep_alive: bool = True,
    global_maxconn: int = 1000,
    http_reuse: str = "safe",
    endpoints: list[dict[str, Any]] | None = None,
    request_timeout_s: float = 20,
    threads: int = 2,
) -> dict[str, Any]:
    """A frontend -> backend -> one managed nginx server spec, as plain JSON."""
    return {
        "proxy": {
            "global": {"maxconn": global_maxconn},
            "defaults": {"mode": "http", "timeouts": {"connect": 4000, "client": 42000, "server": 43000}},
            "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "app"}],
            "backends": [{"name": "app", "http_reuse": http_reuse, "target_servers": {}}],
        },
        "target": {
            "kind": "managed",
            "servers": 1,
            "endpoints": endpoints
            or [
                {"path": "/fast", "delay_ms": 0, "body_bytes": 0, "status": 200},
                {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
            ],
        },
        "load": {
            "driver": driver,
            "connections": connections,
            "threads": threads,
            "duration_s": duration_s,
            "path": path,
            "keep_alive": keep_alive,
            "request_timeout_s": request_timeout_s,
        },
    }


def print_caveats(run: dict[str, Any]) -> None:
    """What the run itself says may have disturbed it (a stalled host, stolen CPU, lost samples):
    pytest shows it beside a failed assertion, so a noisy box is told apart from a regression."""
    caveats = ((run.get("summary") or {}).get("verdict") or {}).get("caveats") or []
    for caveat in caveats:
        print(f"run {run['id']} caveat {caveat['kind']}: {caveat['sentence']}")


def figure_comparisons(run: dict[str, Any], samples: dict[str, list[dict[str, Any]]]) -> list[Comparison]:
    """The run's figures held to each other (worker/verdicts/consistency.py), recomputed here from
    what the API serves: the run's spec and summary, and its samples by source."""
    if not run.get("summary"):
        return []
    spec = ExperimentSpec.model_validate(run["spec"])
    return check_figures(spec, stored_summary(run["summary"]), samples)


# HAPLAB_E2E_RECORD_RUNS=<dir>: every run checked is written there as <driver>-<experiment>-<id>.json
# (its spec, summary and the HAProxy counters the check reads): the recorded sets of
# tests/worker/data/figures/.
RECORD_DIR = os.environ.get("HAPLAB_E2E_RECORD_RUNS")
RECORDED_KEYS = ("hrsp_", "req_tot", "successes")


def record_run(run: dict[str, Any], samples: dict[str, list[dict[str, Any]]]) -> None:
    if not RECORD_DIR or not run.get("summary"):
        return
    kept = {
        source: [
            {"t": s["t"], "data": {k: v for k, v in s["data"].items() if any(m in k for m in RECORDED_KEYS)}}
            for s in seconds
        ]
        for source, seconds in samples.items()
        if not source.startswith("host:")
    }
    summary = {**run["summary"], "total": {**run["summary"]["total"], "histogram": None}}
    summary["injectors"] = [{**i, "histogram": None} for i in summary.get("injectors", [])]
    doc = {"id": run["id"], "state": run["state"], "spec": run["spec"], "summary": summary, "samples": kept}
    title = f"{run['spec']['load']['driver']} {run['experiment_name']} {run['id']}"
    name = re.sub(r"[^a-z0-9]+", "-", title.lower())
    path = Path(RECORD_DIR) / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1, sort_keys=True))


def assert_figures_agree(run: dict[str, Any], samples: dict[str, list[dict[str, Any]]]) -> None:
    """Fail when two figures of the run contradict each other beyond the window's edges: as
    recomputed here, or as the worker found at collection (a `figures_disagree` caveat). Every
    comparison is printed, agreeing or not, so a failure shows both numbers and their margin."""
    record_run(run, samples)
    comparisons = figure_comparisons(run, samples)
    for comparison in comparisons:
        print(f"run {run['id']} figures: {comparison.describe()}")
    stored = [
        caveat["sentence"]
        for caveat in ((run.get("summary") or {}).get("verdict") or {}).get("caveats") or []
        if caveat["kind"] == "figures_disagree"
    ]
    found = [comparison.caveat().sentence for comparison in comparisons if not comparison.agrees]
    assert not found and not stored, (
        f"run {run['id']} ({run['state']}): its figures contradict each other:\n"
        + "\n".join(f"- {sentence}" for sentence in dict.fromkeys([*found, *stored]))
    )


class Api:
    def __init__(self, url: str, token: str) -> None:
        self.http = httpx.Client(
            base_url=f"{url}/api/v1", headers={"Authorization": f"Bearer {token}"}, timeout=30
        )

    def call(self, method: str, path: str, **kwargs: Any) -> Any:
        r = self.http.request(method, path, **kwargs)
        assert r.status_code < 400, f"{method} {path} -> {r.status_code}: {r.text}"
        return r.json() if r.content else None

    def create_experiment(self, name: str, spec: dict[str, Any]) -> dict[str, Any]:
        """A new experiment; a name already taken (the same test rerun on the shared stack) gets
        a numbered suffix."""
        for attempt in range(1, 10):
            named = name if attempt == 1 else f"{name} ({attempt})"
            r = self.http.post("/experiments", json={"name": named, "spec": spec})
            if r.status_code != 409:
                break
        assert r.status_code < 400, f"POST /experiments -> {r.status_code}: {r.text}"
        return dict(r.json())

    def launch(self, name: str, spec: dict[str, Any], lab_id: int) -> list[int]:
        """Create the experiment and launch it; the run ids in execution order."""
        experiment = self.create_experiment(name, spec)
        launched = self.call("POST", f"/experiments/{experiment['id']}/launch", json={"lab_id": lab_id})
        return list(launched["run_ids"])

    def wait_finished(self, run_id: int, timeout_s: float, *, check_figures: bool = True) -> dict[str, Any]:
        """The run once it ended; one that measured has its figures held to each other first
        (assert_figures_agree), unless the test plants a contradiction itself."""
        deadline = time.monotonic() + timeout_s
        while True:
            run = self.call("GET", f"/runs/{run_id}")
            if run["state"] in TERMINAL:
                print_caveats(run)
                if check_figures and run["state"] in CHECKED_STATES:
                    assert_figures_agree(run, self.samples(run_id))
                return run
            assert time.monotonic() < deadline, f"run {run_id} still {run['state']} after {timeout_s} s"
            time.sleep(0.5)

    def wait_state(self, run_id: int, state: str, timeout_s: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while True:
            run = self.call("GET", f"/runs/{run_id}")
            if run["state"] == state:
                return run
            assert run["state"] not in TERMINAL, f"run {run_id} ended {run['state']}: {run['error']}"
            assert time.monotonic() < deadline, f"run {run_id} still {run['state']} after {timeout_s} s"
            time.sleep(0.2)

    def samples(self, run_id: int) -> dict[str, list[dict[str, Any]]]:
        return dict(self.call("GET", f"/runs/{run_id}/samples")["sources"])


LOAD_TOOLS = {"wrk", "hey", "h2load", "vegeta"}


def load_tools_in(netns: str) -> list[str]:
    """Load-tool processes living in the namespace, as "pid name"."""
    out = subprocess.run(
        ["ip", "netns", "pids", netns], capture_output=True, text=True, timeout=5, check=True
    )
    found = []
    for pid in out.stdout.split():
        try:
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue  # it just exited
        if name in LOAD_TOOLS:
            found.append(f"{pid} {name}")
    return found


def restart_agent_with(lab: Any, name: str, env: dict[str, str], why: str) -> Any:
    """Stop agent `name` of a dev.lab.LocalLab (SIGTERM, by PID) and start it again, same argv,
    with `env` added (a test hook: agents/clock.py); it is stopped with the lab."""
    from dev.lab import ROOT, AgentProcess

    agent = next(a for a in lab.agents if a.host.agent == name)
    agent.proc.send_signal(signal.SIGTERM)
    agent.proc.wait(30)
    agent.stopped = True
    with open(agent.log, "ab") as out:
        out.write(f"\n----- {name} restarted with {why} -----\n".encode())
        out.flush()
        proc = subprocess.Popen(
            agent.proc.args,
            cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    fresh = AgentProcess(agent.host, proc, agent.log)
    lab.agents[lab.agents.index(agent)] = fresh
    return fresh
