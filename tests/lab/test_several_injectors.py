"""The local lab with several injectors, for real: a namespace, a veth to the proxy and an agent
per injector, each reaching the proxy's one data address (over its own veth) and nothing else;
shaping of "inj-prx" on every injector's veth; teardown that leaves nothing behind.

Namespace tests need root (as on the lab machines); they are skipped, saying why, elsewhere.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import httpx
import pytest

from dev.lab import LabError, LocalLab, parse_injector_count, running_local_lab
from dev.lab_netns import MAX_INJECTORS, Topology, list_netns, run
from tests.lab import netns_probe
from tests.lab.test_local_lab import ipv4_of, needs_agent, needs_netns

PROXY = "10.77.1.2"
TARGET = "10.77.2.2"


def rx_packets(netns: str, ifname: str) -> int:
    [link] = json.loads(run(["ip", "-n", netns, "-s", "-j", "link", "show", "dev", ifname]).stdout)
    return int(link["stats64"]["rx"]["packets"])


def reaches(netns: str, address: str, listen_ns: str, port: int = 18080) -> str:
    """What a connect from `netns` to `address` does, with a one-shot listener in `listen_ns`."""
    listener = netns_probe.start_listener(listen_ns, address, port)
    try:
        return netns_probe.connect_from(netns, address, port)
    finally:
        netns_probe.stop(listener)


# --- the number of injectors, as `make up` reads it ------------------------------------------------


@pytest.mark.parametrize(("text", "count"), [(None, 1), ("", 1), ("1", 1), ("2", 2), (str(MAX_INJECTORS), 8)])
def test_injector_count_accepts_plain_numbers_in_range(text: str | None, count: int) -> None:
    assert parse_injector_count(text) == count


@pytest.mark.parametrize(
    "text",
    # out of range, signs and spaces int() would strip, other scripts' digits int() would read,
    # and other notations of a number
    [
        "0",
        "9",
        "100",
        "-1",
        "+2",
        " 2",
        "2 ",
        "2\n",
        "\u0662",
        "\uff12",
        "\u00b2",
        "2.0",
        "1e1",
        "0x2",
        "two",
    ],
)
def test_injector_count_refuses_everything_else_naming_the_variable(text: str) -> None:
    with pytest.raises(LabError, match=r"HAPLAB_LOCAL_INJECTORS=.*whole number from 1 to 8"):
        parse_injector_count(text)


def test_a_lab_outside_the_bounds_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    for count in (0, MAX_INJECTORS + 1):
        with pytest.raises(ValueError, match="1 to 8 injectors"):
            LocalLab.create(tmp_path, use_netns=False, injectors=count)
        with pytest.raises(ValueError, match="1 to 8 injectors"):
            Topology.create("hlzzzz", count)
    assert not any(name.startswith("hlzzzz-") for name in list_netns())


def test_on_loopback_every_injector_is_an_agent_of_its_own(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=False, injectors=3) as lab:
        assert [h.agent for h in lab.all_hosts] == [
            "injector-1",
            "injector-2",
            "injector-3",
            "proxy-1",
            "target-1",
        ]
        assert [h.agent for h in lab.injector_hosts] == ["injector-1", "injector-2", "injector-3"]
        assert {h.data_address for h in lab.all_hosts} == {"127.0.0.1"}
        assert all(h.allow_load_to == ("127.0.0.1",) for h in lab.injector_hosts)
        assert lab.hosts["injector"].agent == "injector-1"  # the role's first host
        assert "3 injectors, proxy and target all on 127.0.0.1" in lab.describe()[0]
        text, settings = lab.describe_for_api()
        assert text.startswith("5 agents on one machine") and sorted(settings["hosts"]) == sorted(
            h.agent for h in lab.all_hosts
        )


# --- the namespaces ---------------------------------------------------------------------------


@needs_netns
def test_each_injector_has_its_namespace_veth_and_subnet_and_injector_1_keeps_its_own(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True, injectors=3) as lab:
        assert lab.topology is not None
        ns = lab.topology.namespaces
        prefix = lab.topology.prefix
        assert ns == {
            "injector-1": f"{prefix}-inj",
            "injector-2": f"{prefix}-inj2",
            "injector-3": f"{prefix}-inj3",
            "proxy-1": f"{prefix}-prx",
            "target-1": f"{prefix}-tgt",
        }
        assert set(ns.values()) <= set(list_netns()) and all(len(name) <= 15 for name in ns.values())
        assert ipv4_of(ns["injector-1"], "veth-prx") == "10.77.1.1/24"
        assert ipv4_of(ns["proxy-1"], "veth-inj") == "10.77.1.2/24"
        for i in (2, 3):
            assert ipv4_of(ns[f"injector-{i}"], "veth-prx") == f"10.77.{10 + i}.1/24"
            assert ipv4_of(ns["proxy-1"], f"veth-inj{i}") == f"10.77.{10 + i}.2/24"
        assert ipv4_of(ns["proxy-1"], "veth-tgt") == "10.77.2.1/24"
        # Agents: one per host, each injector with its own address, all loading the proxy's one.
        assert [(h.agent, h.netns, h.data_address, h.allow_load_to) for h in lab.injector_hosts] == [
            ("injector-1", ns["injector-1"], "10.77.1.1", (PROXY,)),
            ("injector-2", ns["injector-2"], "10.77.12.1", (PROXY,)),
            ("injector-3", ns["injector-3"], "10.77.13.1", (PROXY,)),
        ]
        assert lab.addresses == {"injector": "10.77.1.1", "proxy": PROXY, "target": TARGET}
        # Injector-1's routes are what they always were; the others have their subnet and the
        # proxy's data address over their own veth, nothing more.
        assert run(["ip", "-n", ns["injector-1"], "route"]).stdout.split("\n")[0].split()[0] == "10.77.1.0/24"
        assert len(run(["ip", "-n", ns["injector-1"], "route"]).stdout.splitlines()) == 1
        routes = run(["ip", "-n", ns["injector-2"], "route"]).stdout.splitlines()
        assert sorted(r.split()[:3] for r in routes) == [
            ["10.77.1.2", "dev", "veth-prx"],
            ["10.77.12.0/24", "dev", "veth-prx"],
        ]
        assert f"injector-3  netns {ns['injector-3']}  10.77.13.1 (veth-prx)" in lab.describe()
        _, settings = lab.describe_for_api()
        assert (
            len(settings["links"]["inj-prx"]["veths"]) == 3
            and len(settings["links"]["prx-tgt"]["veths"]) == 1
        )
    assert not any(name.startswith(f"{prefix}-") for name in list_netns())


@needs_netns
def test_each_injector_reaches_the_proxy_over_its_own_veth_and_nothing_else(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True, injectors=2) as lab:
        assert lab.topology is not None
        ns = lab.topology.namespaces
        inj1, inj2, prx, tgt = ns["injector-1"], ns["injector-2"], ns["proxy-1"], ns["target-1"]
        before = rx_packets(prx, "veth-inj2")
        assert reaches(inj2, PROXY, prx) == f"hello from {PROXY}"
        # Injector-2's packets came in on its own veth, and the answers go back the same way
        # (counters only: the IPv6 autoconfiguration of a fresh veth sends packets of its own).
        assert rx_packets(prx, "veth-inj2") - before >= 3
        assert run(["ip", "-n", inj2, "route", "get", PROXY]).stdout.split()[:5] == [
            PROXY,
            "dev",
            "veth-prx",
            "src",
            "10.77.12.1",
        ]
        assert run(["ip", "-n", prx, "route", "get", "10.77.12.1"]).stdout.split()[:3] == [
            "10.77.12.1",
            "dev",
            "veth-inj2",
        ]
        assert reaches(inj1, PROXY, prx) == f"hello from {PROXY}"
        # Not the target, not each other, not the proxy's far side.
        for source in (inj1, inj2):
            assert reaches(source, TARGET, tgt) == "ENETUNREACH"
            assert reaches(source, "10.77.2.1", prx) == "ENETUNREACH"
        assert reaches(inj2, "10.77.1.1", inj1) == "ENETUNREACH"
        assert reaches(inj1, "10.77.12.1", inj2) == "ENETUNREACH"
        # The proxy still reaches the target.
        assert reaches(prx, TARGET, tgt) == f"hello from {TARGET}"


@needs_netns
def test_shaping_inj_prx_caps_every_injectors_veth(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True, injectors=2) as lab:
        assert lab.topology is not None
        lab.shape_link("inj-prx", 180)
        proxy_ns = lab.topology.namespaces["proxy-1"]
        shown = run(["tc", "-n", proxy_ns, "qdisc", "show"]).stdout
        shaped = [line for line in shown.splitlines() if " tbf " in line]
        assert len(shaped) == 2 and all("rate 180Mbit" in line for line in shaped), shown
        assert {line.split(" dev ")[1].split()[0] for line in shaped} == {"veth-inj", "veth-inj2"}
        assert " tbf " not in lab.topology.qdiscs("prx-tgt")
        lab.unshape("inj-prx")
        lab.unshape("inj-prx")  # nothing left to remove: fine
        assert " tbf " not in lab.topology.qdiscs("inj-prx")


@needs_netns
def test_the_direct_path_opens_for_every_injector(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True, injectors=2) as lab:
        assert lab.topology is not None
        ns = lab.topology.namespaces
        lab.open_direct_path()
        lab.open_direct_path()  # idempotent
        for injector in ("injector-1", "injector-2"):
            assert reaches(ns[injector], TARGET, ns["target-1"]) == f"hello from {TARGET}"
        lab.close_direct_path()
        assert not lab.topology.direct_path_open()
        for injector in ("injector-1", "injector-2"):
            assert reaches(ns[injector], TARGET, ns["target-1"]) == "ENETUNREACH"


@needs_netns
def test_a_start_with_fewer_injectors_removes_the_namespaces_of_a_killed_one_with_more(
    tmp_path: Path,
) -> None:
    killed_run = LocalLab.create(tmp_path, use_netns=True, injectors=3)  # never destroyed: a SIGKILL
    assert killed_run.topology is not None
    leftover = set(killed_run.topology.namespaces.values())
    try:
        assert leftover <= set(list_netns())
        with LocalLab.create(tmp_path, use_netns=True) as lab:
            assert lab.topology is not None
            assert not leftover & set(list_netns())
            assert [h.agent for h in lab.injector_hosts] == ["injector-1"]
    finally:
        killed_run.destroy()
    assert not leftover & set(list_netns())


# --- the agents, end to end -----------------------------------------------------------------------


def _processes_in_namespaces(prefix: str) -> list[int]:
    """PIDs of processes whose network namespace is one named `prefix-*` (none once deleted)."""
    names = [name for name in list_netns() if name.startswith(f"{prefix}-")]
    return [int(p) for name in names for p in run(["ip", "netns", "pids", name], check=False).stdout.split()]


@needs_agent
@pytest.mark.slow
def test_a_two_injector_lab_comes_online_and_tears_down_cleanly(
    live_api: object, lab_admin_token: str
) -> None:
    api_url: str = live_api.url  # type: ignore[attr-defined]
    headers = {"Authorization": f"Bearer {lab_admin_token}"}
    with (
        tempfile.TemporaryDirectory(prefix="hl-lab-") as root,  # short: HAProxy's socket paths
        running_local_lab(Path(root), api_url, lab_admin_token, online_timeout=60, injectors=2) as lab,
    ):
        got = httpx.get(f"{api_url}/api/v1/labs/{lab.lab_id}", headers=headers, timeout=5).json()
        agents = {a["name"]: a for a in got["agents"]}
        assert sorted(agents) == ["injector-1", "injector-2", "proxy-1", "target-1"]
        assert agents["injector-2"]["roles"] == ["injector"]
        assert all(a["status"] == "online" for a in agents.values()), agents
        # Each injector agent told the API its own address (its hello).
        if lab.topology is not None:
            assert agents["injector-1"]["capabilities"]["data_address"] == "10.77.1.1"
            assert agents["injector-2"]["capabilities"]["data_address"] == "10.77.12.1"
            ns = lab.topology.namespaces
            for injector in ("injector-1", "injector-2"):
                assert reaches(ns[injector], PROXY, ns["proxy-1"]) == f"hello from {PROXY}", injector
                assert reaches(ns[injector], TARGET, ns["target-1"]) == "ENETUNREACH", injector
        pids = [agent.pid for agent in lab.agents]
        assert len(pids) == 4
        prefix = lab.topology.prefix if lab.topology is not None else None
    # Out of the context: agents stopped by PID, namespaces gone, nothing left inside them.
    assert [pid for pid in pids if _alive(pid)] == []
    if prefix is not None:
        assert not any(name.startswith(f"{prefix}-") for name in list_netns())
        assert _processes_in_namespaces(prefix) == []


@needs_agent
@pytest.mark.slow
def test_a_restart_with_fewer_injectors_revokes_the_extra_ones(
    live_api: object, lab_admin_token: str
) -> None:
    api_url: str = live_api.url  # type: ignore[attr-defined]
    headers = {"Authorization": f"Bearer {lab_admin_token}"}
    with tempfile.TemporaryDirectory(prefix="hl-lab-") as root:
        for injectors in (2, 1):
            with running_local_lab(
                Path(root), api_url, lab_admin_token, use_netns=False, online_timeout=60, injectors=injectors
            ) as lab:
                lab_id = lab.lab_id
        got = httpx.get(f"{api_url}/api/v1/labs/{lab_id}", headers=headers, timeout=5).json()
        assert sorted(a["name"] for a in got["agents"]) == ["injector-1", "proxy-1", "target-1"]
        assert [(a["name"], a["status"]) for a in got["revoked_agents"]] == [("injector-2", "revoked")]
        assert not (Path(root) / "agents" / "injector-2.json").exists()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z" and os.path.exists(f"/proc/{pid}")
