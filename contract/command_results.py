"""What an agent answers to each command: the `data` of its CommandResult, typed.

Each command names the model it is answered with (its `answered_with`, contract.protocol); the
agent answers with that model (agents.command_runner checks it) and the worker reads the answer
as it (worker.agent_rpc.request), so neither side re-parses the other's dictionaries by hand.
CommandResult.data is CommandOutput, the union of them all, so the API checks an answer on the
way through and the OpenAPI document names every one. Unknown keys are refused: agents and
workers of one PROTOCOL_VERSION agree on every field.

The union is not discriminated: an answer carries no tag of its own (adding one would change
what agents send), and the command it answers says which model it is. A field that agents leave
out when it has nothing to say (`exclude_if`) is left out on the wire as before.
"""

from __future__ import annotations

from pydantic import Field

from contract.clock import ClockMeasurement
from contract.results import InjectorSummary
from contract.strict import StrictModel


def _absent(value: object) -> bool:
    return value is None


class Done(StrictModel):
    """An answer with nothing to report (HoldSamples; and every failed command's data)."""


class StartedProcess(StrictModel):
    """A command that started a process: its exact argv, kept with the run."""

    command_line: list[str] = Field(description="The exact argv started.")
    pid: int | None = None


class ProxyStarted(StartedProcess):
    haproxy_version: str | None = None
    check_output: str = Field(default="", description="haproxy -c's ALERTs and WARNINGs, one per line.")
    worker_pid: int | None = None
    reused_from_run: int | None = Field(
        default=None,
        description="The HAProxy kept warm after this run was adopted (not restarted); None: started fresh.",
    )


class HostsResolved(StrictModel):
    addresses: dict[str, list[str]] = Field(description="Each name asked, and the addresses it resolves to.")


class AppliedQdisc(StrictModel):
    interface: str
    qdisc: str
    argv: list[str] = Field(description="The exact tc command line.")


class LinksShaped(StrictModel):
    applied: list[AppliedQdisc] = Field(default_factory=list)


class HostSampling(StrictModel):
    """The agent's own sampler of its host (CPU, memory, network), which every agent runs."""

    source: str = Field(description="The sample source, host:<agent>.")
    error: str | None = Field(
        default=None, exclude_if=_absent, description="Why host sampling did not start, if it did not."
    )


class ProxySampling(StrictModel):
    """The proxy role's sampler of HAProxy (its stats socket)."""

    source: str
    socket: str = Field(description="The stats socket read every second.")


class SamplingStarted(StrictModel):
    """StartSampling's answer: the host's sampler, HAProxy's on a proxy agent, and the agent's clock."""

    host: HostSampling
    proxy: ProxySampling | None = Field(default=None, exclude_if=_absent)
    clock: ClockMeasurement | None = Field(
        default=None,
        exclude_if=_absent,
        description=(
            "The agent's clock against the API's, measured as it started sampling (None: it could not)."
        ),
    )


class SamplesSent(StrictModel):
    """SendSamplesNow's answer."""

    samples_flushed: bool = Field(description="False: some were still waiting when the time ran out.")


class TornDown(StrictModel):
    """Teardown's answer: every role stopped what it started for the run."""

    roles: list[str]
    samples_flushed: bool = Field(description="False: some were still waiting when the time ran out.")
    batches_sent: int = Field(ge=0, description="Sample batches of the run this agent delivered.")


class TargetsStarted(StartedProcess):
    addresses: list[str] = Field(description="host:port of every target server started.")
    nginx_version: str | None = None
    config_path: str | None = None
    reused_from_run: int | None = Field(
        default=None,
        description="The servers kept warm after this run were adopted (not restarted); None: started fresh.",
    )


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


# CommandResult.data. Done first: an empty answer (HoldSamples', a failed command's) reads as
# Done, not as another model whose fields all have defaults. StartedProcess is only a base.
CommandOutput = (
    Done
    | ProxyStarted
    | HostsResolved
    | LinksShaped
    | SamplingStarted
    | SamplesSent
    | TargetsStarted
    | DatabaseStarted
    | LoadStarted
    | LoadFinished
    | LeaseRenewed
    | LoadStopped
    | TornDown
)
