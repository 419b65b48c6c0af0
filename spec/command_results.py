"""What an agent answers to each command: the `data` of its CommandResult, typed.

The wire carries `data` as JSON (spec.protocol.CommandResult); the agent builds it from these
models and the worker reads it back through them (worker.agent_rpc.send_command's `expect`), so
neither side re-parses the other's dictionaries by hand. Unknown keys are refused: agents and
workers of one PROTOCOL_VERSION agree on every field.
"""

from __future__ import annotations

from pydantic import Field

from spec.results import InjectorSummary
from spec.strict import StrictModel


class Done(StrictModel):
    """An answer with nothing to report (Teardown)."""


class StartedProcess(StrictModel):
    """A command that started a process: its exact argv, kept with the run."""

    command_line: list[str] = Field(description="The exact argv started.")
    pid: int | None = None


class ProxyStarted(StartedProcess):
    haproxy_version: str | None = None
    check_output: str = Field(default="", description="haproxy -c's ALERTs and WARNINGs, one per line.")
    worker_pid: int | None = None


class HostsResolved(StrictModel):
    addresses: dict[str, list[str]] = Field(description="Each name asked, and the addresses it resolves to.")


class AppliedQdisc(StrictModel):
    interface: str
    qdisc: str
    argv: list[str] = Field(description="The exact tc command line.")


class LinksShaped(StrictModel):
    applied: list[AppliedQdisc] = Field(default_factory=list)


class TargetsStarted(StartedProcess):
    addresses: list[str] = Field(description="host:port of every target server started.")
    nginx_version: str | None = None
    config_path: str | None = None


class DatabaseStarted(StartedProcess):
    addresses: list[str] = Field(min_length=1, max_length=1, description="host:port of the MariaDB.")
    mariadb_version: str | None = None


class LoadStarted(StartedProcess):
    started_at: str | None = None
    driver: str
    driver_version: str
    lease_until: str | None = None


class LoadFinished(StrictModel):
    summary: InjectorSummary
    command_line: list[str]
    exit_code: int | None = None
    output_tail: str = ""
    raw_output: str = Field(default="", description="What the tool printed (stdout, then stderr; bounded).")
    driver_version: str | None = None


class LeaseRenewed(StrictModel):
    lease_until: str | None = None
    running: bool


class LoadStopped(StrictModel):
    was_running: bool
    exit_code: int | None = None
