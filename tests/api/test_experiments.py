"""Experiments over the REST API: create, list/search/page, versions, clone, delete, validate,
launch. Real PostgreSQL, real haproxy -c."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from backend.experiments.summaries import last_run_states_query, run_counts_query
from backend.models import Experiment, ExperimentVersion, Launch, Run
from contract.run_state import RunState
from tests.api.experiment_factories import finish_run, launch, make_experiment, small_spec
from tests.api.helpers import API, add_member, make_lab, make_user, new_member, token_headers


def _count(db: Session, model: type) -> int:
    return db.scalar(select(func.count()).select_from(model)) or 0


def _create(client: TestClient, headers: dict[str, str], **body: Any):
    body.setdefault("name", "maxconn capacity")
    body.setdefault("spec", small_spec())
    return client.post(f"{API}/experiments", json=body, headers=headers)


# ---------------------------------------------------------------- create


def test_create_makes_the_experiment_and_version_1(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])])

    r = _create(
        client, editor.headers, description="the capacity article", tags=["capacity", "http"], spec=spec
    )

    assert r.status_code == 201, r.text
    body = r.json()
    assert body["name"] == "maxconn capacity"
    assert body["tags"] == ["capacity", "http"]
    assert body["latest_version"] == 1
    assert body["owner"]["id"] == editor.user.id
    assert body["spec"]["proxy"]["global"]["maxconn"] == 20
    assert body["spec"]["sweep"]["axes"][0]["values"] == [20, 40]
    assert body["run_counts"]["total"] == 0 and body["last_run_state"] is None
    stored = db.scalar(select(ExperimentVersion).where(ExperimentVersion.experiment_id == body["id"]))
    assert stored is not None and stored.version == 1 and stored.spec_version == 1
    assert stored.spec["load"]["duration_s"] == 5


def test_invalid_spec_is_422_naming_the_field_and_writes_nothing(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    spec = small_spec()
    spec["proxy"]["global"]["maxconn"] = 20000
    before = (_count(db, Experiment), _count(db, ExperimentVersion))

    r = _create(client, editor.headers, spec=spec)

    assert r.status_code == 422
    assert r.json()["error"] == "validation_error"
    assert "spec.proxy.global.maxconn" in [f["field"] for f in r.json()["fields"]]
    assert (_count(db, Experiment), _count(db, ExperimentVersion)) == before


def test_cross_field_spec_errors_name_their_own_field(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    spec = small_spec()
    spec["load"]["tls"] = True  # the entry point has no ssl
    spec["load"]["driver"] = "wrk"
    spec["load"]["keep_alive"] = False  # wrk cannot close connections

    r = _create(client, editor.headers, spec=spec)

    assert r.status_code == 422
    fields = {f["field"]: f["message"] for f in r.json()["fields"]}
    assert "spec.load.keep_alive" in fields
    assert "wrk" in fields["spec.load.keep_alive"]


@pytest.mark.parametrize(
    ("sql", "field"),
    [
        ({"query": "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE a"}, "spec.load.sql.query"),
        ({"schema_name": "mysql"}, "spec.load.sql.schema_name"),
    ],
)
def test_sql_a_client_or_server_would_turn_into_file_access_is_422_at_its_field(
    client: TestClient, db: Session, sql: dict[str, str], field: str
) -> None:
    editor = new_member(db, "editor")
    spec = small_spec()
    spec["load"].update(driver="mariadb-slap", threads=1, sql=sql)

    r = _create(client, editor.headers, spec=spec)

    assert r.status_code == 422, r.text
    assert field in [f["field"] for f in r.json()["fields"]], r.json()


def test_duplicate_name_is_409_naming_name(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    assert _create(client, editor.headers, name="same").status_code == 201

    r = _create(client, editor.headers, name="same")

    assert r.status_code == 409
    assert [f["field"] for f in r.json()["fields"]] == ["name"]
    assert (
        db.scalar(select(func.count()).select_from(Experiment).where(Experiment.team_id == editor.team.id))
        == 1
    )


def test_the_same_name_in_another_team_is_fine(client: TestClient, db: Session) -> None:
    assert _create(client, new_member(db, "editor").headers, name="shared name").status_code == 201
    assert _create(client, new_member(db, "editor").headers, name="shared name").status_code == 201


def test_viewer_cannot_create(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    before = _count(db, Experiment)

    assert _create(client, viewer.headers).status_code == 403
    assert _count(db, Experiment) == before


# ---------------------------------------------------------------- list, search, page


def test_list_searches_filters_and_pages(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    other_owner = new_member(db, "editor")
    make_experiment(db, member, name="maxconn sweep", tags=["capacity"])
    make_experiment(db, member, name="reuse modes", description="http-reuse x keep-alive", tags=["reuse"])
    make_experiment(db, member, name="tls 100%", tags=["capacity", "tls"])
    h = member.headers

    everything = client.get(f"{API}/experiments", headers=h).json()
    assert everything["total"] == 3
    # Newest updated first.
    assert [e["name"] for e in everything["items"]] == ["tls 100%", "reuse modes", "maxconn sweep"]

    by_text = client.get(f"{API}/experiments", params={"q": "KEEP-alive"}, headers=h).json()
    assert [e["name"] for e in by_text["items"]] == ["reuse modes"]
    # LIKE wildcards in the query are literal characters.
    assert [
        e["name"] for e in client.get(f"{API}/experiments", params={"q": "100%"}, headers=h).json()["items"]
    ] == ["tls 100%"]
    assert client.get(f"{API}/experiments", params={"q": "%"}, headers=h).json()["total"] == 1

    by_tag = client.get(f"{API}/experiments", params={"tag": "capacity"}, headers=h).json()
    assert sorted(e["name"] for e in by_tag["items"]) == ["maxconn sweep", "tls 100%"]

    by_owner = client.get(f"{API}/experiments", params={"owner_id": other_owner.user.id}, headers=h).json()
    assert by_owner["total"] == 0

    page = client.get(f"{API}/experiments", params={"limit": 2, "offset": 2}, headers=h).json()
    assert (page["total"], page["limit"], page["offset"]) == (3, 2, 2)
    assert [e["name"] for e in page["items"]] == ["maxconn sweep"]


def test_list_shows_run_counts_and_last_run_state(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    sweep = [("proxy.global.maxconn", [20, 40, 60, 80])]
    experiment = make_experiment(db, member, spec=small_spec(sweep=sweep))
    launched = launch(db, member, experiment, lab)
    finish_run(db, launched.run_ids[0])
    finish_run(db, launched.run_ids[1], RunState.failed)
    finish_run(db, launched.run_ids[2], RunState.partial)

    (item,) = client.get(f"{API}/experiments", headers=member.headers).json()["items"]

    assert item["run_counts"] == {
        "total": 4,
        "queued": 1,
        "active": 0,
        "succeeded": 1,
        "partial": 1,
        "failed": 1,
        "cancelled": 0,
    }
    assert item["last_run_state"] == "queued"  # the newest run (highest id) is still queued
    assert item["owner"]["email"] == member.user.email


def test_each_experiments_last_run_is_one_index_entry(db: Session) -> None:
    """The newest run of each listed experiment: read from the end of its range of
    ix_run_experiment (a LIMIT 1 per experiment), not every run of it (DISTINCT ON did that)."""
    # The planner reads this test's empty table as never analyzed (it then assumes ten pages of
    # rows), whatever ran ANALYZE on the template before: an analyzed empty table makes scanning
    # pk_run backward cost the same, and the plan would be chosen by a tie, not by the query's
    # shape. Inside the test's transaction, rolled back after it.
    db.execute(text("UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE relname = 'run'"))
    query = last_run_states_query([1, 2, 3]).compile(db.get_bind(), compile_kwargs={"literal_binds": True})
    plan = "\n".join(db.scalars(text(f"EXPLAIN {query}")))
    assert "Index Only Scan Backward using ix_run_experiment on run" in plan, plan
    assert "Limit" in plan, plan


def test_run_counts_are_read_from_the_experiment_index_alone(db: Session) -> None:
    """The counts (every run of each listed experiment: a million at scale) come from an
    index-only scan: ix_run_experiment carries the state (migration 0015). With scans of the
    table itself ruled out, an index that lacked the state would show as a plain Index Scan."""
    query = run_counts_query([1, 2, 3]).compile(db.get_bind(), compile_kwargs={"literal_binds": True})
    db.execute(text("SET LOCAL enable_seqscan = off"))
    db.execute(text("SET LOCAL enable_bitmapscan = off"))
    plan = "\n".join(db.scalars(text(f"EXPLAIN {query}")))
    assert "Index Only Scan using ix_run_experiment on run" in plan, plan


# ---------------------------------------------------------------- get, versions, patch


def test_versions_are_new_rows_and_get_returns_the_latest_spec(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment = make_experiment(db, member)
    spec_v2 = small_spec()
    spec_v2["proxy"]["global"]["maxconn"] = 60
    url = f"{API}/experiments/{experiment.id}"

    r = client.post(
        f"{url}/versions", json={"spec": spec_v2, "note": "more connections"}, headers=member.headers
    )

    assert r.status_code == 201, r.text
    assert r.json()["version"] == 2 and r.json()["note"] == "more connections"
    got = client.get(url, headers=member.headers).json()
    assert got["latest_version"] == 2
    assert got["spec"]["proxy"]["global"]["maxconn"] == 60
    versions = client.get(f"{url}/versions", headers=member.headers).json()
    assert [v["version"] for v in versions] == [2, 1]
    v1 = client.get(f"{url}/versions/1", headers=member.headers).json()
    assert v1["spec"]["proxy"]["global"]["maxconn"] == 20  # never updated in place
    assert client.get(f"{url}/versions/3", headers=member.headers).status_code == 404


def test_an_invalid_new_version_is_422_and_keeps_the_latest(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment = make_experiment(db, member)
    bad = small_spec()
    bad["repetitions"] = 0

    r = client.post(f"{API}/experiments/{experiment.id}/versions", json={"spec": bad}, headers=member.headers)

    assert r.status_code == 422
    assert "spec.repetitions" in [f["field"] for f in r.json()["fields"]]
    assert (
        client.get(f"{API}/experiments/{experiment.id}", headers=member.headers).json()["latest_version"] == 1
    )


def test_patch_changes_only_name_description_and_tags(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment = make_experiment(db, member, name="before", tags=["a"])
    make_experiment(db, member, name="taken")
    url = f"{API}/experiments/{experiment.id}"

    r = client.patch(url, json={"name": "after", "tags": ["b", "b", "c"]}, headers=member.headers)

    assert r.status_code == 200, r.text
    assert (r.json()["name"], r.json()["tags"], r.json()["latest_version"]) == ("after", ["b", "c"], 1)
    assert client.patch(url, json={"spec": small_spec()}, headers=member.headers).status_code == 422
    clash = client.patch(url, json={"name": "taken"}, headers=member.headers)
    assert clash.status_code == 409 and clash.json()["fields"][0]["field"] == "name"


# ---------------------------------------------------------------- clone, delete


def test_clone_copies_the_latest_version_as_version_1(client: TestClient, db: Session) -> None:
    owner = new_member(db, "editor")
    experiment = make_experiment(db, owner, name="original", tags=["x"])
    spec_v2 = small_spec()
    spec_v2["proxy"]["global"]["maxconn"] = 80
    client.post(f"{API}/experiments/{experiment.id}/versions", json={"spec": spec_v2}, headers=owner.headers)

    r = client.post(f"{API}/experiments/{experiment.id}/clone", json={"name": "copy"}, headers=owner.headers)

    assert r.status_code == 201, r.text
    clone = r.json()
    assert clone["id"] != experiment.id
    assert (clone["name"], clone["latest_version"], clone["tags"]) == ("copy", 1, ["x"])
    assert clone["spec"]["proxy"]["global"]["maxconn"] == 80
    (v1,) = client.get(f"{API}/experiments/{clone['id']}/versions", headers=owner.headers).json()
    assert "version 2" in v1["note"]
    taken = client.post(
        f"{API}/experiments/{experiment.id}/clone", json={"name": "copy"}, headers=owner.headers
    )
    assert taken.status_code == 409


def test_delete_is_refused_while_runs_are_queued_and_cascades_after(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40])]))
    launched = launch(db, member, experiment, lab)
    url = f"{API}/experiments/{experiment.id}"

    refused = client.delete(url, headers=member.headers)

    assert refused.status_code == 409
    assert "2 queued" in refused.json()["message"]
    for run_id in launched.run_ids:
        client.post(f"{API}/runs/{run_id}/cancel", headers=member.headers)
    assert client.delete(url, headers=member.headers).status_code == 204
    assert client.get(url, headers=member.headers).status_code == 404
    assert db.scalar(select(func.count()).select_from(Run).where(Run.experiment_id == experiment.id)) == 0
    assert (
        db.scalar(
            select(func.count())
            .select_from(ExperimentVersion)
            .where(ExperimentVersion.experiment_id == experiment.id)
        )
        == 0
    )
    assert db.scalar(select(func.count()).select_from(Launch).where(Launch.id == launched.launch_id)) == 0


def test_viewer_cannot_delete(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    experiment = make_experiment(db, editor)
    viewer = make_user(db)
    add_member(db, editor.team, viewer, "viewer")
    headers = token_headers(db, viewer, editor.team, scope="viewer")

    assert client.delete(f"{API}/experiments/{experiment.id}", headers=headers).status_code == 403
    assert client.get(f"{API}/experiments/{experiment.id}", headers=headers).status_code == 200


# ---------------------------------------------------------------- validate (real haproxy -c)


def test_validate_renders_and_haproxy_accepts(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 40])], repetitions=3)

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)

    assert r.status_code == 200, r.text
    report = r.json()
    assert report["valid"] is True, report
    assert report["field_errors"] == []
    assert report["run_count"] == 6
    assert "maxconn 20" in report["rendered_config"]
    assert "server t1 127.0.0.1:18080" in report["rendered_config"]
    assert report["haproxy_check"]["ok"] is True
    # Only HAProxy's ALERT/WARNING messages about the config are passed on (none here).
    assert "NOTICE" not in report["haproxy_check"]["output"]


def test_validate_with_tls_gets_a_throwaway_certificate(client: TestClient, db: Session) -> None:
    from contract.examples import seed_003_tls_bandwidth

    viewer = new_member(db, "viewer")
    spec = seed_003_tls_bandwidth().model_dump(mode="json", by_alias=True)

    report = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers).json()

    assert "ssl crt {runtime_dir}/certs/lab.pem alpn h2,http/1.1" in report["rendered_config"]
    assert report["haproxy_check"]["ok"] is True, report["haproxy_check"]
    assert report["valid"] is True


def test_a_threshold_scoped_to_a_point_the_sweep_lost_is_a_warning_next_to_its_when(
    client: TestClient, db: Session
) -> None:
    from contract.examples import seed_004_http_reuse

    viewer = new_member(db, "viewer")
    spec = seed_004_http_reuse().model_dump(mode="json", by_alias=True)
    spec["sweep"] = {"axes": []}  # one point: h1, safe, keep-alive on; its rules speak of others

    report = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers).json()

    assert report["valid"] is True, report["field_errors"]
    scoped = {w["field"]: w["message"] for w in report["warnings"] if ".when" in w["field"]}
    assert sorted(scoped) == [f"spec.thresholds.{i}.when" for i in range(3)], report["warnings"]
    assert "judges nothing: no sweep point matches it" in scoped["spec.thresholds.1.when"]
    assert "proxy.backends.0.http_reuse takes 'safe'" in scoped["spec.thresholds.1.when"]


def test_validate_reports_haproxys_error_at_its_line(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec()
    # The allowlist lets `http-request` through; haproxy knows no such action.
    spec["proxy"]["listens"][0]["extra"] = ["http-request bogus-action"]

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)

    assert r.status_code == 422
    report = r.json()
    assert report["valid"] is False
    # Named at the raw line it comes from, once (not again on spec.proxy).
    (field,) = report["field_errors"]
    assert field["field"] == "spec.proxy.listens.0.extra.0" and "bogus-action" in field["message"]
    assert report["fields"] == report["field_errors"]
    check = report["haproxy_check"]
    assert check["ok"] is False
    lines = report["rendered_config"].splitlines()
    (error,) = [e for e in check["errors"] if e["line"] is not None]
    assert lines[error["line"] - 1].strip() == "http-request bogus-action"
    assert "bogus-action" in error["message"]
    assert error["field"] == "spec.proxy.listens.0.extra.0"


def test_validate_refuses_a_bad_spec_with_422_naming_each_field(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec()
    spec["proxy"]["listens"][0]["extra"] = ["lua-load /etc/evil.lua"]
    spec["load"]["connections"] = 0

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)

    assert r.status_code == 422
    report = r.json()
    assert report["valid"] is False and report["error"] == "validation_error"
    assert report["rendered_config"] is None and report["haproxy_check"] is None
    fields = [f["field"] for f in report["field_errors"]]
    assert "spec.load.connections" in fields
    assert any(f.startswith("spec.proxy.listens.0.extra") for f in fields)
    assert [f["field"] for f in report["fields"]] == fields


def test_validate_checks_every_sweep_point(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    spec = small_spec(sweep=[("proxy.global.maxconn", [20, 20000])])

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)

    assert r.status_code == 422
    report = r.json()
    assert report["valid"] is False
    (problem,) = report["field_errors"]
    assert problem["field"] == "spec.sweep"
    assert "proxy.global.maxconn=20000" in problem["message"]


def test_validate_a_stored_version(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    experiment = make_experiment(db, member)

    r = client.post(
        f"{API}/experiments/{experiment.id}/validate", params={"version": 1}, headers=member.headers
    )

    assert r.status_code == 200
    assert r.json()["valid"] is True
    assert (
        client.post(
            f"{API}/experiments/{experiment.id}/validate?version=9", headers=member.headers
        ).status_code
        == 404
    )


# ---------------------------------------------------------------- launch


SWEEP_2X3 = [
    ("proxy.global.maxconn", [20, 40]),
    ("proxy.listens.0.balance", ["roundrobin", "leastconn", "first"]),
]


def test_launch_expands_2x3_sweep_x_2_repetitions_in_order(
    client: TestClient, db: Session, redis_client: Any
) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=SWEEP_2X3, repetitions=2))

    r = client.post(
        f"{API}/experiments/{experiment.id}/launch",
        json={"lab_id": lab.id, "overrides": {"load.duration_s": 7}},
        headers=member.headers,
    )

    assert r.status_code == 201, r.text
    body = r.json()
    assert body["total_runs"] == 12 and len(body["run_ids"]) == 12
    assert body["run_ids"] == sorted(body["run_ids"])
    runs = {run.id: run for run in db.scalars(select(Run).where(Run.launch_id == body["launch_id"]))}
    expected = [
        (repetition, maxconn, balance)
        for repetition in (0, 1)
        for maxconn in (20, 40)
        for balance in ("roundrobin", "leastconn", "first")
    ]
    got = [
        (
            runs[i].repetition,
            runs[i].params["proxy.global.maxconn"],
            runs[i].params["proxy.listens.0.balance"],
        )
        for i in body["run_ids"]
    ]
    assert got == expected
    assert [runs[i].point_index for i in body["run_ids"]] == [0, 1, 2, 3, 4, 5] * 2
    first, last = runs[body["run_ids"][0]], runs[body["run_ids"][-1]]
    assert first.state == RunState.queued and first.lab_id == lab.id
    assert (
        first.spec["proxy"]["global"]["maxconn"] == 20
        and last.spec["proxy"]["listens"][0]["balance"] == "first"
    )
    assert first.spec["sweep"] == {"axes": []} and first.spec["repetitions"] == 1
    assert all(run.spec["load"]["duration_s"] == 7 for run in runs.values())
    stored_launch = db.get(Launch, body["launch_id"])
    assert stored_launch is not None
    assert (stored_launch.total_runs, stored_launch.overrides) == (12, {"load.duration_s": 7})
    # The dispatcher was kicked after the request committed: one message on the lab queue.
    assert redis_client.llen("haplab.runs") == 1


def test_launch_of_an_older_version(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member)
    spec_v2 = small_spec()
    spec_v2["proxy"]["global"]["maxconn"] = 99
    client.post(f"{API}/experiments/{experiment.id}/versions", json={"spec": spec_v2}, headers=member.headers)

    body = client.post(
        f"{API}/experiments/{experiment.id}/launch",
        json={"lab_id": lab.id, "version": 1},
        headers=member.headers,
    ).json()

    (run_id,) = body["run_ids"]
    run = db.get(Run, run_id)
    assert run is not None and run.spec["proxy"]["global"]["maxconn"] == 20
    version_1 = db.scalar(
        select(ExperimentVersion).where(
            ExperimentVersion.experiment_id == experiment.id, ExperimentVersion.version == 1
        )
    )
    assert version_1 is not None and run.experiment_version_id == version_1.id


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"load.duration_s": 0}, "spec.load.duration_s"),
        ({"load.nonexistent": 1}, "overrides.load.nonexistent"),
        ({"proxy.global.maxconn": 20000}, "spec.proxy.global.maxconn"),
    ],
)
def test_bad_overrides_are_422_and_write_nothing(
    client: TestClient, db: Session, overrides: dict[str, Any], field: str
) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member)
    before = (_count(db, Run), _count(db, Launch))

    r = client.post(
        f"{API}/experiments/{experiment.id}/launch",
        json={"lab_id": lab.id, "overrides": overrides},
        headers=member.headers,
    )

    assert r.status_code == 422, r.text
    assert field in [f["field"] for f in r.json()["fields"]]
    assert (_count(db, Run), _count(db, Launch)) == before


def test_launch_on_another_teams_lab_is_404(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    other = new_member(db, "editor")
    foreign_lab = make_lab(db, other.team)
    experiment = make_experiment(db, member)
    before = _count(db, Run)

    r = client.post(
        f"{API}/experiments/{experiment.id}/launch", json={"lab_id": foreign_lab.id}, headers=member.headers
    )

    assert r.status_code == 404
    assert f"lab {foreign_lab.id}" in r.json()["message"]
    assert _count(db, Run) == before


def test_a_spec_whose_sweep_point_is_invalid_is_refused(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    before = _count(db, Experiment)

    r = _create(client, member.headers, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 20000])]))

    assert r.status_code == 422
    assert [f["field"] for f in r.json()["fields"]] == ["spec.sweep"]
    assert "proxy.global.maxconn=20000" in r.json()["message"]
    assert _count(db, Experiment) == before


def test_an_override_that_breaks_a_sweep_point_is_422(client: TestClient, db: Session) -> None:
    member = new_member(db, "editor")
    lab = make_lab(db, member.team)
    experiment = make_experiment(db, member, spec=small_spec(sweep=[("proxy.global.maxconn", [20, 40])]))
    before = _count(db, Run)

    r = client.post(
        f"{API}/experiments/{experiment.id}/launch",
        json={"lab_id": lab.id, "overrides": {"sweep.axes.0.values.1": 20000}},
        headers=member.headers,
    )

    assert r.status_code == 422
    assert r.json()["fields"][0]["field"] == "spec.sweep"
    assert "20000" in r.json()["message"]
    assert _count(db, Run) == before
