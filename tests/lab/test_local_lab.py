"""The local lab for real: namespaces, veth pairs, addresses, sysctls, tc shaping, and the three
agents enrolling and coming online in a live API.

Namespace tests need root (as on the lab machines); they are skipped, saying why, elsewhere.
Every namespace a test creates is deleted by the lab's context manager, also on failure.
"""

from __future__ import annotations

import stat
import tempfile
from pathlib import Path

import httpx
import pytest

from dev.lab import LabError, LocalLab, running_local_lab
from dev.lab_netns import SYSCTLS, in_netns, list_netns, netns_usable, run
from tests.lab import netns_probe

AGENT_MAIN = Path(__file__).resolve().parents[2] / "agents" / "main.py"
WHY_NO_NETNS = netns_usable()
needs_netns = pytest.mark.skipif(WHY_NO_NETNS is not None, reason=f"no network namespaces: {WHY_NO_NETNS}")
needs_agent = pytest.mark.skipif(
    not AGENT_MAIN.exists(), reason="the agent CLI (agents/main.py) is not there yet"
)


def ipv4_of(netns: str, ifname: str) -> str:
    out = run(["ip", "-n", netns, "-4", "-o", "addr", "show", "dev", ifname]).stdout
    return out.split(" inet ")[1].split()[0]


@needs_netns
def test_namespaces_are_created_with_their_addresses_and_destroyed(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True) as lab:
        assert lab.topology is not None
        ns = lab.topology.netns
        assert set(ns.values()) <= set(list_netns())
        assert all(len(name) <= 15 for name in ns.values())
        assert ipv4_of(ns["injector"], "veth-prx") == "10.77.1.1/24"
        assert ipv4_of(ns["proxy"], "veth-inj") == "10.77.1.2/24"
        assert ipv4_of(ns["proxy"], "veth-tgt") == "10.77.2.1/24"
        assert ipv4_of(ns["target"], "veth-prx") == "10.77.2.2/24"
        assert lab.addresses == {"injector": "10.77.1.1", "proxy": "10.77.1.2", "target": "10.77.2.2"}
        for name in ns.values():
            assert "state UNKNOWN" in run(["ip", "-n", name, "link", "show", "lo"]).stdout  # lo is up
        # Only the connected subnet: the injector has no way towards the target.
        assert run(["ip", "-n", ns["injector"], "route"]).stdout.split()[0] == "10.77.1.0/24"
        assert len(run(["ip", "-n", ns["injector"], "route"]).stdout.splitlines()) == 1
        # The veth ends live only inside the namespaces, never in the root one.
        assert "veth-prx" not in run(["ip", "link"]).stdout
    assert not set(ns.values()) & set(list_netns())
    lab.destroy()  # idempotent


@needs_netns
def test_the_injector_reaches_the_proxy_the_proxy_the_target_and_nothing_else(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True) as lab:
        assert lab.topology is not None
        ns = lab.topology.netns
        listeners = [
            netns_probe.start_listener(ns["proxy"], "10.77.1.2", 18080),
            netns_probe.start_listener(ns["target"], "10.77.2.2", 18081),
        ]
        try:
            assert netns_probe.connect_from(ns["injector"], "10.77.1.2", 18080) == "hello from 10.77.1.2"
            assert netns_probe.connect_from(ns["injector"], "10.77.2.2", 18081) == "ENETUNREACH"
            assert netns_probe.connect_from(ns["proxy"], "10.77.2.2", 18081) == "hello from 10.77.2.2"
        finally:
            for proc in listeners:
                netns_probe.stop(proc)


@needs_netns
def test_load_test_sysctls_are_set_inside_each_namespace(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True) as lab:
        assert lab.topology is not None
        for name in lab.topology.netns.values():
            for key, value in SYSCTLS.items():
                got = run(in_netns(name, ["sysctl", "-n", key])).stdout
                assert got.split() == value.split(), (name, key)
        _, settings = lab.describe_for_api()
        assert settings["sysctls"] == SYSCTLS


@needs_netns
def test_shape_link_installs_tbf_on_the_proxy_side_and_unshape_removes_it(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=True) as lab:
        assert lab.topology is not None
        proxy_ns = lab.topology.netns["proxy"]

        def qdiscs() -> str:
            return run(in_netns(proxy_ns, ["tc", "qdisc", "show"])).stdout

        lab.shape_link("inj-prx", 180)
        shown = [line for line in qdiscs().splitlines() if "tbf" in line]
        assert len(shown) == 1 and "dev veth-inj" in shown[0] and "rate 180Mbit" in shown[0], qdiscs()
        lab.shape_link("prx-tgt", 50.5)
        assert any("dev veth-tgt" in line and "tbf" in line for line in qdiscs().splitlines())

        lab.unshape("inj-prx")
        lab.unshape("prx-tgt")
        lab.unshape("prx-tgt")  # nothing to remove: fine
        assert "tbf" not in qdiscs()
        with pytest.raises(ValueError):
            lab.shape_link("inj-tgt", 10)  # type: ignore[arg-type]


