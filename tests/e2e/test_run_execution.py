"""Runs executed for real on the local lab: agents, HAProxy, nginx, load tools, worker, API.

Nothing is replaced: the three agents run as processes (in network namespaces as root), the
worker is a real Celery worker, the API a real uvicorn, and what the tests read comes back
through the REST API as a user would read it.
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api, http_spec

pytestmark = pytest.mark.slow


@pytest.fixture
def api(local_lab: Any, start_worker: Any) -> Api:
    start_worker(agent_wait=20, lease=30)
    return Api(local_lab.api_url, local_lab.token)


def test_closed_loop_fast_run_succeeds_with_live_samples_and_its_recipe(api: Api, local_lab: Any) -> None:
    [run_id] = api.launch(
        "fast-closed-loop", http_spec(driver="wrk", connections=20, duration_s=10), local_lab.lab_id
    )

    run = api.wait_finished(run_id, 90)

    assert run["state"] == "succeeded", run["error"]
    total = run["summary"]["total"]
    assert total["rps"] > 0 and total["successes"] > 0
    assert total["errors"]["total"] == 0, total["errors"]
    assert total["latency"]["p50"] <= total["latency"]["p99"] <= total["latency"]["max"]
    # What ran is stored with the run: the config, the exact tool command lines, the environment.
    assert "backend app" in run["rendered_config"] and "http-reuse safe" in run["rendered_config"]
    argv_by_agent = run["command_lines"]
    assert any(argv[0] == "wrk" or "wrk" in argv for lines in argv_by_agent.values() for argv in lines)
    assert any("haproxy" in " ".join(argv) for lines in argv_by_agent.values() for argv in lines)
    assert {"proxy-1", "injector-1", "target-1"} <= set(run["environment"])
    # Live samples: at least 8 of the 10 measured seconds from the proxy and from the injector host.
    samples = api.samples(run_id)
    measured = lambda source: [s for s in samples.get(source, []) if 0 <= s["t"] < 10]  # noqa: E731
    assert len(measured("proxy")) >= 8, sorted(samples)
    injector_sources = [s for s in samples if s.startswith(("injector:", "host:injector"))]
    assert injector_sources and len(measured(injector_sources[0])) >= 8, sorted(samples)
    # HAProxy's own count agrees with the client's (per-second deltas are exact).
    proxy = run["summary"]["proxy"]
    assert proxy["requests"] > 0
