"""Consecutive runs on the local lab reuse HAProxy and the target when nothing but the load changed.

A real Celery worker whose keep_warm_after says 60 s (HAPLAB_KEEP_WARM_SECONDS, the setting the
function reads until the capacity search decides per probe), real agents, HAProxy, nginx and
vegeta. The second run, at another rate, adopts the first run's processes (its environment says
so), and its figures are its own: HAProxy's count is its requests, not the first run's too, and
every figure agrees with every other. A third run with another config starts HAProxy afresh.

Its own lab and worker: the shared lab's worker tears everything down after each run.
"""

from __future__ import annotations

from typing import Any

import pytest
from run_helpers import Api, assert_figures_agree, http_spec

pytestmark = pytest.mark.slow

DURATION_S = 5


def vegeta_spec(rate: int, maxconn: int = 1000) -> dict[str, Any]:
    spec = http_spec(driver="vegeta", connections=20, duration_s=DURATION_S, global_maxconn=maxconn)
    spec["load"].update(rate=rate, warmup_s=1)
    return spec


def test_a_run_that_changes_only_the_load_adopts_the_kept_haproxy_and_counts_only_its_own_requests(
    local_lab: Any, start_worker: Any
) -> None:
    api = Api(local_lab.api_url, local_lab.token)
    start_worker(agent_wait=20, lease=30, env={"HAPLAB_KEEP_WARM_SECONDS": "60"})

    [first_id] = api.launch("kept warm: first", vegeta_spec(rate=400), local_lab.lab_id)
    first = api.wait_finished(first_id, 120)
    assert first["state"] == "succeeded", first["error"]
    assert first["environment"]["reused_processes_from_run"] is None

    [second_id] = api.launch("kept warm: second, another rate", vegeta_spec(rate=200), local_lab.lab_id)
    second = api.wait_finished(second_id, 120)
    assert second["state"] == "succeeded", second["error"]
    environment = second["environment"]
    assert environment["reused_processes_from_run"] == first_id, environment
    assert environment["reused_targets_from_run"] == first_id, environment
    assert second["rendered_config"] == first["rendered_config"]

    samples = api.samples(second_id)
    assert_figures_agree(second, samples)
    # HAProxy's side counts the second run's requests alone: 200/s over its window, not the
    # first run's 400/s (and warm-up) besides.
    proxy, total = second["summary"]["proxy"], second["summary"]["total"]
    print(f"second run: HAProxy {proxy['requests']} requests, client {total['successes']}, {proxy}")
    assert abs(proxy["requests"] - 200 * DURATION_S) <= 0.03 * 200 * DURATION_S, proxy
    assert abs(total["successes"] - 200 * DURATION_S) <= 0.03 * 200 * DURATION_S, total
    timers = second["summary"]["timers"]
    assert timers is not None and timers["lines"] <= 1.05 * 200 * (DURATION_S + 1), timers
    # The 1,024-request averages started again when adopted: none of the first run's requests.
    assert proxy["averaged_before_window"] is not None and proxy["averaged_before_window"] <= 200 + 20, proxy

    # Another config: nothing is adopted, HAProxy starts afresh (the targets, asked the same, are kept).
    [third_id] = api.launch(
        "kept warm: another maxconn", vegeta_spec(rate=200, maxconn=900), local_lab.lab_id
    )
    third = api.wait_finished(third_id, 120)
    assert third["state"] == "succeeded", third["error"]
    assert third["environment"]["reused_processes_from_run"] is None, third["environment"]
    assert third["environment"]["reused_targets_from_run"] == second_id, third["environment"]
    assert_figures_agree(third, api.samples(third_id))
