"""Load profiles are checked against what each driver can do; errors name the field."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from contract.drivers import DRIVERS
from contract.load import MAX_BODY_BYTES, LoadProfile, SqlWorkload


def _error(**fields: Any) -> str:
    with pytest.raises(ValidationError) as caught:
        LoadProfile.model_validate(fields)
    return str(caught.value)


def test_defaults_are_a_valid_closed_loop_profile() -> None:
    profile = LoadProfile()
    assert profile.driver == "hey" and profile.rate is None and profile.keep_alive
    assert profile.total_seconds == profile.duration_s


def test_wrk_cannot_speak_http2() -> None:
    message = _error(driver="wrk", http_version="2")
    assert "http_version" in message and "wrk speaks only HTTP/1.1 with keep-alive" in message
    assert "hey" in message and "h2load" in message


def test_wrk_cannot_turn_keep_alive_off() -> None:
    assert "keep_alive" in _error(driver="wrk", keep_alive=False)


def test_closed_loop_drivers_refuse_a_rate() -> None:
    assert "rate" in _error(driver="wrk", rate=100.0)


def test_h2load_cannot_close_connections_or_use_other_methods() -> None:
    assert "keep_alive" in _error(driver="h2load", keep_alive=False)
    assert "method" in _error(driver="h2load", method="PUT")
    assert "method" in _error(driver="h2load", body="x")
    assert LoadProfile(driver="h2load", method="POST", body="x", http_version="2").method == "POST"


@pytest.mark.parametrize("driver", sorted(name for name, info in DRIVERS.items() if info.http))
def test_each_http_driver_is_held_to_its_abilities(driver: str) -> None:
    info = DRIVERS[driver]
    asks = {
        "http2": {"http_version": "2"},
        "open_loop": {"rate": 50.0},
        "keepalive_off": {"keep_alive": False},
    }
    for ability, fields in asks.items():
        field = next(iter(fields))
        if getattr(info, ability):
            assert getattr(LoadProfile.model_validate({"driver": driver, **fields}), field) == fields[field]
        else:
            assert field in _error(driver=driver, **fields)


def test_hey_does_everything_at_once() -> None:
    profile = LoadProfile(
        driver="hey", http_version="2", keep_alive=False, rate=100.0, tls=True, method="POST", body="{}"
    )
    assert profile.rate == 100.0


def test_threads_cannot_exceed_connections() -> None:
    assert "threads" in _error(connections=2, threads=4)


def test_mariadb_slap_needs_sql_and_http_drivers_refuse_it() -> None:
    assert "sql" in _error(driver="mariadb-slap", threads=1)
    assert "sql" in _error(driver="hey", sql={"query": "SELECT 1"})
    assert "rate" in _error(driver="mariadb-slap", sql={}, rate=10.0)
    profile = LoadProfile(driver="mariadb-slap", connections=300, threads=1, sql=SqlWorkload())
    assert profile.sql is not None and profile.sql.number_of_queries == 100_000
    with pytest.raises(ValidationError, match="query"):
        SqlWorkload(query="SELECT 1;\nDROP TABLE x")


@pytest.mark.parametrize(
    "query",
    [
        "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE a",
        "load xml local infile '/etc/passwd' into table a",
        "  LoAd DATA LOCAL INFILE 'x' INTO TABLE a; SELECT 1",
        "\tload data infile 'x' into table a",
    ],
)
def test_a_query_starting_with_load_is_refused_at_the_field(query: str) -> None:
    """libmariadb answers a server's request for a local file only after a statement starting
    with "load": no run's statement may start so."""
    message = _error(driver="mariadb-slap", threads=1, sql={"query": query})
    assert "sql.query" in message and "injector host" in message


@pytest.mark.parametrize(
    "query", ["/etc/os-release", "SELECT * FROM a WHERE payload = 'load'", "SELECT 1; LOAD DATA"]
)
def test_other_queries_are_sql_whatever_they_name(query: str) -> None:
    assert SqlWorkload(query=query).query == query


def test_hey_refuses_header_names_its_parser_would_reject() -> None:
    assert "headers" in _error(driver="hey", headers={"X.Trace": "1"})
    assert LoadProfile(driver="wrk", headers={"X.Trace": "1"}).headers == {"X.Trace": "1"}
    assert LoadProfile(driver="hey", headers={"X-Trace_id": "", "Host": "a.test"}).driver == "hey"


@pytest.mark.parametrize("schema", ["mysql", "MySQL", "information_schema", "PERFORMANCE_SCHEMA", "sys"])
def test_mariadbs_own_schemas_are_refused_at_the_field(schema: str) -> None:
    message = _error(driver="mariadb-slap", threads=1, sql={"schema_name": schema})
    assert "sql.schema_name" in message and "MariaDB's own schemas" in message


@pytest.mark.parametrize("path", ["fast", "/a b", "/a\r\nX: y", "/\x00", ""])
def test_paths_start_with_a_slash_and_have_no_spaces_or_newlines(path: str) -> None:
    assert "path" in _error(path=path)


def test_headers_are_tokens_and_values_have_no_newlines() -> None:
    assert (
        LoadProfile(headers={"Host": "dora.foundry.fun", "X-Id": "a\tb"}).headers["Host"]
        == "dora.foundry.fun"
    )
    assert "headers" in _error(headers={"Bad Header": "x"})
    assert "headers" in _error(headers={"X": "a\r\nInjected: 1"})


def test_body_size_is_bounded() -> None:
    assert "body" in _error(method="POST", body="x" * (MAX_BODY_BYTES + 1))


def test_unknown_driver_and_unknown_field_are_refused() -> None:
    assert "driver" in _error(driver="gobench")
    assert "connection" in _error(connection=10)
