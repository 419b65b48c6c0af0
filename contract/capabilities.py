"""What an agent's host offers, as its Hello says (agents/hello.py, agents/host.py, each role).

The lab pages show these facts, launches check a lab against them (drivers, qdiscs, a database
server) and every run keeps them in its environment. Unknown keys are dropped, not refused: an
agent newer than the API may know more about its host, and nothing here is executed.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class OpenFilesLimit(BaseModel):
    soft: int
    hard: int


class HostIdentity(BaseModel):
    """Which machine an agent runs on, as far as its host can tell: agents whose boot ids are equal
    run on one kernel, so on the same CPUs (network namespaces and containers share them). Ids are
    hashed by the agent (systemd asks that machine-id never leave the host as it is)."""

    model_config = ConfigDict(extra="ignore")

    boot_id: str | None = Field(
        default=None, max_length=64, description="A hash of /proc/sys/kernel/random/boot_id (this boot)."
    )
    machine_id: str | None = Field(default=None, max_length=64, description="A hash of /etc/machine-id.")
    hostname: str | None = Field(default=None, max_length=255)


class Capabilities(BaseModel):
    model_config = ConfigDict(extra="ignore")

    # The daemon
    agent_version: str | None = Field(default=None, max_length=50)
    process_started_at: str | None = Field(
        default=None,
        max_length=64,
        description="When the agent process started (ISO 8601): a new value is a restart.",
    )
    data_address: str | None = Field(
        default=None, max_length=255, description="Address load and targets use."
    )
    netns: str | None = Field(default=None, max_length=255)
    agent_runtime_dir: str | None = Field(default=None, max_length=4096)
    allowed_load_targets: list[str] = Field(default_factory=list, max_length=1000)
    # The host
    host: HostIdentity | None = Field(
        default=None, description="Which machine this is (None: an agent older than the field)."
    )
    cores: int | None = Field(default=None, ge=0)
    kernel: str | None = Field(default=None, max_length=255)
    machine: str | None = Field(default=None, max_length=64)
    open_files_limit: OpenFilesLimit | None = None
    tools: dict[str, str] = Field(default_factory=dict, description="Installed tools and their versions.")
    sysctls: dict[str, str] = Field(
        default_factory=dict, description="Kernel settings that matter to load tests."
    )
    qdiscs: list[str] | None = Field(
        default=None, description="Queueing disciplines tc can use here; None: the agent did not say."
    )
    qdiscs_method: str | None = Field(default=None, max_length=500, description="How `qdiscs` was found out.")
    # HAProxy (every host that has it; the proxy role uses it)
    haproxy: str | None = Field(default=None, max_length=100, description="HAProxy's version, e.g. 2.6.12.")
    haproxy_version_line: str | None = Field(default=None, max_length=1000)
    haproxy_vv: str | None = Field(default=None, max_length=100_000, description="`haproxy -vv` in full.")
    # Proxy role
    runtime_dir: str | None = Field(
        default=None, max_length=4096, description="The directory haproxy.cfg is rendered for."
    )
    haproxy_bin: str | None = Field(default=None, max_length=4096)
    haproxy_user: str | None = Field(
        default=None, max_length=255, description="The unprivileged user HAProxy runs as."
    )
    # Injector role
    drivers: list[str] = Field(default_factory=list, description="Load tools installed, by driver name.")
    driver_versions: dict[str, str] = Field(default_factory=dict)
    load_user: str | None = Field(
        default=None, max_length=255, description="The unprivileged user the load tools run as."
    )
    load_lease_in_replies: bool = Field(
        default=False,
        description="The injector takes its load's lease from the replies to its sample batches "
        "(the Haplab-Load-Lease header), so the worker renews it without a RenewLease command.",
    )
    # Every agent (its sample sink)
    paced_samples: bool = Field(
        default=False,
        description="The agent holds a run's samples while nobody watches it live (HoldSamples, "
        "SendSamplesNow, the Haplab-Live-Viewers header).",
    )
    # Target role
    target_server: str | None = Field(default=None, max_length=255, description="e.g. nginx/1.22.1")
    database_server: str | None = Field(default=None, max_length=255, description="e.g. mariadb/10.11.6")
    target_user: str | None = Field(
        default=None, max_length=255, description="The unprivileged user nginx and MariaDB run as."
    )
