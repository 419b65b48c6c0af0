"""Lab boundaries over the API: every kind of address a spec names is checked at validate (with
and without a lab), create and launch; only lab admins change the entries; a viewer cannot
validate against another team's lab."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from backend.models import Agent, Experiment, Lab, Run
from tests.api.experiment_factories import small_spec
from tests.api.helpers import API, Member, make_lab, new_member

TARGET_ADDRESS = "10.77.2.2"


def _lab_with_agent(db: Session, member: Member) -> Lab:
    lab = make_lab(db, member.team)
    db.add(
        Agent(
            team_id=member.team.id,
            lab_id=lab.id,
            name="target-1",
            roles=["target"],
            capabilities={"data_address": TARGET_ADDRESS},
            token_hash=f"{lab.id:064d}",
        )
    )
    db.commit()
    return lab


def _external(*addresses: str) -> dict[str, Any]:
    spec = small_spec()
    spec["target"] = {"kind": "external", "addresses": list(addresses)}
    spec["proxy"]["listens"][0].pop("target_servers", None)
    spec["proxy"]["listens"][0]["servers"] = [{"name": "s1", "address": f"{TARGET_ADDRESS}:8080"}]
    return spec


# (how the address gets into the spec, the field it is named by)
def _server(spec: dict[str, Any], address: str) -> str:
    spec["proxy"]["listens"][0]["servers"] = [{"name": "s1", "address": address}]
    return "spec.proxy.listens.0.servers.0.address"


def _target(spec: dict[str, Any], address: str) -> str:
    spec["target"]["addresses"] = [address]
    return "spec.target.addresses.0"


def _host_header(spec: dict[str, Any], address: str) -> str:
    spec["load"]["headers"] = {"Host": address}
    return "spec.load.headers.Host"


def _tcp_check(spec: dict[str, Any], address: str) -> str:
    host, _, port = address.rpartition(":")
    spec["proxy"]["listens"][0]["extra"] = [f"tcp-check connect addr {host} port {port}"]
    return "spec.proxy.listens.0.extra.0"


def _http_check(spec: dict[str, Any], address: str) -> str:
    spec["proxy"]["listens"][0]["extra"] = [f"http-check connect addr {address}"]
    return "spec.proxy.listens.0.extra.0"


def _log(spec: dict[str, Any], address: str) -> str:
    spec["proxy"]["global"]["extra"] = [f"log {address} local0"]
    return "spec.proxy.global.extra.0"


PLACES = [_server, _target, _host_header, _tcp_check, _http_check, _log]
REFUSED = ["127.0.0.1:5432", "127.0.0.1:55432", "127.0.0.1:56379", "10.0.0.1:80", "169.254.169.254:80"]


@pytest.mark.parametrize("place", PLACES, ids=lambda p: p.__name__.strip("_"))
@pytest.mark.parametrize("address", REFUSED)
def test_each_field_kind_and_range_is_refused_naming_field_and_address(
    client: TestClient, db: Session, place: Any, address: str
) -> None:
    editor = new_member(db, "editor")
    lab = _lab_with_agent(db, editor)
    spec = _external(f"{TARGET_ADDRESS}:8080")
    field = place(spec, address)
    host = address.rsplit(":", 1)[0]

    for response in (
        client.post(
            f"{API}/experiments/validate", json={"spec": spec, "lab_id": lab.id}, headers=editor.headers
        ),
        client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=editor.headers),
        client.post(f"{API}/experiments", json={"name": "x", "spec": spec}, headers=editor.headers),
    ):
        assert response.status_code == 422, response.text
        named = [f for f in response.json()["fields"] if f["field"] == field]
        assert named and host in named[0]["message"], response.json()["fields"]
    assert (
        db.scalar(select(func.count()).select_from(Experiment).where(Experiment.team_id == editor.team.id))
        == 0
    )


def test_the_lab_agents_addresses_are_allowed_by_default(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = _lab_with_agent(db, editor)
    spec = _external(f"{TARGET_ADDRESS}:8080")
    r = client.post(
        f"{API}/experiments/validate", json={"spec": spec, "lab_id": lab.id}, headers=editor.headers
    )
    assert r.status_code == 200, r.text


def test_an_admin_entry_allows_an_address_then_launch_accepts_it(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    lab = _lab_with_agent(db, admin)
    spec = _external("10.0.5.7:8080")
    experiment_refused = client.post(
        f"{API}/experiments", json={"name": "x", "spec": spec}, headers=admin.headers
    )
    assert experiment_refused.status_code == 422

    put = client.put(
        f"{API}/labs/{lab.id}/boundary",
        json={"entries": [{"address": "10.0.5.0/24", "note": "the shared cache tier"}]},
        headers=admin.headers,
    )
    assert put.status_code == 200, put.text
    boundary = put.json()["boundary"]
    assert boundary["entries"] == [{"address": "10.0.5.0/24", "port": None, "note": "the shared cache tier"}]
    assert boundary["agents"] == [{"agent": "target-1", "address": TARGET_ADDRESS}]
    assert 55432 in boundary["control_plane_ports"] or boundary["control_plane_ports"]

    created = client.post(f"{API}/experiments", json={"name": "x", "spec": spec}, headers=admin.headers)
    assert created.status_code == 201, created.text
    launched = client.post(
        f"{API}/experiments/{created.json()['id']}/launch", json={"lab_id": lab.id}, headers=admin.headers
    )
    assert launched.status_code == 201, launched.text


def test_launch_checks_every_sweep_point_against_its_lab(client: TestClient, db: Session) -> None:
    admin = new_member(db, "admin")
    allowed = _lab_with_agent(db, admin)
    other = make_lab(db, admin.team)
    client.put(
        f"{API}/labs/{allowed.id}/boundary",
        json={"entries": [{"address": "10.0.5.0/24"}]},
        headers=admin.headers,
    )
    spec = _external("10.0.5.7:8080")
    spec["sweep"] = {"axes": [{"path": "target.addresses.0", "values": ["10.0.5.7:8080", "10.0.6.7:8080"]}]}
    created = client.post(f"{API}/experiments", json={"name": "x", "spec": spec}, headers=admin.headers)
    assert created.status_code == 422  # no lab of the team allows 10.0.6.7
    spec["sweep"]["axes"][0]["values"] = ["10.0.5.7:8080", "10.0.5.8:8080"]
    created = client.post(f"{API}/experiments", json={"name": "x", "spec": spec}, headers=admin.headers)
    assert created.status_code == 201, created.text

    refused = client.post(
        f"{API}/experiments/{created.json()['id']}/launch", json={"lab_id": other.id}, headers=admin.headers
    )

    assert refused.status_code == 422
    # The other lab has no agents: neither its target nor the server line is inside it.
    assert {f["field"] for f in refused.json()["fields"]} == {
        "spec.target.addresses.0",
        "spec.proxy.listens.0.servers.0.address",
    }
    assert db.scalar(select(func.count()).select_from(Run).where(Run.lab_id == other.id)) == 0


@pytest.mark.parametrize("role", ["editor", "viewer"])
def test_only_lab_admins_change_the_boundary(client: TestClient, db: Session, role: str) -> None:
    member = new_member(db, role)
    lab = make_lab(db, member.team)
    r = client.put(
        f"{API}/labs/{lab.id}/boundary",
        json={"entries": [{"address": "127.0.0.0/8"}]},
        headers=member.headers,
    )
    assert r.status_code == 403
    db.refresh(lab)
    assert lab.boundary_entries == []


def test_editors_cannot_slip_entries_in_through_settings(client: TestClient, db: Session) -> None:
    editor = new_member(db, "editor")
    lab = _lab_with_agent(db, editor)
    client.patch(
        f"{API}/labs/{lab.id}",
        json={"settings": {"boundary": [{"address": "127.0.0.0/8"}]}},
        headers=editor.headers,
    )
    spec = _external("127.0.0.1:8080")
    r = client.post(
        f"{API}/experiments/validate", json={"spec": spec, "lab_id": lab.id}, headers=editor.headers
    )
    assert r.status_code == 422


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"address": "10.0.0.1/8"}, "entries.0.address"),
        ({"address": "bad host"}, "entries.0.address"),
        ({"address": "10.0.0.0/8", "port": 70000}, "entries.0.port"),
    ],
)
def test_bad_entries_are_422_naming_the_entry(
    client: TestClient, db: Session, entry: dict[str, Any], field: str
) -> None:
    admin = new_member(db, "admin")
    lab = make_lab(db, admin.team)
    r = client.put(f"{API}/labs/{lab.id}/boundary", json={"entries": [entry]}, headers=admin.headers)
    assert r.status_code == 422
    assert any(f["field"].startswith(field) for f in r.json()["fields"]), r.json()


def test_a_viewer_cannot_validate_against_another_teams_lab(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    stranger = new_member(db, "admin")
    foreign = make_lab(db, stranger.team)
    r = client.post(
        f"{API}/experiments/validate",
        json={"spec": small_spec(), "lab_id": foreign.id},
        headers=viewer.headers,
    )
    assert r.status_code == 404


def test_the_api_never_resolves_a_host_name(client: TestClient, db: Session) -> None:
    """A name nobody can resolve is refused for not being in the boundary, not after a lookup:
    the answer is immediate and the same for any name."""
    editor = new_member(db, "editor")
    spec = _external(f"{TARGET_ADDRESS}:8080")
    _server(spec, "metadata.google.internal:80")
    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=editor.headers)
    assert r.status_code == 422
    (field,) = [f for f in r.json()["fields"] if f["field"].endswith("servers.0.address")]
    assert "host name" in field["message"]


def test_the_lab_page_shows_the_boundary(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    lab = _lab_with_agent(db, viewer)
    detail = client.get(f"{API}/labs/{lab.id}", headers=viewer.headers).json()["boundary"]
    assert detail["agents"] == [{"agent": "target-1", "address": TARGET_ADDRESS}]
    assert any("169.254.0.0/16" in r for r in detail["refused_by_default"])
