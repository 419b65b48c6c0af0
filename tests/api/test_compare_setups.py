"""/runs/compare/setups: what the compared runs were asked to do and what differs between them.
Real PostgreSQL (rolled back), through the API."""

from __future__ import annotations

import difflib

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from backend.models import Run
from backend.runs.compare.setups import flatten
from backend.runs.config_masking import masked_lines
from contract.experiment import ExperimentSpec
from contract.haproxy.render import RenderContext, render
from tests.api.experiment_factories import launch, make_experiment, small_spec
from tests.api.helpers import API, Member, make_lab, new_member

CONFIG_60 = "global\n    maxconn 60\ndefaults\n    mode http\n"


@pytest.fixture
def member(db: Session) -> Member:
    return new_member(db, "editor")


@pytest.fixture
def runs(db: Session, member: Member) -> list[int]:
    """Two "maxconn 60" runs whose client counts differ (20 vs 50), both rendered to the same
    config, and a maxconn sweep point 80 of a second experiment, not rendered yet."""
    lab = make_lab(db, member.team)
    one = make_experiment(db, member, name="clients", spec=small_spec(sweep=[("proxy.global.maxconn", [60])]))
    few = launch(db, member, one, lab, overrides={"load.connections": 20}).run_ids[0]
    many = launch(db, member, one, lab, overrides={"load.connections": 50}).run_ids[0]
    other = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [80])]))
    late = launch(db, member, other, lab).run_ids[0]
    db.execute(update(Run).where(Run.id.in_([few, many])).values(rendered_config=CONFIG_60))
    db.commit()
    return [few, many, late]


def test_setups_name_what_differs_and_send_each_config_once(
    client: TestClient, member: Member, runs: list[int]
) -> None:
    few, many, late = runs

    r = client.get(f"{API}/runs/compare/setups", params={"run_ids": runs}, headers=member.headers)

    assert r.status_code == 200, r.text
    body = r.json()
    differences = {d["path"]: d for d in body["differences"]}
    # The client count is not what was swept: the page must say it, not leave it to be guessed.
    assert differences["load.connections"]["values"][:2] == [20, 50]
    assert differences["load.connections"]["swept"] is False
    assert differences["proxy.global.maxconn"] == {
        "path": "proxy.global.maxconn",
        "values": [60, 60, 80],
        "swept": True,
    }
    # Settings every run shares are not listed.
    assert "load.duration_s" not in differences and "target.kind" not in differences
    assert [run["run_id"] for run in body["runs"]] == [few, many, late]
    assert [run["load"]["connections"] for run in body["runs"][:2]] == [20, 50]
    assert body["runs"][0]["load"]["duration_s"] == 5
    assert body["configs"] == [CONFIG_60]
    assert [run["config_index"] for run in body["runs"]] == [0, 0, None]


def test_setups_refuse_unknown_and_other_teams_runs(
    client: TestClient, db: Session, member: Member, runs: list[int]
) -> None:
    stranger = new_member(db, "editor")
    r = client.get(f"{API}/runs/compare/setups", params={"run_ids": runs[:1]}, headers=stranger.headers)
    assert r.status_code == 404, r.text
    r = client.get(f"{API}/runs/compare/setups", params={"run_ids": []}, headers=member.headers)
    assert r.status_code == 422 and "run_ids" in r.text


def test_flatten_uses_the_sweep_path_vocabulary() -> None:
    doc = {
        "proxy": {"backends": [{"name": "b", "servers": [{"maxconn": 5}]}], "global": {}},
        "load": {"rate": None},
    }
    assert flatten(doc) == {
        "proxy.backends.0.name": "b",
        "proxy.backends.0.servers.0.maxconn": 5,
        "proxy.global": {},
        "load.rate": None,
    }


def _rendered(spec: dict[str, object], port: int, lab_dir: str) -> str:
    """The run's haproxy.cfg as the worker renders it: a managed target on a per-run port, the
    proxy agent's runtime directory of that lab."""
    proxy = ExperimentSpec.model_validate(spec).proxy
    ctx = RenderContext(
        target_addresses=[f"10.77.2.2:{port}"], runtime_dir=f"/tmp/{lab_dir}/runtime/proxy-1/proxy"
    )
    return render(proxy, ctx)


def test_a_maxconn_sweep_differs_in_one_config_line_whatever_the_lab_assigned(
    client: TestClient, db: Session, member: Member
) -> None:
    """The managed target's per-run port and the agent's runtime directory are the lab's, not a
    change: runs that differ only there share one config, and maxconn 5 vs 10 is one line."""
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [5, 10])]))
    five, ten = launch(db, member, experiment, lab).run_ids
    five_again = launch(db, member, experiment, lab).run_ids[0]  # maxconn 5 again, another day
    rendered = {}
    for run_id, port, lab_dir in (
        (five, 20373, "hl-lab-a"),
        (ten, 28017, "hl-lab-a"),
        (five_again, 24466, "hl-lab-b"),
    ):
        run = db.get(Run, run_id)
        assert run is not None
        rendered[run_id] = _rendered(run.spec, port, lab_dir)
        run.rendered_config = rendered[run_id]
    db.commit()
    assert rendered[five] != rendered[five_again]  # the raw texts differ: port and directory

    r = client.get(
        f"{API}/runs/compare/setups", params={"run_ids": [five, ten, five_again]}, headers=member.headers
    )

    assert r.status_code == 200, r.text
    body = r.json()
    assert [run["config_index"] for run in body["runs"]] == [0, 1, 0]
    baseline, other = (config.splitlines() for config in body["configs"])
    changed = [line for line in difflib.unified_diff(baseline, other, lineterm="", n=0) if line[:1] in "+-"]
    assert changed == ["--- ", "+++ ", "-    maxconn 5", "+    maxconn 10"]
    assert "    server t1 <address> check inter 2000ms rise 2 fall 3" in baseline
    assert "    pidfile {runtime_dir}/haproxy.pid" in baseline
    # What only the lab assigned is not a difference of the specs either.
    assert [d["path"] for d in body["differences"]] == ["proxy.global.maxconn"]


def test_masking_keeps_what_a_person_wrote() -> None:
    """Only lab-assigned values go: a path under the runtime directory keeps its file name, an
    IPv6 target its place, and a config without a pidfile line keeps its paths."""
    config = (
        "global\n    pidfile /var/lib/haplab/proxy/haproxy.pid\n"
        "    stats socket /var/lib/haplab/proxy/haproxy.sock mode 600\n"
        "backend be\n    errorfile 503 /var/lib/haplab/proxy/files/503.http\n"
        "    server t1 [fd00::2]:20373 check\n    server s2 10.0.0.5:80 maxconn 20\n"
    )
    assert masked_lines(config) == [
        "global",
        "    pidfile {runtime_dir}/haproxy.pid",
        "    stats socket {runtime_dir}/haproxy.sock mode 600",
        "backend be",
        "    errorfile 503 {runtime_dir}/files/503.http",
        "    server t1 <address> check",
        "    server s2 <address> maxconn 20",
    ]
    assert masked_lines("global\n    errorfile 503 /srv/503.http\n") == [
        "global",
        "    errorfile 503 /srv/503.http",
    ]
