"""Config lint: valid settings that do nothing or contradict each other are named, by field."""

from __future__ import annotations

from typing import Any

from contract.examples import seed_000_maxconn_capacity
from contract.experiment import ExperimentSpec
from contract.lint import lint


def seed() -> dict[str, Any]:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["sweep"] = {"axes": []}
    return doc


def warnings(doc: dict[str, Any]) -> dict[str, str]:
    return {w.field: w.message for w in lint(ExperimentSpec.model_validate(doc))}


def test_fullconn_without_minconn_does_nothing() -> None:
    # Seed 000's config (from its article) sets fullconn 20 with no minconn: it does nothing.
    doc = seed()
    assert list(warnings(doc)) == ["proxy.listens.0.fullconn"]
    assert "without a server minconn" in warnings(doc)["proxy.listens.0.fullconn"]
    del doc["proxy"]["listens"][0]["fullconn"]
    assert warnings(doc) == {}
    doc["proxy"]["listens"][0]["fullconn"] = 1000
    doc["proxy"]["listens"][0]["target_servers"].update(minconn=5, maxconn=50)
    assert "proxy.listens.0.fullconn" not in warnings(doc)


def test_limits_above_the_global_maxconn_are_never_reached() -> None:
    doc = seed()
    doc["proxy"]["global"]["maxconn"] = 100
    doc["proxy"]["listens"][0]["maxconn"] = 500
    doc["proxy"]["listens"][0]["target_servers"]["maxconn"] = 300
    found = warnings(doc)
    assert "above the global maxconn (100)" in found["proxy.listens.0.maxconn"]
    assert "never reached" in found["proxy.listens.0.target_servers.maxconn"]


def test_maxqueue_without_maxconn_does_nothing() -> None:
    doc = seed()
    doc["proxy"]["listens"][0]["target_servers"].pop("maxconn", None)
    doc["proxy"]["listens"][0]["target_servers"]["maxqueue"] = 10
    assert "never queues" in warnings(doc)["proxy.listens.0.target_servers.maxqueue"]


def test_an_endpoint_slower_than_a_timeout_fails_every_request() -> None:
    doc = seed()
    slow = next(i for i, e in enumerate(doc["target"]["endpoints"]) if e["path"] == doc["load"]["path"])
    doc["target"]["endpoints"][slow]["delay_ms"] = 5000
    doc["load"]["request_timeout_s"] = 5
    doc["proxy"]["defaults"]["timeouts"]["server"] = 4000
    found = warnings(doc)
    assert "every request times out at the client" in found["load.request_timeout_s"]
    assert "504" in found[f"target.endpoints.{slow}.delay_ms"]


def test_sections_that_can_only_answer_503_are_named() -> None:
    doc = seed()
    doc["proxy"]["frontends"] = [{"name": "fe", "bind": {"port": 9090}}]
    doc["proxy"]["backends"] = [{"name": "empty"}]
    found = warnings(doc)
    assert "503" in found["proxy.frontends.0.default_backend"]
    assert "503" in found["proxy.backends.0.servers"]
    doc["proxy"]["frontends"][0]["default_backend"] = "empty"
    doc["proxy"]["backends"][0]["extra"] = ["http-request return status 200"]
    found = warnings(doc)
    assert "proxy.frontends.0.default_backend" not in found
    assert "proxy.backends.0.servers" not in found
