"""The lab boundary's rules: what a spec names, and what a lab lets its runs reach."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from contract.examples import seed_000_maxconn_capacity
from contract.lab_boundary import Boundary, BoundaryEntry, destinations, raw_line_destinations

CONTROL = frozenset({8300, 55432, 56379})
LAB = Boundary(agent_addresses=("10.77.1.1", "10.77.2.2"), control_plane_ports=CONTROL)


def entry(address: str, port: int | None = None) -> BoundaryEntry:
    return BoundaryEntry(address=address, port=port)


@pytest.mark.parametrize(
    ("host", "port", "why"),
    [
        ("127.0.0.1", 5432, "loopback"),
        ("127.0.0.1", 55432, "haplab's own"),
        ("127.0.0.1", 56379, "haplab's own"),
        ("127.1.2.3", 80, "loopback"),
        ("::1", 80, "loopback"),
        ("169.254.169.254", 80, "link-local"),
        ("fe80::1", 80, "link-local"),
        ("0.0.0.0", 80, "unspecified"),  # noqa: S104 - a destination under test, not a bind
        ("224.0.0.1", 80, "multicast"),
        ("255.255.255.255", 80, "broadcast"),
        ("::ffff:127.0.0.1", 80, "IPv4-mapped"),
        ("10.0.0.1", 80, "outside this lab"),
        ("10.77.2.2", 55432, "haplab's own"),  # an agent's address, but a control-plane port
        ("db.example.com", 3306, "host name"),
    ],
)
def test_refused_by_default(host: str, port: int, why: str) -> None:
    problem = LAB.problem(host, port)
    assert problem is not None and why in problem


def test_the_lab_agents_are_reachable_on_any_other_port() -> None:
    assert LAB.problem("10.77.2.2", 8080) is None
    assert LAB.problem("10.77.1.1", None) is None


def test_entries_open_what_they_cover_and_nothing_more() -> None:
    lab = Boundary(
        agent_addresses=(),
        entries=(entry("10.9.0.0/16"), entry("127.0.0.1", 8080), entry("db.example.com", 3306)),
        control_plane_ports=CONTROL,
    )
    assert lab.problem("10.9.3.4", 443) is None
    assert lab.problem("10.10.0.1", 443) is not None
    assert lab.problem("127.0.0.1", 8080) is None
    assert lab.problem("127.0.0.1", 8081) is not None
    assert lab.problem("10.9.3.4", 55432) is not None  # a CIDR without a port opens no control-plane port
    assert lab.problem("db.example.com", 3306) is None
    assert lab.problem("DB.example.com", 3306) is None
    assert lab.problem("db.example.com", 3307) is not None
    assert lab.problem("other.example.com", 3306) is not None


def test_an_entry_naming_a_control_plane_port_opens_it() -> None:
    lab = Boundary(entries=(entry("127.0.0.1", 55432),), control_plane_ports=CONTROL)
    assert lab.problem("127.0.0.1", 55432) is None
    assert lab.problem("127.0.0.2", 55432) is not None


@pytest.mark.parametrize(
    "bad", ["10.0.0.1/8", "10.0.0.0/33", "not a host", "-bad.example", "10.0.0.0/24\n", "", "a" * 254]
)
def test_bad_entries_are_refused(bad: str) -> None:
    with pytest.raises(ValidationError):
        entry(bad)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("log 10.0.0.1:514 local0", [("10.0.0.1", 514, "log target")]),
        ("log 169.254.169.254 local0", [("169.254.169.254", 514, "log target")]),
        ('log "10.0.0.1:5140" local0', [("10.0.0.1", 5140, "log target")]),
        ("log stdout format raw local0", []),
        ("tcp-check connect addr 10.0.0.2 port 5432", [("10.0.0.2", 5432, "tcp-check connect")]),
        ("http-check connect addr 127.0.0.1:55432", [("127.0.0.1", 55432, "http-check connect")]),
        ("http-check connect port 8080", []),
        # HAProxy keeps the last of a repeated addr/port: every one is a destination.
        (
            "tcp-check connect addr 10.77.2.2 addr 169.254.169.254",
            [("10.77.2.2", None, "tcp-check connect"), ("169.254.169.254", None, "tcp-check connect")],
        ),
        (
            "tcp-check connect addr 10.77.2.2 port 80 port 56379",
            [("10.77.2.2", 80, "tcp-check connect"), ("10.77.2.2", 56379, "tcp-check connect")],
        ),
        # Address prefixes str2sa_range() reads.
        ("http-check connect addr ipv4@169.254.169.254:80", [("169.254.169.254", 80, "http-check connect")]),
        ("tcp-check connect addr ipv6@::1", [("::1", None, "tcp-check connect")]),
        ("log udp4@10.0.0.1:5140 local0", [("10.0.0.1", 5140, "log target")]),
        # What cannot be read as an address is kept whole, and refused as not one.
        ("tcp-check connect addr sockpair@3", [("sockpair@3", None, "tcp-check connect")]),
        ("log 10.0.0.1:51-52 local0", [("10.0.0.1:51-52", 514, "log target")]),
    ],
)
def test_raw_line_destinations(line: str, expected: list[tuple[str, int | None, str]]) -> None:
    assert raw_line_destinations(line) == expected


def test_destinations_name_every_kind_of_field() -> None:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["proxy"]["listens"][0]["servers"] = [{"name": "s", "address": "169.254.169.254:80"}]
    doc["proxy"]["listens"][0]["extra"] = ["tcp-check connect addr 10.0.0.9 port 22"]
    doc["proxy"]["global"]["extra"] = ["log 10.0.0.1:514 local0"]
    doc["target"] = {"kind": "external", "addresses": ["127.0.0.1:55432"]}
    doc["load"]["headers"] = {"Host": "169.254.169.254", "X-Other": "10.0.0.1"}

    found = {(d.field, d.host, d.port) for d in destinations(doc)}

    assert found == {
        ("proxy.listens.0.servers.0.address", "169.254.169.254", 80),
        ("proxy.listens.0.extra.0", "10.0.0.9", 22),
        ("proxy.global.extra.0", "10.0.0.1", 514),
        ("target.addresses.0", "127.0.0.1", 55432),
        ("load.headers.Host", "169.254.169.254", None),
    }


def test_an_allowed_name_may_resolve_anywhere_ordinary_but_never_to_a_sensitive_address() -> None:
    lab = Boundary(entries=(entry("db.example.com", 3306),), control_plane_ports=CONTROL)
    assert lab.resolved_problem("db.example.com", "10.20.30.40", 3306) is None
    refused = lab.resolved_problem("db.example.com", "127.0.0.1", 3306)
    assert refused is not None and "loopback" in refused
    assert lab.resolved_problem("db.example.com", "169.254.169.254", 3306) is not None
    assert lab.resolved_problem("db.example.com", "10.20.30.40", 55432) is not None


def test_the_config_names_the_resolved_address_so_haproxy_resolves_nothing(tmp_path: object) -> None:
    from contract.haproxy.model import Bind, Listen
    from contract.haproxy.model import HAProxyConfig as Config
    from contract.haproxy.render import RenderContext, render
    from contract.haproxy.servers import Server

    config = Config(
        listens=[
            Listen(name="l", bind=Bind(port=8080), servers=[Server(name="db", address="db.example.com:3306")])
        ]
    )
    text = render(
        config, RenderContext(runtime_dir="/run/x", resolved_hosts={"db.example.com": "10.20.30.40"})
    )
    assert "server db 10.20.30.40:3306" in text and "db.example.com" not in text
    v6 = render(config, RenderContext(runtime_dir="/run/x", resolved_hosts={"db.example.com": "fd00::5"}))
    assert "server db [fd00::5]:3306" in v6


@pytest.mark.parametrize(
    "line",
    [
        "tcp-check connect addr 10.77.2.2 addr 169.254.169.254",
        "http-check connect addr ipv4@169.254.169.254:80",
        "tcp-check connect addr sockpair@3",
        "tcp-check connect port 56379",
        "http-check connect port 80 port 56379",
        "default-server check port 56379",
    ],
)
def test_every_address_and_port_a_check_line_reaches_is_judged(line: str) -> None:
    """A check line that reaches outside the lab, however written, is refused by the boundary."""
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["proxy"]["listens"][0]["servers"] = [{"name": "s", "address": "10.77.2.2:8080"}]
    doc["proxy"]["listens"][0]["extra"] = [line]

    problems = [LAB.problem(d.host, d.port) for d in destinations(doc) if d.field.endswith("extra.0")]

    assert any(problems), (line, problems)


def test_check_ports_without_an_address_go_to_the_sections_servers() -> None:
    doc = seed_000_maxconn_capacity().model_dump(mode="json", by_alias=True)
    doc["proxy"]["listens"][0]["servers"] = [
        {"name": "a", "address": "10.77.2.2:8080"},
        {"name": "b", "address": "127.0.0.1:8081"},
    ]
    doc["proxy"]["listens"][0]["extra"] = ["tcp-check connect port 22"]
    doc["proxy"]["defaults"]["extra"] = ["default-server port 56379"]

    found = {(d.field, d.host, d.port, d.what) for d in destinations(doc) if "extra" in d.field}

    assert found == {
        ("proxy.listens.0.extra.0", "10.77.2.2", 22, "health check port"),
        ("proxy.listens.0.extra.0", "127.0.0.1", 22, "health check port"),
        ("proxy.defaults.extra.0", "10.77.2.2", 56379, "health check port"),
        ("proxy.defaults.extra.0", "127.0.0.1", 56379, "health check port"),
    }
    assert LAB.problem("10.77.2.2", 22) is None  # the lab's own agent, another port: fine
    assert LAB.problem("10.77.2.2", 56379) is not None  # a control-plane port: not without an entry
