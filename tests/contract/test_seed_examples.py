"""The seed examples are valid, expand as the articles describe, and every run's rendered
config is accepted by the real HAProxy."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract.examples import SEED_EXAMPLES, seed_examples
from contract.expansion import count_runs, expand
from contract.haproxy import RenderContext, render
from contract.target import ExternalTarget
from tests.contract.conftest import HaproxyCheck, complaints

EXPECTED_RUNS = {"000": 5, "001": 8, "002": 4, "003": 4, "004": 16}


def test_one_example_per_seed() -> None:
    assert sorted(SEED_EXAMPLES) == ["000", "001", "002", "003", "004"]


@pytest.mark.parametrize("seed", sorted(EXPECTED_RUNS))
def test_counts(seed: str) -> None:
    spec = seed_examples()[seed]
    assert count_runs(spec) == len(expand(spec)) == EXPECTED_RUNS[seed]


def test_seed_000_is_the_capacity_experiment() -> None:
    spec = seed_examples()["000"]
    assert spec.load.connections == 100 and spec.load.duration_s == 30 and spec.load.path == "/slow"
    assert [run.spec.proxy.global_.maxconn for run in expand(spec)] == [20, 40, 60, 80, 100]


@pytest.mark.parametrize("seed", sorted(EXPECTED_RUNS))
def test_every_run_renders_a_config_haproxy_accepts(
    seed: str, runtime_dir: Path, haproxy_check: HaproxyCheck
) -> None:
    for run in expand(seed_examples()[seed]):
        target = run.spec.target
        if isinstance(target, ExternalTarget):
            addresses = list(target.addresses)
        else:
            addresses = [f"127.0.0.{n + 2}:8000" for n in range(target.upstream_count())]
        text = render(run.spec.proxy, RenderContext(runtime_dir=str(runtime_dir), target_addresses=addresses))
        result = haproxy_check(text, runtime_dir)
        assert result.returncode == 0, f"{run.params}\n{result.stdout}{result.stderr}"
        assert complaints(result) == [], run.params
