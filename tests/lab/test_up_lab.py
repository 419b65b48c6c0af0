"""`make up` (dev/up.py) with its local lab: the three agents online, the shape printed, and on
Ctrl-C the agents stopped and the namespaces deleted (a whole stack on free ports with data in
a temp dir, tests/up_stack.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from dev.lab_netns import list_netns
from tests.lab.test_local_lab import WHY_NO_NETNS, needs_agent
from tests.up_stack import ROOT, Up, alive_after_grace, up_stack

pytestmark = [pytest.mark.slow, needs_agent]


@pytest.fixture
def up(tmp_path: Path) -> Iterator[Up]:
    with up_stack(tmp_path / "var") as stack:  # HAPLAB_LOCAL_LAB unset: auto
        yield stack


def test_up_starts_the_local_lab_and_removes_it_on_sigint(up: Up) -> None:
    assert "3 agents online" in up.output, up.output
    token = (up.var / "admin-token").read_text().strip()
    headers = {"Authorization": f"Bearer {token}"}
    labs = httpx.get(f"{up.api_url}/api/v1/labs", headers=headers, timeout=5).json()
    assert [(lab["name"], lab["online_agent_count"]) for lab in labs] == [("local lab", 3)]
    prefix = json.loads((up.var / "lab" / "lab.json").read_text()).get("prefix")
    if WHY_NO_NETNS is None:
        assert "network namespaces joined by veth pairs" in up.output
        assert {f"{prefix}-inj", f"{prefix}-prx", f"{prefix}-tgt"} <= set(list_netns())
    else:
        assert "loopback" in up.output
    started = up.descendants()

    up.proc.send_signal(signal.SIGINT)

    assert up.wait() == 0, up.output
    assert "stopping the local lab's agents" in up.output
    assert up.output.index("stopping the local lab's agents") < up.output.index("stopping api")
    assert alive_after_grace(started) == []
    if prefix:
        assert not any(name.startswith(f"{prefix}-") for name in list_netns())


@pytest.mark.skipif(WHY_NO_NETNS is None, reason="with namespaces, the test of several labs covers it")
def test_up_builds_the_lab_with_the_injectors_it_is_asked_for(tmp_path: Path) -> None:
    with up_stack(tmp_path / "var", {"HAPLAB_LOCAL_INJECTORS": "2"}) as up:
        assert "4 agents online" in up.output, up.output
        assert "started injector-2 (pid " in up.output
        token = (up.var / "admin-token").read_text().strip()
        headers = {"Authorization": f"Bearer {token}"}
        [lab] = httpx.get(f"{up.api_url}/api/v1/labs", headers=headers, timeout=5).json()
        assert lab["online_agent_count"] == 4
        started = up.descendants()
        up.proc.send_signal(signal.SIGINT)
        assert up.wait() == 0, up.output
        assert alive_after_grace(started) == []


@pytest.mark.skipif(WHY_NO_NETNS is not None, reason=f"several labs need namespaces: {WHY_NO_NETNS}")
def test_up_builds_the_labs_and_injectors_it_is_asked_for_each_in_its_namespaces(
    tmp_path: Path,
) -> None:
    # One `make up` for both counts (each start costs half a minute on a loaded box): two labs,
    # two injectors each.
    with up_stack(tmp_path / "var", {"HAPLAB_LOCAL_LABS": "2", "HAPLAB_LOCAL_INJECTORS": "2"}) as up:
        assert "'local lab' (id " in up.output and "'local lab 2' (id " in up.output, up.output
        assert "started injector-2 (pid " in up.output
        assert "started injector-1 of 'local lab 2' (pid " in up.output
        assert "injector-2  netns " in up.output and "10.77.12.1 (veth-prx)" in up.output
        token = (up.var / "admin-token").read_text().strip()
        headers = {"Authorization": f"Bearer {token}"}
        labs = httpx.get(f"{up.api_url}/api/v1/labs", headers=headers, timeout=5).json()
        # In name order: "local lab" has the lowest id, whichever enrollment reached the API first.
        assert [
            (lab["name"], lab["online_agent_count"]) for lab in sorted(labs, key=lambda lab: lab["id"])
        ] == [
            ("local lab", 4),
            ("local lab 2", 4),
        ]
        prefixes = [json.loads((up.var / d / "lab.json").read_text())["prefix"] for d in ("lab", "lab-2")]
        assert len(set(prefixes)) == 2, prefixes
        for prefix in prefixes:
            assert {f"{prefix}-inj", f"{prefix}-inj2", f"{prefix}-prx", f"{prefix}-tgt"} <= set(list_netns())
        assert (up.var / "log" / "lab-2" / "agent-proxy-1.log").exists()
        started = up.descendants()
        up.proc.send_signal(signal.SIGINT)
        assert up.wait() == 0, up.output
        assert alive_after_grace(started) == []
        assert not any(name.startswith(f"{prefix}-") for prefix in prefixes for name in list_netns())


@pytest.mark.parametrize("variable", ["HAPLAB_LOCAL_LABS", "HAPLAB_LOCAL_INJECTORS"])
@pytest.mark.parametrize("value", ["0", "9", " 2", "\u0662", "two"])
def test_up_refuses_a_bad_count_before_starting_anything(tmp_path: Path, variable: str, value: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HAPLAB_")}
    env |= {"HAPLAB_VAR_DIR": str(tmp_path / "var"), variable: value}
    result = subprocess.run(
        [sys.executable, str(ROOT / "dev" / "up.py")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{variable}=" in result.stderr and "whole number from 1 to 8" in result.stderr
    assert "started " not in result.stdout and not (tmp_path / "var" / "pg").exists(), result.stdout
