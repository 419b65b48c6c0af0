"""docker-compose.yml cannot run here (no Docker engine), so its structure is checked instead:
every service present, the start order enforced by health, no secret written into the file."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from backend.queue import TASK_ROUTES, worker_pools
from contract.metrics import SAMPLE_SERIES

ROOT = Path(__file__).resolve().parents[2]
WORKERS = [pool.name for pool in worker_pools(run_slots=200)]  # the default HAPLAB_RUN_SLOTS
SERVER_SERVICES = ["migrate", "api", *WORKERS, "beat"]
SECRET_KEY = re.compile(r"PASSWORD|SECRET|TOKEN|KEY", re.IGNORECASE)
# ${NAME}, ${NAME:?message} or ${NAME:-} (empty default): a value the operator supplies.
INTERPOLATION = re.compile(r"^\$\{[A-Z_][A-Z0-9_]*(:\?[^}]*|:-)?\}$")
URL_PASSWORD = re.compile(r"://[^:/@\s]+:([^@\s]+)@")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return loaded


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = compose["services"]
    return found


def condition(service: dict[str, Any], dependency: str) -> str:
    return str(service["depends_on"][dependency]["condition"])


def test_every_service_is_there(services: dict[str, Any]) -> None:
    assert set(services) == {
        "postgres", "redis", "migrate", "api", *WORKERS, "beat", "agent", "prometheus", "grafana"
    }  # fmt: skip


def test_prometheus_and_grafana_are_an_optional_profile_provisioned_from_deploy(
    services: dict[str, Any],
) -> None:
    for name in ("prometheus", "grafana"):
        assert services[name]["profiles"] == ["observability"], name
    prometheus = yaml.safe_load((ROOT / "deploy/prometheus/prometheus.yml").read_text())
    [job] = prometheus["scrape_configs"]
    assert job["metrics_path"] == "/metrics" and job["static_configs"][0]["targets"] == ["api:8300"]
    assert job["authorization"]["credentials_file"] == "/etc/prometheus/haplab-token"  # not in the file
    mounts = services["prometheus"]["volumes"]
    assert any(m.startswith("${HAPLAB_METRICS_TOKEN_FILE:?") for m in mounts), mounts
    assert any(m.startswith("./deploy/grafana/dashboards:") for m in services["grafana"]["volumes"])


def test_the_grafana_dashboard_queries_only_what_metrics_exposes() -> None:
    dashboard = json.loads((ROOT / "deploy/grafana/dashboards/haplab.json").read_text())
    exposed = {"haplab_agents", "haplab_agents_online", "haplab_runs", "haplab_queue_length"}
    exposed |= {f"haplab_run_duration_seconds{suffix}" for suffix in ("_bucket", "_sum", "_count")}
    exposed |= {f"haplab_live_{series.key}" for series in SAMPLE_SERIES}
    exprs = [t["expr"] for panel in dashboard["panels"] for t in panel.get("targets", [])]
    named = {name for expr in exprs for name in re.findall(r"\bhaplab_[a-z0-9_]+", expr)}
    assert named and named <= exposed, named - exposed
    assert {"haplab_live_req_s", "haplab_agents_online", "haplab_queue_length"} <= named


def test_migrations_run_once_before_anything_uses_the_schema(services: dict[str, Any]) -> None:
    assert services["migrate"]["command"] == ["alembic", "upgrade", "head"]
    assert services["migrate"]["restart"] == "no"
    assert condition(services["migrate"], "postgres") == "service_healthy"
    for name in ["api", *WORKERS, "beat"]:
        assert condition(services[name], "migrate") == "service_completed_successfully", name
        assert condition(services[name], "redis") == "service_healthy", name


def test_healthchecks(services: dict[str, Any]) -> None:
    for name in ["postgres", "redis", "api", *WORKERS]:
        assert services[name]["healthcheck"]["test"], name
    assert any("/api/v1/health" in part for part in services["api"]["healthcheck"]["test"])


def test_data_lives_in_named_volumes(compose: dict[str, Any], services: dict[str, Any]) -> None:
    declared = set(compose["volumes"])
    for name, mount in [("postgres", "/var/lib/postgresql/data"), ("redis", "/data")]:
        volumes = services[name]["volumes"]
        assert any(v.endswith(f":{mount}") and v.split(":")[0] in declared for v in volumes), name


def test_server_services_share_one_image_and_run_the_right_program(services: dict[str, Any]) -> None:
    for name in SERVER_SERVICES:
        assert services[name]["build"]["dockerfile"] == "deploy/Dockerfile.server", name
        assert services[name]["environment"]["HAPLAB_ENVIRONMENT"] == "production", name
    assert services["api"]["command"][:3] == ["python", "-m", "backend.serve"]
    # Each queue (backend/queue.py) has its worker, started as `make up` starts it (beat apart).
    for pool in worker_pools(run_slots=200):
        # The run slots come from the operator's HAPLAB_RUN_SLOTS, 200 unless set.
        command = [part.replace("${HAPLAB_RUN_SLOTS:-200}", "200") for part in services[pool.name]["command"]]
        assert command == pool.argv(beat=False), pool.name
    consumed = {queue for pool in worker_pools() for queue in pool.queues}
    assert {route["queue"] for route in TASK_ROUTES.values()} == consumed  # every task is read
    assert services["beat"]["command"][:4] == ["celery", "-A", "worker.celery_app", "beat"]


def test_agent_is_built_alone_and_configured_from_the_environment(services: dict[str, Any]) -> None:
    agent = services["agent"]
    assert agent["build"]["dockerfile"] == "deploy/Dockerfile.agent"
    script = agent["command"][-1]
    # Enrolls only when it has no state yet, then runs; every value from the environment.
    assert "test -f /var/lib/haplab-agent/state.json || haplab-agent enroll" in script
    assert "exec haplab-agent run" in script
    assert agent["network_mode"] == "host"
    env = set(agent["environment"])
    assert {
        "HAPLAB_SERVER_URL",
        "HAPLAB_ENROLLMENT_TOKEN",
        "HAPLAB_AGENT_ROLES",
        "HAPLAB_ALLOW_LOAD_TO",
    } <= env
    dockerfile = (ROOT / "deploy" / "Dockerfile.agent").read_text()
    assert "--extra agent" in dockerfile
    assert "--extra server" not in dockerfile
    # Only contract/, common/ and the agent go into the image: backend/ and worker/ cannot be imported there.
    copied = re.findall(r"^COPY\s+(\S+)", dockerfile, re.MULTILINE)
    assert not {"backend/", "worker/", "."} & set(copied), copied


def test_agent_build_context_is_an_allowlist() -> None:
    lines = (ROOT / "deploy" / "Dockerfile.agent.dockerignore").read_text().splitlines()
    rules = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    assert rules[0] == "*"
    allowed = {r[1:] for r in rules if r.startswith("!")}
    assert allowed == {"pyproject.toml", "uv.lock", "README.md", "contract", "common", "agents"}


def test_dockerfiles_exist_for_every_build(services: dict[str, Any]) -> None:
    for name, service in services.items():
        if "build" in service:
            assert (ROOT / service["build"]["context"] / service["build"]["dockerfile"]).is_file(), name
    assert "--extra server" in (ROOT / "deploy" / "Dockerfile.server").read_text()


def _environment_values(services: dict[str, Any]) -> list[tuple[str, str, str]]:
    found = []
    for name, service in services.items():
        env = service.get("environment", {})
        items = env.items() if isinstance(env, dict) else (e.split("=", 1) for e in env)
        found += [(name, key, str(value)) for key, value in items]
    return found


def test_no_secret_is_written_in_the_file(services: dict[str, Any]) -> None:
    values = _environment_values(services)
    assert values
    for service, key, value in values:
        if SECRET_KEY.search(key):
            assert INTERPOLATION.match(value), f"{service}.{key} must come from the environment: {value!r}"
        for password in URL_PASSWORD.findall(value):
            assert INTERPOLATION.match(password), f"{service}.{key} has a password in its URL"


def test_the_secret_check_would_catch_a_hard_coded_one() -> None:
    assert not INTERPOLATION.match("hunter2")
    assert not INTERPOLATION.match("${HAPLAB_SECRET_KEY:-hunter2}")
    assert URL_PASSWORD.findall("postgresql://haplab:hunter2@db/haplab") == ["hunter2"]


def test_the_api_believes_forwarding_headers_only_from_the_proxies_the_operator_names(
    services: dict[str, Any],
) -> None:
    # uvicorn's own flags would bypass the setting ('*' reads the left-most, client-written address).
    command = " ".join(services["api"]["command"])
    assert "forwarded" not in command and "proxy-headers" not in command, command
    assert services["api"]["environment"]["HAPLAB_TRUSTED_PROXIES"] == "${HAPLAB_TRUSTED_PROXIES:-}"
    dockerfile = (ROOT / "deploy/Dockerfile.server").read_text()
    assert "proxy-headers" not in dockerfile and "forwarded" not in dockerfile.lower()
