from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.capabilities_driver_versions import CapabilitiesDriverVersions
    from ..models.capabilities_sysctls import CapabilitiesSysctls
    from ..models.capabilities_tools import CapabilitiesTools
    from ..models.host_identity import HostIdentity
    from ..models.open_files_limit import OpenFilesLimit


T = TypeVar("T", bound="Capabilities")


@_attrs_define
class Capabilities:
    """
    Attributes:
        agent_version (None | str | Unset):
        process_started_at (None | str | Unset): When the agent process started (ISO 8601): a new value is a restart.
        data_address (None | str | Unset): Address load and targets use.
        netns (None | str | Unset):
        agent_runtime_dir (None | str | Unset):
        allowed_load_targets (list[str] | Unset):
        host (HostIdentity | None | Unset): Which machine this is (None: an agent older than the field).
        cores (int | None | Unset):
        kernel (None | str | Unset):
        machine (None | str | Unset):
        open_files_limit (None | OpenFilesLimit | Unset):
        tools (CapabilitiesTools | Unset): Installed tools and their versions.
        sysctls (CapabilitiesSysctls | Unset): Kernel settings that matter to load tests.
        qdiscs (list[str] | None | Unset): Queueing disciplines tc can use here; None: the agent did not say.
        qdiscs_method (None | str | Unset): How `qdiscs` was found out.
        haproxy (None | str | Unset): HAProxy's version, e.g. 2.6.12.
        haproxy_version_line (None | str | Unset):
        haproxy_vv (None | str | Unset): `haproxy -vv` in full.
        runtime_dir (None | str | Unset): The directory haproxy.cfg is rendered for.
        haproxy_bin (None | str | Unset):
        haproxy_user (None | str | Unset): The unprivileged user HAProxy runs as.
        drivers (list[str] | Unset): Load tools installed, by driver name.
        driver_versions (CapabilitiesDriverVersions | Unset):
        load_user (None | str | Unset): The unprivileged user the load tools run as.
        load_lease_in_replies (bool | Unset): The injector takes its load's lease from the replies to its sample batches
            (the Haplab-Load-Lease header), so the worker renews it without a RenewLease command. Default: False.
        paced_samples (bool | Unset): The agent holds a run's samples while nobody watches it live (HoldSamples,
            SendSamplesNow, the Haplab-Live-Viewers header). Default: False.
        target_server (None | str | Unset): e.g. nginx/1.22.1
        database_server (None | str | Unset): e.g. mariadb/10.11.6
        target_user (None | str | Unset): The unprivileged user nginx and MariaDB run as.
    """

    agent_version: None | str | Unset = UNSET
    process_started_at: None | str | Unset = UNSET
    data_address: None | str | Unset = UNSET
    netns: None | str | Unset = UNSET
    agent_runtime_dir: None | str | Unset = UNSET
    allowed_load_targets: list[str] | Unset = UNSET
    host: HostIdentity | None | Unset = UNSET
    cores: int | None | Unset = UNSET
    kernel: None | str | Unset = UNSET
    machine: None | str | Unset = UNSET
    open_files_limit: None | OpenFilesLimit | Unset = UNSET
    tools: CapabilitiesTools | Unset = UNSET
    sysctls: CapabilitiesSysctls | Unset = UNSET
    qdiscs: list[str] | None | Unset = UNSET
    qdiscs_method: None | str | Unset = UNSET
    haproxy: None | str | Unset = UNSET
    haproxy_version_line: None | str | Unset = UNSET
    haproxy_vv: None | str | Unset = UNSET
    runtime_dir: None | str | Unset = UNSET
    haproxy_bin: None | str | Unset = UNSET
    haproxy_user: None | str | Unset = UNSET
    drivers: list[str] | Unset = UNSET
    driver_versions: CapabilitiesDriverVersions | Unset = UNSET
    load_user: None | str | Unset = UNSET
    load_lease_in_replies: bool | Unset = False
    paced_samples: bool | Unset = False
    target_server: None | str | Unset = UNSET
    database_server: None | str | Unset = UNSET
    target_user: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.host_identity import HostIdentity
        from ..models.open_files_limit import OpenFilesLimit

        agent_version: None | str | Unset
        if isinstance(self.agent_version, Unset):
            agent_version = UNSET
        else:
            agent_version = self.agent_version

        process_started_at: None | str | Unset
        if isinstance(self.process_started_at, Unset):
            process_started_at = UNSET
        else:
            process_started_at = self.process_started_at

        data_address: None | str | Unset
        if isinstance(self.data_address, Unset):
            data_address = UNSET
        else:
            data_address = self.data_address

        netns: None | str | Unset
        if isinstance(self.netns, Unset):
            netns = UNSET
        else:
            netns = self.netns

        agent_runtime_dir: None | str | Unset
        if isinstance(self.agent_runtime_dir, Unset):
            agent_runtime_dir = UNSET
        else:
            agent_runtime_dir = self.agent_runtime_dir

        allowed_load_targets: list[str] | Unset = UNSET
        if not isinstance(self.allowed_load_targets, Unset):
            allowed_load_targets = self.allowed_load_targets

        host: dict[str, Any] | None | Unset
        if isinstance(self.host, Unset):
            host = UNSET
        elif isinstance(self.host, HostIdentity):
            host = self.host.to_dict()
        else:
            host = self.host

        cores: int | None | Unset
        if isinstance(self.cores, Unset):
            cores = UNSET
        else:
            cores = self.cores

        kernel: None | str | Unset
        if isinstance(self.kernel, Unset):
            kernel = UNSET
        else:
            kernel = self.kernel

        machine: None | str | Unset
        if isinstance(self.machine, Unset):
            machine = UNSET
        else:
            machine = self.machine

        open_files_limit: dict[str, Any] | None | Unset
        if isinstance(self.open_files_limit, Unset):
            open_files_limit = UNSET
        elif isinstance(self.open_files_limit, OpenFilesLimit):
            open_files_limit = self.open_files_limit.to_dict()
        else:
            open_files_limit = self.open_files_limit

        tools: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = self.tools.to_dict()

        sysctls: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sysctls, Unset):
            sysctls = self.sysctls.to_dict()

        qdiscs: list[str] | None | Unset
        if isinstance(self.qdiscs, Unset):
            qdiscs = UNSET
        elif isinstance(self.qdiscs, list):
            qdiscs = self.qdiscs

        else:
            qdiscs = self.qdiscs

        qdiscs_method: None | str | Unset
        if isinstance(self.qdiscs_method, Unset):
            qdiscs_method = UNSET
        else:
            qdiscs_method = self.qdiscs_method

        haproxy: None | str | Unset
        if isinstance(self.haproxy, Unset):
            haproxy = UNSET
        else:
            haproxy = self.haproxy

        haproxy_version_line: None | str | Unset
        if isinstance(self.haproxy_version_line, Unset):
            haproxy_version_line = UNSET
        else:
            haproxy_version_line = self.haproxy_version_line

        haproxy_vv: None | str | Unset
        if isinstance(self.haproxy_vv, Unset):
            haproxy_vv = UNSET
        else:
            haproxy_vv = self.haproxy_vv

        runtime_dir: None | str | Unset
        if isinstance(self.runtime_dir, Unset):
            runtime_dir = UNSET
        else:
            runtime_dir = self.runtime_dir

        haproxy_bin: None | str | Unset
        if isinstance(self.haproxy_bin, Unset):
            haproxy_bin = UNSET
        else:
            haproxy_bin = self.haproxy_bin

        haproxy_user: None | str | Unset
        if isinstance(self.haproxy_user, Unset):
            haproxy_user = UNSET
        else:
            haproxy_user = self.haproxy_user

        drivers: list[str] | Unset = UNSET
        if not isinstance(self.drivers, Unset):
            drivers = self.drivers

        driver_versions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.driver_versions, Unset):
            driver_versions = self.driver_versions.to_dict()

        load_user: None | str | Unset
        if isinstance(self.load_user, Unset):
            load_user = UNSET
        else:
            load_user = self.load_user

        load_lease_in_replies = self.load_lease_in_replies

        paced_samples = self.paced_samples

        target_server: None | str | Unset
        if isinstance(self.target_server, Unset):
            target_server = UNSET
        else:
            target_server = self.target_server

        database_server: None | str | Unset
        if isinstance(self.database_server, Unset):
            database_server = UNSET
        else:
            database_server = self.database_server

        target_user: None | str | Unset
        if isinstance(self.target_user, Unset):
            target_user = UNSET
        else:
            target_user = self.target_user

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if agent_version is not UNSET:
            field_dict["agent_version"] = agent_version
        if process_started_at is not UNSET:
            field_dict["process_started_at"] = process_started_at
        if data_address is not UNSET:
            field_dict["data_address"] = data_address
        if netns is not UNSET:
            field_dict["netns"] = netns
        if agent_runtime_dir is not UNSET:
            field_dict["agent_runtime_dir"] = agent_runtime_dir
        if allowed_load_targets is not UNSET:
            field_dict["allowed_load_targets"] = allowed_load_targets
        if host is not UNSET:
            field_dict["host"] = host
        if cores is not UNSET:
            field_dict["cores"] = cores
        if kernel is not UNSET:
            field_dict["kernel"] = kernel
        if machine is not UNSET:
            field_dict["machine"] = machine
        if open_files_limit is not UNSET:
            field_dict["open_files_limit"] = open_files_limit
        if tools is not UNSET:
            field_dict["tools"] = tools
        if sysctls is not UNSET:
            field_dict["sysctls"] = sysctls
        if qdiscs is not UNSET:
            field_dict["qdiscs"] = qdiscs
        if qdiscs_method is not UNSET:
            field_dict["qdiscs_method"] = qdiscs_method
        if haproxy is not UNSET:
            field_dict["haproxy"] = haproxy
        if haproxy_version_line is not UNSET:
            field_dict["haproxy_version_line"] = haproxy_version_line
        if haproxy_vv is not UNSET:
            field_dict["haproxy_vv"] = haproxy_vv
        if runtime_dir is not UNSET:
            field_dict["runtime_dir"] = runtime_dir
        if haproxy_bin is not UNSET:
            field_dict["haproxy_bin"] = haproxy_bin
        if haproxy_user is not UNSET:
            field_dict["haproxy_user"] = haproxy_user
        if drivers is not UNSET:
            field_dict["drivers"] = drivers
        if driver_versions is not UNSET:
            field_dict["driver_versions"] = driver_versions
        if load_user is not UNSET:
            field_dict["load_user"] = load_user
        if load_lease_in_replies is not UNSET:
            field_dict["load_lease_in_replies"] = load_lease_in_replies
        if paced_samples is not UNSET:
            field_dict["paced_samples"] = paced_samples
        if target_server is not UNSET:
            field_dict["target_server"] = target_server
        if database_server is not UNSET:
            field_dict["database_server"] = database_server
        if target_user is not UNSET:
            field_dict["target_user"] = target_user

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.capabilities_driver_versions import CapabilitiesDriverVersions
        from ..models.capabilities_sysctls import CapabilitiesSysctls
        from ..models.capabilities_tools import CapabilitiesTools
        from ..models.host_identity import HostIdentity
        from ..models.open_files_limit import OpenFilesLimit

        d = dict(src_dict)

        def _parse_agent_version(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent_version = _parse_agent_version(d.pop("agent_version", UNSET))

        def _parse_process_started_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        process_started_at = _parse_process_started_at(
            d.pop("process_started_at", UNSET)
        )

        def _parse_data_address(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        data_address = _parse_data_address(d.pop("data_address", UNSET))

        def _parse_netns(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        netns = _parse_netns(d.pop("netns", UNSET))

        def _parse_agent_runtime_dir(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        agent_runtime_dir = _parse_agent_runtime_dir(d.pop("agent_runtime_dir", UNSET))

        allowed_load_targets = cast(list[str], d.pop("allowed_load_targets", UNSET))

        def _parse_host(data: object) -> HostIdentity | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                host_type_0 = HostIdentity.from_dict(data)

                return host_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HostIdentity | None | Unset, data)

        host = _parse_host(d.pop("host", UNSET))

        def _parse_cores(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cores = _parse_cores(d.pop("cores", UNSET))

        def _parse_kernel(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        kernel = _parse_kernel(d.pop("kernel", UNSET))

        def _parse_machine(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        machine = _parse_machine(d.pop("machine", UNSET))

        def _parse_open_files_limit(data: object) -> None | OpenFilesLimit | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                open_files_limit_type_0 = OpenFilesLimit.from_dict(data)

                return open_files_limit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OpenFilesLimit | Unset, data)

        open_files_limit = _parse_open_files_limit(d.pop("open_files_limit", UNSET))

        _tools = d.pop("tools", UNSET)
        tools: CapabilitiesTools | Unset
        if isinstance(_tools, Unset):
            tools = UNSET
        else:
            tools = CapabilitiesTools.from_dict(_tools)

        _sysctls = d.pop("sysctls", UNSET)
        sysctls: CapabilitiesSysctls | Unset
        if isinstance(_sysctls, Unset):
            sysctls = UNSET
        else:
            sysctls = CapabilitiesSysctls.from_dict(_sysctls)

        def _parse_qdiscs(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                qdiscs_type_0 = cast(list[str], data)

                return qdiscs_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        qdiscs = _parse_qdiscs(d.pop("qdiscs", UNSET))

        def _parse_qdiscs_method(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        qdiscs_method = _parse_qdiscs_method(d.pop("qdiscs_method", UNSET))

        def _parse_haproxy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        haproxy = _parse_haproxy(d.pop("haproxy", UNSET))

        def _parse_haproxy_version_line(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        haproxy_version_line = _parse_haproxy_version_line(
            d.pop("haproxy_version_line", UNSET)
        )

        def _parse_haproxy_vv(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        haproxy_vv = _parse_haproxy_vv(d.pop("haproxy_vv", UNSET))

        def _parse_runtime_dir(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        runtime_dir = _parse_runtime_dir(d.pop("runtime_dir", UNSET))

        def _parse_haproxy_bin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        haproxy_bin = _parse_haproxy_bin(d.pop("haproxy_bin", UNSET))

        def _parse_haproxy_user(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        haproxy_user = _parse_haproxy_user(d.pop("haproxy_user", UNSET))

        drivers = cast(list[str], d.pop("drivers", UNSET))

        _driver_versions = d.pop("driver_versions", UNSET)
        driver_versions: CapabilitiesDriverVersions | Unset
        if isinstance(_driver_versions, Unset):
            driver_versions = UNSET
        else:
            driver_versions = CapabilitiesDriverVersions.from_dict(_driver_versions)

        def _parse_load_user(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        load_user = _parse_load_user(d.pop("load_user", UNSET))

        load_lease_in_replies = d.pop("load_lease_in_replies", UNSET)

        paced_samples = d.pop("paced_samples", UNSET)

        def _parse_target_server(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_server = _parse_target_server(d.pop("target_server", UNSET))

        def _parse_database_server(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        database_server = _parse_database_server(d.pop("database_server", UNSET))

        def _parse_target_user(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        target_user = _parse_target_user(d.pop("target_user", UNSET))

        capabilities = cls(
            agent_version=agent_version,
            process_started_at=process_started_at,
            data_address=data_address,
            netns=netns,
            agent_runtime_dir=agent_runtime_dir,
            allowed_load_targets=allowed_load_targets,
            host=host,
            cores=cores,
            kernel=kernel,
            machine=machine,
            open_files_limit=open_files_limit,
            tools=tools,
            sysctls=sysctls,
            qdiscs=qdiscs,
            qdiscs_method=qdiscs_method,
            haproxy=haproxy,
            haproxy_version_line=haproxy_version_line,
            haproxy_vv=haproxy_vv,
            runtime_dir=runtime_dir,
            haproxy_bin=haproxy_bin,
            haproxy_user=haproxy_user,
            drivers=drivers,
            driver_versions=driver_versions,
            load_user=load_user,
            load_lease_in_replies=load_lease_in_replies,
            paced_samples=paced_samples,
            target_server=target_server,
            database_server=database_server,
            target_user=target_user,
        )

        capabilities.additional_properties = d
        return capabilities

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
