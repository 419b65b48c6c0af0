from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.applied_link_shaping import AppliedLinkShaping
    from ..models.run_environment_agents import RunEnvironmentAgents
    from ..models.run_environment_resolved_hosts import RunEnvironmentResolvedHosts
    from ..models.shared_machine import SharedMachine


T = TypeVar("T", bound="RunEnvironment")


@_attrs_define
class RunEnvironment:
    """
    Attributes:
        agents (RunEnvironmentAgents | Unset): By agent name.
        shared_machines (list[SharedMachine] | Unset): Machines that ran more than one role of the run (from the agents'
            host identity); empty: every role on its own machine, or agents too old to say.
        resolved_hosts (RunEnvironmentResolvedHosts | Unset): Server names the proxy agent resolved, and the address
            used.
        link_shaping (AppliedLinkShaping | None | Unset): None: no link was shaped.
        request_log_one_in (int | None | Unset): HAProxy logged one request in this many to the proxy agent
            (spec.timers.one_in, or the sampling rule on what the load can ask: ExperimentSpec.request_log_one_in); None:
            timers not collected.
        reused_processes_from_run (int | None | Unset): This run adopted the HAProxy kept running after that run (not
            restarted since it; its counters were cleared when adopted); None: HAProxy was started for this run.
        reused_targets_from_run (int | None | Unset): This run adopted the target servers kept running after that run;
            None: started for it.
    """

    agents: RunEnvironmentAgents | Unset = UNSET
    shared_machines: list[SharedMachine] | Unset = UNSET
    resolved_hosts: RunEnvironmentResolvedHosts | Unset = UNSET
    link_shaping: AppliedLinkShaping | None | Unset = UNSET
    request_log_one_in: int | None | Unset = UNSET
    reused_processes_from_run: int | None | Unset = UNSET
    reused_targets_from_run: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.applied_link_shaping import AppliedLinkShaping

        agents: dict[str, Any] | Unset = UNSET
        if not isinstance(self.agents, Unset):
            agents = self.agents.to_dict()

        shared_machines: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.shared_machines, Unset):
            shared_machines = []
            for shared_machines_item_data in self.shared_machines:
                shared_machines_item = shared_machines_item_data.to_dict()
                shared_machines.append(shared_machines_item)

        resolved_hosts: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resolved_hosts, Unset):
            resolved_hosts = self.resolved_hosts.to_dict()

        link_shaping: dict[str, Any] | None | Unset
        if isinstance(self.link_shaping, Unset):
            link_shaping = UNSET
        elif isinstance(self.link_shaping, AppliedLinkShaping):
            link_shaping = self.link_shaping.to_dict()
        else:
            link_shaping = self.link_shaping

        request_log_one_in: int | None | Unset
        if isinstance(self.request_log_one_in, Unset):
            request_log_one_in = UNSET
        else:
            request_log_one_in = self.request_log_one_in

        reused_processes_from_run: int | None | Unset
        if isinstance(self.reused_processes_from_run, Unset):
            reused_processes_from_run = UNSET
        else:
            reused_processes_from_run = self.reused_processes_from_run

        reused_targets_from_run: int | None | Unset
        if isinstance(self.reused_targets_from_run, Unset):
            reused_targets_from_run = UNSET
        else:
            reused_targets_from_run = self.reused_targets_from_run

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if agents is not UNSET:
            field_dict["agents"] = agents
        if shared_machines is not UNSET:
            field_dict["shared_machines"] = shared_machines
        if resolved_hosts is not UNSET:
            field_dict["resolved_hosts"] = resolved_hosts
        if link_shaping is not UNSET:
            field_dict["link_shaping"] = link_shaping
        if request_log_one_in is not UNSET:
            field_dict["request_log_one_in"] = request_log_one_in
        if reused_processes_from_run is not UNSET:
            field_dict["reused_processes_from_run"] = reused_processes_from_run
        if reused_targets_from_run is not UNSET:
            field_dict["reused_targets_from_run"] = reused_targets_from_run

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.applied_link_shaping import AppliedLinkShaping
        from ..models.run_environment_agents import RunEnvironmentAgents
        from ..models.run_environment_resolved_hosts import RunEnvironmentResolvedHosts
        from ..models.shared_machine import SharedMachine

        d = dict(src_dict)
        _agents = d.pop("agents", UNSET)
        agents: RunEnvironmentAgents | Unset
        if isinstance(_agents, Unset):
            agents = UNSET
        else:
            agents = RunEnvironmentAgents.from_dict(_agents)

        _shared_machines = d.pop("shared_machines", UNSET)
        shared_machines: list[SharedMachine] | Unset = UNSET
        if _shared_machines is not UNSET:
            shared_machines = []
            for shared_machines_item_data in _shared_machines:
                shared_machines_item = SharedMachine.from_dict(
                    shared_machines_item_data
                )

                shared_machines.append(shared_machines_item)

        _resolved_hosts = d.pop("resolved_hosts", UNSET)
        resolved_hosts: RunEnvironmentResolvedHosts | Unset
        if isinstance(_resolved_hosts, Unset):
            resolved_hosts = UNSET
        else:
            resolved_hosts = RunEnvironmentResolvedHosts.from_dict(_resolved_hosts)

        def _parse_link_shaping(data: object) -> AppliedLinkShaping | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                link_shaping_type_0 = AppliedLinkShaping.from_dict(data)

                return link_shaping_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AppliedLinkShaping | None | Unset, data)

        link_shaping = _parse_link_shaping(d.pop("link_shaping", UNSET))

        def _parse_request_log_one_in(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        request_log_one_in = _parse_request_log_one_in(
            d.pop("request_log_one_in", UNSET)
        )

        def _parse_reused_processes_from_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reused_processes_from_run = _parse_reused_processes_from_run(
            d.pop("reused_processes_from_run", UNSET)
        )

        def _parse_reused_targets_from_run(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        reused_targets_from_run = _parse_reused_targets_from_run(
            d.pop("reused_targets_from_run", UNSET)
        )

        run_environment = cls(
            agents=agents,
            shared_machines=shared_machines,
            resolved_hosts=resolved_hosts,
            link_shaping=link_shaping,
            request_log_one_in=request_log_one_in,
            reused_processes_from_run=reused_processes_from_run,
            reused_targets_from_run=reused_targets_from_run,
        )

        return run_environment