@needs_netns
def test_namespaces_left_by_a_killed_run_are_removed_at_the_next_start(tmp_path: Path) -> None:
    killed_run = LocalLab.create(tmp_path, use_netns=True)  # never destroyed, as after a SIGKILL
    assert killed_run.topology is not None
    leftover = set(killed_run.topology.netns.values())
    try:
        assert leftover <= set(list_netns())
        with LocalLab.create(tmp_path, use_netns=True) as lab:
            assert lab.topology is not None
            assert not leftover & set(list_netns())
            assert set(lab.topology.netns.values()) <= set(list_netns())
    finally:
        killed_run.destroy()
    assert not leftover & set(list_netns())


def test_without_namespaces_everything_is_on_loopback(tmp_path: Path) -> None:
    with LocalLab.create(tmp_path, use_netns=False) as lab:
        assert lab.topology is None
        assert set(lab.addresses.values()) == {"127.0.0.1"}
        assert lab.hosts["injector"].allow_load_to == ("127.0.0.1",)
        assert all(host.netns is None for host in lab.hosts.values())
        assert "loopback" in lab.describe()[0]
        with pytest.raises(LabError, match="namespaces"):
            lab.shape_link("inj-prx", 100)


def test_a_deep_lab_dir_gets_runtime_dirs_short_enough_for_haproxy_sockets(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 80)
    with LocalLab.create(deep, use_netns=False) as lab:
        socket = lab.runtime_root / "injector-1" / "proxy" / "haproxy.sock"
        assert len(str(socket)) <= 97
    with (
        tempfile.TemporaryDirectory(prefix="hl-") as short,
        LocalLab.create(Path(short), use_netns=False) as lab,
    ):
        assert lab.runtime_root == Path(short).resolve() / "runtime"


# --- the agents, end to end (once the agent CLI exists) ---------------------------------------------


@needs_agent
@pytest.mark.slow
def test_three_agents_enroll_come_online_and_stop_cleanly(local_lab: LocalLab) -> None:
    headers = {"Authorization": f"Bearer {local_lab.token}"}
    lab = httpx.get(f"{local_lab.api_url}/api/v1/labs/{local_lab.lab_id}", headers=headers, timeout=5).json()
    assert sorted(a["name"] for a in lab["agents"]) == ["injector-1", "proxy-1", "target-1"]
    assert {a["name"]: a["roles"] for a in lab["agents"]} == {
        "injector-1": ["injector"],
        "proxy-1": ["proxy"],
        "target-1": ["target"],
    }
    assert all(a["status"] == "online" for a in lab["agents"])
    assert lab["settings"]["local_lab"]["mode"] in {"netns", "loopback"}
    # The agents' tokens: private files in a private directory, out of the lab users' reach.
    for host in local_lab.hosts.values():
        state_file = local_lab.state_file(host)
        assert stat.S_IMODE(state_file.stat().st_mode) == 0o600
        assert stat.S_IMODE(state_file.parent.stat().st_mode) == 0o700
    pids = [agent.pid for agent in local_lab.agents]

    assert local_lab.stop() == []
    assert all(not Path(f"/proc/{pid}").exists() or _zombie(pid) for pid in pids)


@needs_agent
@pytest.mark.slow
def test_a_second_start_reuses_the_enrolled_agents(live_api: object, lab_admin_token: str) -> None:
    api_url: str = live_api.url  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory(prefix="hl-lab-") as root:  # short: HAProxy's socket paths
        for _ in range(2):
            with running_local_lab(Path(root), api_url, lab_admin_token, online_timeout=60) as lab:
                lab_id = lab.lab_id
    headers = {"Authorization": f"Bearer {lab_admin_token}"}
    labs = httpx.get(f"{api_url}/api/v1/labs", headers=headers, timeout=5).json()
    assert [(lab["id"], lab["agent_count"]) for lab in labs] == [(lab_id, 3)]


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@needs_agent
@pytest.mark.slow
def test_on_loopback_the_agents_come_online_too(live_api: object, lab_admin_token: str) -> None:
    api_url: str = live_api.url  # type: ignore[attr-defined]
    with (
        tempfile.TemporaryDirectory(prefix="hl-lab-") as root,
        running_local_lab(Path(root), api_url, lab_admin_token, use_netns=False, online_timeout=60) as lab,
    ):
        assert lab.topology is None
        headers = {"Authorization": f"Bearer {lab_admin_token}"}
        got = httpx.get(f"{api_url}/api/v1/labs/{lab.lab_id}", headers=headers, timeout=5).json()
        assert got["online_agent_count"] == 3
        assert got["settings"]["local_lab"]["mode"] == "loopback"
