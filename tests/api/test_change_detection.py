"""Change points over a point's history (backend/runs/changes/): the search on its own (noise
gives none, a step is found at its run, a wild run is not a change), what differs between the
runs either side, and the team's list with accepted/open."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.changes.detection import find_changes
from backend.runs.changes.differences import config_differences, spec_differences
from backend.runs.changes.service import detect_for_run
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec, summary_doc
from tests.api.helpers import API, Member, make_lab, new_member

# ---------------------------------------------------------------- the search, on its own


def _noisy(mean: float, sd: float, n: int, rng: random.Random) -> list[float]:
    return [mean + rng.gauss(0, sd) for _ in range(n)]


def test_repeated_identical_runs_and_plain_noise_give_no_change() -> None:
    assert find_changes([100.0] * 12) == []
    rng = random.Random(7)
    assert find_changes(_noisy(100, 1, 15, rng)) == []
    # False alarms over many noise-only histories (20 runs, 3 % noise): rare, and measured here.
    alarms = sum(bool(find_changes(_noisy(100, 3, 20, random.Random(seed)))) for seed in range(200))
    assert alarms <= 4, alarms  # 2 of 300 when tuned (docs/history.md)


def test_a_step_is_found_at_its_first_run_even_when_it_is_the_newest() -> None:
    rng = random.Random(1)
    history = _noisy(100, 1, 8, rng)
    [step] = find_changes(history + _noisy(70, 1, 4, rng))
    assert (step.index, step.before_n, step.after_n) == (8, 8, 4)
    assert step.change_pct == pytest.approx(-30, abs=2) and step.p_value < 1e-6
    [newest] = find_changes([*history, 50.0])
    assert newest.index == 8 and newest.after_n == 1
    # Two changes, each at its run.
    both = find_changes(_noisy(100, 1, 6, rng) + _noisy(80, 1, 6, rng) + _noisy(120, 1, 6, rng))
    assert [c.index for c in both] == [6, 12]


def test_a_wild_run_between_normal_ones_is_not_a_change_nor_is_a_small_shift() -> None:
    rng = random.Random(3)
    history = _noisy(100, 1, 10, rng)
    assert find_changes([*history[:6], 60.0, *history[6:]]) == []
    assert find_changes(history + _noisy(97, 0.2, 6, rng)) == []  # 3 %: under MIN_CHANGE_PCT


# ---------------------------------------------------------------- what differs


def test_config_lines_differ_with_the_addresses_a_lab_assigns_masked() -> None:
    before = "global\n    maxconn 100\nbackend be\n    server t1 10.77.2.2:18080 check\n"
    after = "global\n    maxconn 5\nbackend be\n    server t1 10.77.2.2:18444 check\n"
    assert config_differences(before, after) == [
        {"what": "config line removed", "before": "maxconn 100", "after": None},
        {"what": "config line added", "before": None, "after": "maxconn 5"},
    ]
    spec_a = {
        "proxy": {"global": {"maxconn": 100}},
        "load": {"connections": 50},
        "thresholds": [{"value": 1}],
    }
    spec_b = {"proxy": {"global": {"maxconn": 5}}, "load": {"connections": 50}, "thresholds": [{"value": 2}]}
    assert spec_differences(spec_a, spec_b) == [
        {"what": "spec proxy.global.maxconn", "before": 100, "after": 5}
    ]


# ---------------------------------------------------------------- over a stored history


def _history(
    db: Session, member: Member, experiment: Any, lab: Any, rps: list[float], maxconn: int = 20
) -> list[int]:
    """One run per launch of the experiment (its latest version), finished with `rps`."""
    ids = []
    for value in rps:
        [run_id] = launch(db, member, experiment, lab).run_ids
        finish_run(db, run_id, summary=summary_doc(rps=value, p99=5000 / value))
        db.execute(
            update(Run).where(Run.id == run_id).values(rendered_config=f"global\n    maxconn {maxconn}\n")
        )
        db.commit()
        ids.append(run_id)
    return ids


def test_a_slower_config_is_found_at_its_run_with_the_changed_line_then_accepted(
    client: TestClient, db: Session
) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    spec = small_spec()
    spec["thresholds"] = []
    experiment = make_experiment(db, member, spec=spec)
    steady = _history(db, member, experiment, lab, [100.2, 99.8, 100.1, 99.9, 100.0])
    assert all(detect_for_run(db, run_id) == [] for run_id in steady)  # noise: nothing

    # A new version with a much lower maxconn: the next run is 40 % slower.
    spec["proxy"]["global"]["maxconn"] = 5
    r = client.post(
        f"{API}/experiments/{experiment.id}/versions", json={"spec": spec}, headers=member.headers
    )
    assert r.status_code in (200, 201), r.text
    [slow] = _history(db, member, experiment, lab, [60.0], maxconn=5)
    found = detect_for_run(db, slow)
    db.commit()
    assert {c.metric for c in found} == {"rps", "latency_p99_ms"}  # p50 is the same in these summaries

    page = client.get(f"{API}/changes", params={"status": "open"}, headers=member.headers).json()
    rps = next(c for c in page["items"] if c["metric"] == "rps")
    assert (rps["run_id"], rps["before_run_id"], rps["worse"]) == (slow, steady[-1], True)
    assert rps["change_pct"] == pytest.approx(-40, abs=0.5) and rps["before_n"] == 5 and rps["after_n"] == 1
    differences = {(d["what"], d["before"], d["after"]) for d in rps["differences"]}
    assert ("spec version", 1, 2) in differences
    assert ("spec proxy.global.maxconn", 20, 5) in differences
    assert ("config line removed", "maxconn 20", None) in differences
    assert ("config line added", None, "maxconn 5") in differences

    r = client.patch(f"{API}/changes/{rps['id']}", json={"status": "accepted"}, headers=member.headers)
    assert r.status_code == 200 and r.json()["status"] == "accepted"
    assert r.json()["status_by_email"] == member.user.email
    # The next run at the new level: the change stays where it was, still accepted.
    [later] = _history(db, member, experiment, lab, [60.3], maxconn=5)
    detect_for_run(db, later)
    db.commit()
    accepted = client.get(f"{API}/changes", params={"status": "accepted"}, headers=member.headers).json()
    assert [(c["id"], c["run_id"], c["after_n"]) for c in accepted["items"]] == [(rps["id"], slow, 2)]

    # Another team sees none of it; a bad status is refused by name.
    stranger = new_member(db, "editor")
    assert client.get(f"{API}/changes", headers=stranger.headers).json()["total"] == 0
    assert (
        client.patch(
            f"{API}/changes/{rps['id']}", json={"status": "accepted"}, headers=stranger.headers
        ).status_code
        == 404
    )
    r = client.patch(f"{API}/changes/{rps['id']}", json={"status": "fine"}, headers=member.headers)
    assert r.status_code == 422 and r.json()["fields"][0]["field"].endswith("status")
