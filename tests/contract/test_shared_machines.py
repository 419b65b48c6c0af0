"""Which roles of a run shared a machine, from what the agents said of their hosts, and nothing
guessed: the local lab (three agents, one boot id), one agent playing every role, separate hosts,
agents too old to say."""

from __future__ import annotations

from contract.capabilities import Capabilities, HostIdentity
from contract.run_environment import AgentEnvironment, RunEnvironment, shared_machines, stored_environment


def agent(roles: list[str], boot_id: str | None, hostname: str = "vm") -> AgentEnvironment:
    host = HostIdentity(boot_id=boot_id, machine_id="m", hostname=hostname) if boot_id or hostname else None
    return AgentEnvironment(roles=roles, capabilities=Capabilities(host=host))


def environment(agents: dict[str, AgentEnvironment]) -> RunEnvironment:
    return RunEnvironment(agents=agents, shared_machines=shared_machines(agents))


def test_the_local_lab_is_one_machine() -> None:
    lab = environment(
        {
            "proxy-1": agent(["proxy"], "b1"),
            "injector-1": agent(["injector"], "b1"),
            "target-1": agent(["target"], "b1"),
        }
    )
    [machine] = lab.shared_machines
    assert machine.agents == ["injector-1", "proxy-1", "target-1"]
    assert machine.roles == ["injector", "proxy", "target"] and "boot id" in machine.how
    assert lab.one_machine == machine and lab.sharing("proxy", "injector") == machine


def test_one_agent_playing_several_roles_shares_its_machine_whatever_it_reports() -> None:
    lab = environment({"all-in-one": agent(["proxy", "injector", "target"], None, hostname="")})
    assert lab.one_machine is not None and lab.one_machine.how == "one agent played them all"


def test_separate_hosts_share_nothing_and_a_shared_target_is_not_the_proxys_cpu() -> None:
    apart = environment(
        {
            "proxy-1": agent(["proxy"], "b1"),
            "injector-1": agent(["injector"], "b2"),
            "target-1": agent(["target"], "b3"),
        }
    )
    assert apart.shared_machines == [] and apart.one_machine is None
    # Injector and target on one machine, the proxy on its own: HAProxy's CPU is its own.
    split = environment(
        {
            "proxy-1": agent(["proxy"], "b1"),
            "injector-1": agent(["injector"], "b2"),
            "target-1": agent(["target"], "b2"),
        }
    )
    assert split.one_machine is None and split.sharing("proxy", "injector") is None
    assert split.sharing("injector", "target") is not None


def test_agents_that_do_not_say_are_not_guessed_together() -> None:
    """Agents older than the host identity, or a host without a boot id: same hostname is no proof
    (containers, cloned VMs), so nothing is shared."""
    old = environment({"proxy-1": agent(["proxy"], None), "injector-1": agent(["injector"], None)})
    assert old.shared_machines == []


def test_environments_stored_before_this_read_as_sharing_nothing() -> None:
    stored = stored_environment({"agents": {"proxy-1": {"roles": ["proxy"], "capabilities": {"cores": 2}}}})
    assert stored.shared_machines == [] and stored.agents["proxy-1"].capabilities.host is None
    flat = stored_environment({"proxy-1": {"roles": ["proxy"], "cores": 2}, "resolved_hosts": {}})
    assert flat.shared_machines == []
