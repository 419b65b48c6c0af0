"""Cross-field checks of the experiment spec; every error names the field it is about."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError
from pydantic.json_schema import JsonSchemaMode

from contract.examples import seed_000_maxconn_capacity, seed_003_tls_bandwidth, seed_004_http_reuse
from contract.expansion import RunPoint
from contract.experiment import MAX_RUNS, ExperimentSpec
from contract.protocol import Envelope
from contract.results import RunSummary


def _doc(spec: ExperimentSpec) -> dict[str, Any]:
    return spec.model_dump(mode="json")


def _error(doc: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as caught:
        ExperimentSpec.model_validate(doc)
    return str(caught.value)


def test_round_trips_through_json() -> None:
    spec = seed_004_http_reuse()
    again = ExperimentSpec.model_validate_json(spec.model_dump_json())
    assert again == spec
    assert again.spec_version == 1


def test_load_tls_needs_an_ssl_entry_point_and_the_reverse() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["load"]["tls"] = True
    assert "load.tls" in _error(doc)
    tls = _doc(seed_003_tls_bandwidth())
    tls["load"]["tls"] = False
    assert "load.tls" in _error(tls)


def test_http2_over_tls_needs_h2_in_alpn() -> None:
    doc = _doc(seed_003_tls_bandwidth())
    doc["load"].update(driver="h2load", http_version="2", threads=1)
    assert ExperimentSpec.model_validate(doc).load.http_version == "2"
    doc["proxy"]["frontends"][0]["bind"]["ssl"]["alpn"] = ["http/1.1"]
    assert "load.http_version" in _error(doc)


def test_an_h2_only_bind_refuses_http1_clients() -> None:
    doc = _doc(seed_004_http_reuse())
    doc["proxy"]["frontends"][0]["bind"]["proto"] = "h2"
    assert "load.http_version" in _error(doc)


def test_mariadb_slap_needs_a_tcp_entry_point_and_a_mariadb_target() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["load"] = {"driver": "mariadb-slap", "threads": 1, "sql": {}}
    message = _error(doc)
    assert "load.driver: mariadb-slap speaks MariaDB" in message
    assert "load.driver: mariadb-slap needs a MariaDB target (kind mariadb or external)" in message


@pytest.mark.parametrize("model", [ExperimentSpec, RunPoint, RunSummary, Envelope])
@pytest.mark.parametrize("mode", ["validation", "serialization"])
def test_json_schemas_generate_for_openapi(model: type[BaseModel], mode: JsonSchemaMode) -> None:
    schema = model.model_json_schema(mode=mode)
    assert schema["$defs"]


def test_every_load_knob_is_described() -> None:
    properties = ExperimentSpec.model_json_schema()["$defs"]["LoadProfile"]["properties"]
    undescribed = [name for name, prop in properties.items() if not prop.get("description")]
    assert undescribed == []


def test_a_managed_target_is_reached_through_target_servers() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["proxy"]["listens"][0]["target_servers"] = None
    doc["proxy"]["listens"][0]["servers"] = [{"name": "s1", "address": "10.0.0.2:80"}]
    assert "target: a managed target" in _error(doc)


def test_server_protocol_and_tls_must_match_the_managed_target() -> None:
    doc = _doc(seed_004_http_reuse())
    doc["target"]["protocol"] = "h2c"
    assert "proxy.backends.0.target_servers.proto" in _error(doc)
    doc = _doc(seed_003_tls_bandwidth())
    doc["target"]["tls"] = False
    assert "proxy.backends.0.target_servers.ssl" in _error(doc)


def test_paths_must_be_served_by_a_managed_target() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["load"]["path"] = "/nope"
    assert "load.path" in _error(doc)
    doc["load"]["path"] = "/slow?x=1"
    assert ExperimentSpec.model_validate(doc).load.path == "/slow?x=1"
    doc["proxy"]["listens"][0]["health_check"] = {"kind": "http", "path": "/status"}
    assert "proxy.listens.0.health_check.path" in _error(doc)


def test_sweep_paths_must_exist() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["sweep"]["axes"].append({"path": "proxy.global.maxconns", "values": [1]})
    message = _error(doc)
    assert (
        "sweep.axes.1" in message and "proxy.global.maxconns" in message and "no field 'maxconns'" in message
    )
    doc["sweep"]["axes"][1] = {"path": "proxy.listens.3.fullconn", "values": [1]}
    assert "sweep.axes.1" in _error(doc)


def test_sweep_paths_are_unique_and_sweepable() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["sweep"]["axes"].append({"path": "proxy.global.maxconn", "values": [10]})
    assert "already swept" in _error(doc)
    doc["sweep"]["axes"][1] = {"path": "repetitions", "values": [3]}
    assert "must start with one of proxy, target, load" in _error(doc)


def test_total_runs_are_capped() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["sweep"]["axes"] = [
        {"path": "proxy.global.maxconn", "values": list(range(1, 101))},
        {"path": "load.connections", "values": list(range(1, 6))},
    ]
    doc["repetitions"] = 3
    message = _error(doc)
    assert "1500 runs" in message and str(MAX_RUNS) in message
    doc["repetitions"] = 2
    assert ExperimentSpec.model_validate(doc).run_count() == 1000


def test_repetitions_are_bounded() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["repetitions"] = 51
    assert "repetitions" in _error(doc)
    doc["repetitions"] = 0
    assert "repetitions" in _error(copy.deepcopy(doc))


def test_spec_version_is_pinned() -> None:
    doc = _doc(seed_000_maxconn_capacity())
    doc["spec_version"] = 2
    assert "spec_version" in _error(doc)
