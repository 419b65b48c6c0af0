"""Target profiles: managed synthetic servers or external addresses, told apart by `kind`."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from contract.target import (
    MIB,
    Endpoint,
    ExternalTarget,
    ManagedTarget,
    TargetProfile,
    app_page_endpoint,
    body_endpoint,
    seed_endpoints,
)

TARGET = TypeAdapter(TargetProfile)


def test_default_endpoints_are_what_the_seeds_need() -> None:
    endpoints = {e.path: e for e in ManagedTarget().endpoints}
    assert endpoints["/fast"] == Endpoint(path="/fast", delay_ms=0, body_bytes=0, status=200)
    assert endpoints["/slow"].delay_ms == 3000
    assert endpoints["/health"].status == 200


def test_seed_endpoint_helpers() -> None:
    assert app_page_endpoint() == Endpoint(path="/page", delay_ms=300, body_bytes=50 * 1024)
    assert body_endpoint("/10mb", 10 * MIB).body_bytes == 10 * 1024 * 1024
    assert [e.path for e in seed_endpoints()] == ["/fast", "/slow", "/health", "/page", "/1mb", "/10mb"]


def test_upstream_count() -> None:
    assert ManagedTarget(servers=4).upstream_count() == 4
    assert ExternalTarget(addresses=["10.0.0.2:80", "[::1]:8080", "db.lab:3306"]).upstream_count() == 3


def test_kind_selects_the_type_and_survives_exclude_unset() -> None:
    managed = TARGET.validate_python({"kind": "managed", "servers": 2, "protocol": "h2c"})
    assert isinstance(managed, ManagedTarget) and managed.protocol == "h2c"
    external = TARGET.validate_python({"kind": "external", "addresses": ["10.0.0.2:80"]})
    assert isinstance(external, ExternalTarget)
    dumped = ManagedTarget(servers=3).model_dump(exclude_unset=True)
    assert dumped == {"kind": "managed", "servers": 3}
    assert isinstance(TARGET.validate_python(dumped), ManagedTarget)


@pytest.mark.parametrize(
    "address", ["nohost", "10.0.0.2:0", "10.0.0.2:99999", "[::1:80", "a b:80", "host:8o"]
)
def test_external_addresses_are_host_port(address: str) -> None:
    with pytest.raises(ValidationError, match="addresses"):
        ExternalTarget(addresses=[address])


def test_refusals_name_the_field() -> None:
    with pytest.raises(ValidationError, match="addresses"):
        ExternalTarget(addresses=["10.0.0.2:80", "10.0.0.2:80"])
    with pytest.raises(ValidationError, match=r"endpoints.1.path"):
        ManagedTarget(endpoints=[Endpoint(path="/x"), Endpoint(path="/x", delay_ms=5)])
    with pytest.raises(ValidationError, match="servers"):
        ManagedTarget(servers=65)
    with pytest.raises(ValidationError, match="protocol"):
        TARGET.validate_python({"kind": "managed", "protocol": "h3"})
    with pytest.raises(ValidationError, match="status"):
        Endpoint(path="/x", status=99)
