"""Validation of the HAProxy config model: every refusal names its field and says why."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from contract.haproxy import HAProxyConfig, RenderContext, RenderError, render
from contract.haproxy.model import Backend, Bind, BindTls, Frontend, Global
from contract.haproxy.servers import Server, ServerOptions, ServerTls


def _server() -> dict[str, Any]:
    return {"name": "s1", "address": "127.0.0.1:8000"}


def _config(**overrides: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "frontends": [{"name": "fe", "bind": {"port": 8080}, "default_backend": "be"}],
        "backends": [{"name": "be", "servers": [_server()]}],
    }
    doc.update(overrides)
    return doc


def _error(doc: dict[str, Any]) -> str:
    with pytest.raises(ValidationError) as caught:
        HAProxyConfig.model_validate(doc)
    return str(caught.value)


def test_json_key_is_global_and_python_name_works_too() -> None:
    by_alias = HAProxyConfig.model_validate(_config(**{"global": {"maxconn": 100}}))
    by_name = HAProxyConfig(global_=Global(maxconn=100), **{k: v for k, v in _config().items()})  # type: ignore[arg-type]
    assert by_alias.global_.maxconn == 100 == by_name.global_.maxconn
    dumped = by_alias.model_dump(mode="json")
    assert dumped["global"]["maxconn"] == 100
    assert "global_" not in dumped
    assert '"global":' in by_alias.model_dump_json()


def test_global_maxconn_is_capped_with_the_reason() -> None:
    message = _error(_config(**{"global": {"maxconn": 20_000}}))
    assert "global.maxconn" in message
    assert "9900" in message and "two per connection" in message
    assert HAProxyConfig.model_validate(_config(**{"global": {"maxconn": 9_900}})).global_.maxconn == 9_900


def test_a_typo_is_refused_by_name() -> None:
    message = _error(_config(**{"global": {"maxconnn": 100}}))
    assert "global.maxconnn" in message and "Extra inputs are not permitted" in message


def test_cpu_map_entries_are_checked() -> None:
    assert Global(cpu_map=["1/all 0-1", "1/2 1", "auto:1/1-2 0,1"]).cpu_map[0] == "1/all 0-1"
    with pytest.raises(ValidationError, match="cpu-map entry"):
        Global(cpu_map=["0-1"])
    with pytest.raises(ValidationError, match="cpu-map entry"):
        Global(cpu_map=["1/all 0-1; lua-load x"])


def test_certificates_are_names_never_paths() -> None:
    assert BindTls(cert="lab").cert == "lab"
    for bad in ("/etc/ssl/lab.pem", "../lab", "lab.pem/../x", "certs/lab"):
        with pytest.raises(ValidationError, match="cert"):
            BindTls(cert=bad)


def test_section_names_are_unique_across_sections() -> None:
    doc = _config(listens=[{"name": "be", "bind": {"port": 8081}, "servers": [_server()]}])
    message = _error(doc)
    assert "listens.0.name" in message and "backends.0" in message


def test_default_backend_must_exist() -> None:
    doc = _config(frontends=[{"name": "fe", "bind": {"port": 8080}, "default_backend": "nope"}])
    assert "frontends.0.default_backend" in _error(doc)


def test_a_frontend_without_a_backend_is_valid_and_warned_about() -> None:
    # HAProxy answers such a frontend's requests with 503 (or its own rules answer them): valid,
    # and the designer's warnings say so (contract.lint).
    doc = _config(frontends=[{"name": "fe", "bind": {"port": 8080}}])
    assert HAProxyConfig.model_validate(doc).frontends[0].default_backend is None
    routed = _config(frontends=[{"name": "fe", "bind": {"port": 8080}, "extra": ["use_backend be"]}])
    assert HAProxyConfig.model_validate(routed).frontends[0].default_backend is None


def test_a_config_needs_an_entry_point() -> None:
    assert "at least one frontend or listen" in _error({"backends": [{"name": "be", "servers": [_server()]}]})


@pytest.mark.parametrize(
    ("backend", "field"),
    [
        ({"http_reuse": "always"}, "backends.0.http_reuse"),
        ({"options": ["forwardfor"]}, "backends.0.options"),
        ({"options": ["http-server-close"]}, "backends.0.options"),
        ({"health_check": {"kind": "http", "path": "/health"}}, "backends.0.health_check"),
        ({"balance": "uri"}, "backends.0.balance"),
        ({"servers": [{**_server(), "proto": "h2"}]}, "backends.0.servers.0.proto"),
        ({"target_servers": {"pool_max_conn": 10}}, "backends.0.target_servers.pool_max_conn"),
    ],
)
def test_mode_tcp_refuses_http_only_settings_by_field(backend: dict[str, Any], field: str) -> None:
    doc = {
        "frontends": [{"name": "fe", "mode": "tcp", "bind": {"port": 3306}, "default_backend": "be"}],
        "backends": [{"name": "be", "mode": "tcp", "servers": [_server()], **backend}],
    }
    message = _error(doc)
    assert field in message
    assert "mode tcp" in message


def test_http_options_inherited_from_defaults_by_a_tcp_section_are_refused() -> None:
    doc = {
        "defaults": {"mode": "http", "options": ["forwardfor"]},
        "listens": [{"name": "db", "mode": "tcp", "bind": {"port": 3308}, "servers": [_server()]}],
    }
    message = _error(doc)
    assert "defaults.options" in message and "listen 'db'" in message


def test_an_http_frontend_cannot_send_to_a_tcp_backend_but_tcp_may_upgrade_to_http() -> None:
    doc = _config(backends=[{"name": "be", "mode": "tcp", "servers": [_server()]}])
    assert "frontends.0.default_backend" in _error(doc)
    upgraded = _config(backends=[{"name": "be", "mode": "http", "servers": [_server()]}])
    upgraded["frontends"][0]["mode"] = "tcp"
    assert HAProxyConfig.model_validate(upgraded).frontends[0].default_backend == "be"


def test_log_formats_need_a_log_target() -> None:
    doc = _config(defaults={"options": ["httplog"]})
    assert "defaults.options" in _error(doc)
    doc["global"] = {"log": "stdout"}
    assert HAProxyConfig.model_validate(doc).global_.log == "stdout"


def test_conflicting_or_repeated_options_are_refused() -> None:
    with pytest.raises(ValidationError, match="choose one of"):
        Frontend(
            name="fe", bind=Bind(port=1), default_backend="b", options=["httpclose", "http-server-close"]
        )
    with pytest.raises(ValidationError, match="listed twice"):
        Backend(name="be", servers=[Server(name="s", address="1.2.3.4:80")], options=["tcpka", "tcpka"])


def test_options_belong_to_their_side() -> None:
    with pytest.raises(ValidationError, match="options"):
        Frontend.model_validate({"name": "fe", "bind": {"port": 1}, "options": ["redispatch"]})
    with pytest.raises(ValidationError, match="options"):
        Backend.model_validate({"name": "be", "servers": [_server()], "options": ["httplog"]})


def test_timeouts_belong_to_their_side() -> None:
    with pytest.raises(ValidationError, match=r"timeouts\.server"):
        Frontend.model_validate({"name": "fe", "bind": {"port": 1}, "timeouts": {"server": 1000}})
    with pytest.raises(ValidationError, match=r"timeouts\.client"):
        Backend.model_validate({"name": "be", "servers": [_server()], "timeouts": {"client": 1000}})


def test_backend_servers_have_unique_names() -> None:
    assert Backend(name="be").servers == []  # valid: HAProxy answers 503 (contract.lint warns)
    with pytest.raises(ValidationError, match=r"servers\.1\.name"):
        Backend.model_validate({"name": "be", "servers": [_server(), _server()]})
    with pytest.raises(ValidationError, match="reserved for target_servers"):
        Backend.model_validate(
            {"name": "be", "servers": [{"name": "t1", "address": "1.2.3.4:80"}], "target_servers": {}}
        )


def test_server_settings_are_checked() -> None:
    with pytest.raises(ValidationError, match="ca"):
        ServerTls(verify="required")
    with pytest.raises(ValidationError, match="minconn"):
        ServerOptions(minconn=10)
    with pytest.raises(ValidationError, match="address"):
        Server(name="s1", address="localhost")
    with pytest.raises(ValidationError, match="name"):
        Server(name="1bad", address="1.2.3.4:80")


def test_target_servers_need_target_addresses_to_render() -> None:
    config = HAProxyConfig.model_validate(
        _config(backends=[{"name": "be", "target_servers": {"maxconn": 5}}])
    )
    with pytest.raises(RenderError, match="target_servers"):
        render(config, RenderContext(runtime_dir="/run/agent"))
    text = render(
        config, RenderContext(runtime_dir="/run/agent", target_addresses=["10.0.0.2:80", "10.0.0.3:80"])
    )
    assert "    server t1 10.0.0.2:80 maxconn 5\n    server t2 10.0.0.3:80 maxconn 5\n" in text


def test_renderer_owns_the_socket_pidfile_and_cert_paths() -> None:
    config = HAProxyConfig.model_validate(
        _config(
            frontends=[
                {
                    "name": "fe",
                    "bind": {"port": 443, "ssl": {"cert": "lab", "alpn": ["h2"]}},
                    "default_backend": "be",
                }
            ]
        )
    )
    text = render(config, RenderContext(runtime_dir="/run/agent", bind_address="10.1.1.1"))
    assert "stats socket /run/agent/haproxy.sock mode 600 level admin expose-fd listeners" in text
    assert "pidfile /run/agent/haproxy.pid" in text
    assert "bind 10.1.1.1:443 ssl crt /run/agent/certs/lab.pem alpn h2" in text
    assert text.startswith("# Rendered by haplab (spec version 1)")


def test_runtime_dir_must_be_a_plain_absolute_path() -> None:
    for bad in ("run/agent", "/run/../etc", "/run/agent dir", "/run/agent\nglobal", "/run/agent/"):
        with pytest.raises(ValidationError, match="runtime_dir"):
            RenderContext(runtime_dir=bad)


def test_field_descriptions_reach_the_json_schema() -> None:
    schema = HAProxyConfig.model_json_schema(by_alias=True)
    assert "global" in schema["properties"]
    defs = schema["$defs"]
    assert "file descriptors" in defs["Global"]["properties"]["maxconn"]["description"]
    assert "never" in defs["Backend"]["properties"]["http_reuse"]["description"]
    assert defs["Global"]["properties"]["nbthread"]["description"]
    assert defs["ServerOptions"]["properties"]["pool_max_conn"]["description"]
