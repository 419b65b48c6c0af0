"""schemathesis holds the API to its OpenAPI: generated requests (valid and invalid) to every
operation of a real uvicorn server on a real database, signed in with an admin API token. Any
5xx, an undocumented status, a wrong content type or a body that does not match the documented
schema fails the test.

schemathesis runs as its own command (`schemathesis run`), the way its authors ship it: its
pytest plugin does not load under this project's pytest. Bounded: a fixed seed, a few dozen
examples per operation. Excluded: what would start real work or undo the
test's own sign-in (launch and rerun queue runs; the SSE stream and the agent long poll wait by
design; logout and token revocation would end the session mid-test).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.api.experiment_factories import small_spec

EXCLUDED_PATHS = [
    "/api/v1/experiments/{experiment_id}/launch",
    "/api/v1/runs/{run_id}/rerun",
    "/api/v1/runs/{run_id}/events",
    "/api/v1/agent/commands",
    "/api/v1/auth/logout",
    "/api/v1/tokens/{token_id}",
]
# Changing or removing members can demote the test's own admin (after adding another admin):
# these run last, in a second pass, so they cannot starve the others of permissions.
MEMBER_PATH = "/api/v1/teams/current/members/{user_id}"
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
# 12 generated examples per operation besides the coverage phase's documented boundaries: the
# suite's longest test (~130 s alone at 12, ~250 s at 25 under the full suite) within CI's 20
# minutes; raise it for a deeper run.
EXAMPLES = os.environ.get("HAPLAB_SCHEMATHESIS_EXAMPLES", "12")
# A hard stop only: the examples per operation bound the run (a --max-time would make fuzzing
# repeat until it is spent, and cut a phase short on a busy machine).
TIMEOUT_S = 420


# The operations in three parts, by OpenAPI tag, each its own test (its own server and database):
# pytest-xdist hands adjacent tests to different workers, so the three run side by side. A tag
# no part names fails the test below, so a new router cannot go unchecked.
PARTS: dict[str, tuple[str, ...]] = {
    "experiments": ("experiments",),
    "runs": ("runs", "labs", "templates", "metrics", "agent"),
    "team": (
        "auth",
        "teams",
        "webhooks",
        "baselines",
        "changes",
        "notes",
        "schedules",
        "observability",
        "health",
    ),
}
# The coverage phase walks every documented boundary of every field: for the experiment spec's
# large schema (each request a haproxy -c in its box) that alone took ~120 s, CI's longest test.
# Its boundaries are held by the contract tests field by field (tests/contract, test_hostile_corpus.py);
# here the experiments get the examples and the generated requests.
PHASES = {"experiments": "examples,fuzzing"}


def test_every_tag_is_in_a_part() -> None:
    from backend.app import create_app

    tags = {
        tag
        for path in create_app().openapi()["paths"].values()
        for op in path.values()
        for tag in op.get("tags", [])
    }
    named = {tag for part in PARTS.values() for tag in part}
    assert tags == named, (tags - named, named - tags)


@pytest.mark.slow
@pytest.mark.parametrize("part", list(PARTS))
def test_every_operation_matches_its_documentation(
    part: str, live_api: object, fresh_database: str, tmp_path: Path
) -> None:
    from backend.bootstrap import ensure_admin
    from backend.db import session_scope
    from backend.experiments.schemas import ExperimentCreate
    from backend.experiments.service import create_experiment
    from backend.labs.service import create_lab
    from backend.teams.tokens import create_api_token

    # Real objects for generated requests to meet, besides the many ids that do not exist.
    with session_scope() as db:
        user, team = ensure_admin(db, "conformance@example.test", "a-long-password", "Conformance")
        _, token = create_api_token(db, user.id, team.id, "schemathesis", "admin")
        create_lab(db, team_id=team.id, name="lab")
        create_experiment(db, team.id, user.id, ExperimentCreate(name="seed", spec=small_spec()))

    url: str = live_api.url  # type: ignore[attr-defined]
    tags = [arg for tag in PARTS[part] for arg in ("--include-tag", tag)]
    everything_else = [arg for path in [*EXCLUDED_PATHS, MEMBER_PATH] for arg in ("--exclude-path", path)]
    phases = PHASES.get(part, "examples,coverage,fuzzing")
    _schemathesis(url, token, tags + everything_else, tmp_path, phases)
    if "teams" in PARTS[part]:
        _schemathesis(url, token, ["--include-path", MEMBER_PATH], tmp_path, phases)


def _schemathesis(url: str, token: str, selection: list[str], report_dir: Path, phases: str) -> None:
    argv = [
        str(Path(sys.executable).parent / "schemathesis"),
        "run",
        f"{url}/api/v1/openapi.json",
        "--checks",
        CHECKS,
        "--header",
        f"Authorization: Bearer {token}",
        "--max-examples",
        EXAMPLES,
        "--seed",
        "20261124",
        "--phases",
        phases,
        "--workers",
        "1",  # 2 threads trip CPython 3.11.7's ast bug gh-106905 in Hypothesis
        "--request-timeout",
        "30",
        "--no-color",
        "--generation-database",
        "none",
        "--report",
        "junit",
        "--report-dir",
        str(report_dir),
        *selection,
    ]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    print(done.stdout[-30000:], done.stderr[-5000:])
    assert done.returncode == 0, "schemathesis found problems (see its report above)"
