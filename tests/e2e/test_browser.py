"""The browser acceptance suite (frontend/e2e/*.e2e.ts) against the real stack.

Everything is real: PostgreSQL and Redis (per xdist worker), the API in uvicorn serving the
BUILT frontend, a Celery worker, the local lab's three agents (network namespaces as root), and
Debian's Chromium driven by Playwright. This module starts the stack, then runs
`npx playwright test` with the addresses and credentials in the environment and asserts its
exit code. Screenshots of every page land in var/artifacts/playwright/screens/ (git-ignored).

The frontend is built first when its sources changed (dev/prereqs.sh's stamp decides), before
the API starts: the API only serves a dist that exists when it is created.

HAPLAB_E2E_ARGS adds arguments to `playwright test`, e.g. HAPLAB_E2E_ARGS="e2e/viewer.e2e.ts"
to run one spec file (the setup project that signs in always runs first).
"""

from __future__ import annotations

import gzip
import os
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from run_helpers import CHECKED_STATES, Api, assert_figures_agree, http_spec

ROOT = Path(__file__).resolve().parents[2]
FRONTEND = ROOT / "frontend"
ARTIFACTS = ROOT / "var" / "artifacts" / "playwright"
CHROMIUM = Path(os.environ.get("HAPLAB_E2E_CHROMIUM", "/usr/bin/chromium"))
VIEWER_EMAIL = "viewer@example.test"
VIEWER_PASSWORD = "a-long-viewer-password"
# The lab_admin_token fixture's user (tests/conftest.py).
ADMIN_EMAIL = "lab-admin@example.test"
ADMIN_PASSWORD = "a-long-password"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built_frontend() -> Path:
    """frontend/dist, rebuilt when any frontend source changed since the last build.

    `node` first: `make pytest` installs only apt and python, and Playwright comes with npm ci.
    Both steps are skipped in well under a second when their stamps match.
    """
    result = subprocess.run(
        ["dev/prereqs.sh", "node", "frontend"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, f"frontend build failed:\n{result.stdout}\n{result.stderr}"
    assert (FRONTEND / "dist" / "index.html").is_file()
    return FRONTEND / "dist"


def _add_viewer(team_name: str) -> None:
    """A member with the viewer role in the lab admin's team (the API must refuse them)."""
    from backend.accounts.users import create_user
    from backend.bootstrap import ensure_admin
    from backend.db import session_scope
    from backend.models import Role
    from backend.teams.service import add_membership

    with session_scope() as db:
        _, team = ensure_admin(db, ADMIN_EMAIL, ADMIN_PASSWORD, team_name)
        viewer = create_user(db, email=VIEWER_EMAIL, name="Viewer", password=VIEWER_PASSWORD)
        add_membership(db, team_id=team.id, user_id=viewer.id, role=Role.viewer)


def _seed_timer_runs(team_name: str, lab_id: int) -> tuple[int, int]:
    """Two finished runs for timers.e2e.ts, written as the proxy agent and the worker will write
    them (tests/api/timer_factories.py): one whose HAProxy logged 1 request in 4 across two
    backends, with a queue-bound breakdown and client and server aborts, and one without timers
    (an older run). Walked to succeeded before the commit, so the worker never sees them queued."""
    from backend.db import session_scope
    from backend.experiments.launch import launch_experiment
    from backend.experiments.schemas import ExperimentCreate, LaunchRequest
    from backend.experiments.service import create_experiment
    from backend.models import Team, User
    from backend.runs.samples.service import insert_samples
    from backend.runs.transitions import transition
    from contract.results import RunSummary
    from contract.run_state import RunState
    from tests.api.experiment_factories import small_spec, summary_doc
    from tests.api.timer_factories import queueing_seconds, queueing_summary, timer_points

    spec = small_spec()
    spec["load"]["duration_s"] = 40
    spec["load"]["warmup_s"] = 0
    run_ids = []
    with session_scope() as db:
        team = db.query(Team).filter_by(name=team_name).one()
        user = db.query(User).filter_by(email=ADMIN_EMAIL).one()
        for name, timers in (("e2e request timers", True), ("e2e before timers", False)):
            body = ExperimentCreate(name=name, description="", tags=["timers"], spec=spec)
            experiment = create_experiment(db, team.id, user.id, body)
            launched = launch_experiment(db, team.id, user.id, experiment.id, LaunchRequest(lab_id=lab_id))
            run_id = launched.run_ids[0]
            summary = RunSummary.model_validate(summary_doc(rps=20, successes=800, p50=402, p99=480))
            if timers:
                summary = summary.model_copy(
                    update={"timers": queueing_summary(one_in=4, scopes=("app", "app/s1"))}
                )
                seconds = queueing_seconds(40, scopes=("*", "app", "app/s1"), one_in=4)
                insert_samples(db, run_id, timer_points(seconds))
            for state in (RunState.preparing, RunState.warming, RunState.running, RunState.collecting):
                assert transition(db, run_id, state)
            assert transition(db, run_id, RunState.succeeded, summary=summary.model_dump(mode="json"))
            run_ids.append(run_id)
    return run_ids[0], run_ids[1]


SEARCH_DELAY_MS = 20


def _seed_search_launch(team_name: str, lab_id: int) -> tuple[int, int]:
    """A finished capacity search launch for frontend/e2e/search.e2e.ts: server maxconn 5 and 10 in
    front of a 20 ms endpoint, two searches each, every probe walked to succeeded with the figures such a
    config shows (p99 at the delay up to maxconn / delay, seconds past it), judged on the
    objective and chained by the search's own code (backend/runs/capacity/chain.py), in one
    transaction, so the worker never sees a probe queued. The real search runs in
    tests/e2e/test_capacity_search.py; here the page is what is tested. Returns the experiment
    and how many probes its searches ran."""
    from sqlalchemy import select

    from backend.db import session_scope
    from backend.experiments.launch import launch_experiment
    from backend.experiments.schemas import ExperimentCreate, LaunchRequest
    from backend.experiments.service import create_experiment
    from backend.models import Run, Team, User
    from backend.runs.capacity.chain import advance
    from backend.runs.transitions import transition
    from contract.experiment import ExperimentSpec
    from contract.results import RunSummary
    from contract.run_state import RunState
    from contract.thresholds import evaluate
    from tests.api.experiment_factories import summary_doc

    spec = http_spec(
        driver="vegeta",
        path="/work",
        endpoints=[
            {"path": "/work", "delay_ms": SEARCH_DELAY_MS, "body_bytes": 0, "status": 200},
            {"path": "/health", "delay_ms": 0, "body_bytes": 0, "status": 200},
        ],
    )
    spec["sweep"] = {"axes": [{"path": "proxy.backends.0.target_servers.maxconn", "values": [5, 10]}]}
    spec["repetitions"] = 2
    spec["search"] = {
        "vary": "load.rate",
        "objective": [{"metric": "latency_p99_ms", "operator": "<", "value": 100}],
        "start": 100,
        "max": 2000,
        "precision": "5%",
        "probe": {"duration_s": 3, "warmup_s": 1},
    }
    spec["thresholds"] = [{"metric": "capacity", "operator": ">=", "value": 200, "per_point": "ci_low"}]
    with session_scope() as db:
        team = db.query(Team).filter_by(name=team_name).one()
        user = db.query(User).filter_by(email=ADMIN_EMAIL).one()
        body = ExperimentCreate(name="e2e capacity search", description="", tags=["search"], spec=spec)
        experiment = create_experiment(db, team.id, user.id, body)
        launched = launch_experiment(db, team.id, user.id, experiment.id, LaunchRequest(lab_id=lab_id))
        for _ in range(200):  # every probe of the four searches, one after the other
            run = db.scalar(
                select(Run).where(Run.launch_id == launched.launch_id, Run.state == RunState.queued)
            )
            if run is None:
                break
            run_spec = ExperimentSpec.model_validate(run.spec)
            maxconn = run_spec.proxy.backends[0].target_servers.maxconn  # type: ignore[union-attr]
            # the repetitions differ by 1%, as two searches of one config do
            capacity = maxconn * 1000 / SEARCH_DELAY_MS * (1.01 if run.repetition == 0 else 0.99)
            value = float(run.probe_value or 0)
            over = value > capacity
            summary = RunSummary.model_validate(
                summary_doc(rps=min(value, capacity), successes=int(3 * min(value, capacity)),
                            p50=SEARCH_DELAY_MS + 1, p99=400 if over else SEARCH_DELAY_MS + 4)
            )  # fmt: skip
            report = evaluate(
                run_spec.thresholds,
                spec=run_spec.model_dump(mode="json", by_alias=True),
                summary=summary,
                seconds={},
            )
            for state in (RunState.preparing, RunState.warming, RunState.running, RunState.collecting):
                assert transition(db, run.id, state)
            assert transition(
                db, run.id, RunState.succeeded,
                summary=summary.model_dump(mode="json"), thresholds=report.model_dump(mode="json"),
            )  # fmt: skip
            db.expire_all()  # the transitions wrote the columns: read them back as the worker would
            advance(db, run.search_id)  # type: ignore[arg-type]
        runs = db.scalars(select(Run.state).where(Run.launch_id == launched.launch_id)).all()
        assert runs and all(state == RunState.succeeded for state in runs), runs
        return experiment.id, len(runs)


@pytest.mark.timeout(1200)
def test_browser_acceptance(built_frontend: Path, local_lab: Any, start_worker: Any) -> None:
    assert CHROMIUM.is_file(), f"{CHROMIUM} is missing: run dev/prereqs.sh apt (installs chromium)"
    assert (ROOT / "node_modules" / "@playwright" / "test").is_dir(), "run npm ci (dev/prereqs.sh node)"
    start_worker(agent_wait=20, lease=30)
    local_lab.open_direct_path()  # seeds.e2e.ts: seed 001's direct MariaDB baseline (load.via)
    _add_viewer("Lab team")
    timers_run, no_timers_run = _seed_timer_runs("Lab team", local_lab.lab_id)
    search_experiment, search_probes = _seed_search_launch("Lab team", local_lab.lab_id)
    # A rerun (dev/test.sh's --reruns) keeps the failed attempt's output, traces and screenshots
    # beside the new ones, so the first failure is still there to read.
    previous = ARTIFACTS.with_name("playwright-previous")
    shutil.rmtree(previous, ignore_errors=True)
    if ARTIFACTS.exists():
        ARTIFACTS.rename(previous)
    (ARTIFACTS / "screens").mkdir(parents=True)
    (ARTIFACTS / ".auth").mkdir(parents=True)
    env = {
        **os.environ,
        "HAPLAB_E2E_BASE_URL": local_lab.api_url,
        "HAPLAB_E2E_EMAIL": ADMIN_EMAIL,
        "HAPLAB_E2E_PASSWORD": ADMIN_PASSWORD,
        "HAPLAB_E2E_VIEWER_EMAIL": VIEWER_EMAIL,
        "HAPLAB_E2E_VIEWER_PASSWORD": VIEWER_PASSWORD,
        "HAPLAB_E2E_LAB_ID": str(local_lab.lab_id),
        "HAPLAB_E2E_TIMERS_RUN_ID": str(timers_run),
        "HAPLAB_E2E_NO_TIMERS_RUN_ID": str(no_timers_run),
        "HAPLAB_E2E_SEARCH_EXPERIMENT_ID": str(search_experiment),
        "HAPLAB_E2E_SEARCH_PROBES": str(search_probes),
        "HAPLAB_E2E_ARTIFACTS": str(ARTIFACTS),
        "HAPLAB_E2E_CHROMIUM": str(CHROMIUM),
        "CI": "1",  # no interactive HTML report server
    }
    result = subprocess.run(
        ["npx", "playwright", "test", *shlex.split(os.environ.get("HAPLAB_E2E_ARGS", ""))],
        cwd=FRONTEND,
        env=env,
        capture_output=True,
        text=True,
        timeout=1100,  # the sweep and the four seed templates, on a busy two-core box
    )
    (ARTIFACTS / "output.txt").write_text(result.stdout + result.stderr)
    print(result.stdout[-20000:], result.stderr[-5000:])
    contradictions = runs_whose_figures_disagree(Api(local_lab.api_url, local_lab.token))
    assert result.returncode == 0, f"playwright failed ({result.returncode}); see output above"
    assert sorted(p.name for p in (ARTIFACTS / "screens").glob("*.png")), "no screenshots were saved"
    assert not contradictions, "runs whose figures contradict each other:\n" + "\n".join(contradictions)


def runs_whose_figures_disagree(api: Api) -> list[str]:
    """Every run the suite made (the journey's sweep, the seed templates' runs) held to its own
    figures, as the seed tests hold theirs (run_helpers.assert_figures_agree)."""
    found = []
    for run in api.call("GET", "/runs", params={"limit": 500})["items"]:
        if run["state"] not in CHECKED_STATES:
            continue
        try:
            assert_figures_agree(api.call("GET", f"/runs/{run['id']}"), api.samples(run["id"]))
        except AssertionError as contradiction:
            found.append(str(contradiction))
    return found


INITIAL_JS_BUDGET_KB = 300


def test_initial_js_stays_within_budget(built_frontend: Path) -> None:
    """The first page load's JavaScript (entry script + modulepreloads) <= 300 KB gzip: chart
    code (Recharts) must stay in the lazily loaded pages. bench/compare_render.py prints it too."""
    html = (built_frontend / "index.html").read_text()
    initial = re.findall(r'<script[^>]+src="([^"]+\.js)"', html)
    initial += re.findall(r'rel="modulepreload"[^>]*href="([^"]+)"', html)
    assert initial, html
    size_kb = (
        sum(len(gzip.compress((built_frontend / p.lstrip("/")).read_bytes(), 9)) for p in initial) / 1024
    )
    assert size_kb <= INITIAL_JS_BUDGET_KB, f"initial JS is {size_kb:.0f} KB gzip: {initial}"
