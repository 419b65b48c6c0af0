"""The wire protocol between the backend and the agents: typed messages in a versioned envelope.

Agents execute only the command types below; there is no message that carries shell text.
The envelope's `id` is the message id; a CommandResult answers the command with that id.
Both sides refuse an envelope whose `v` they do not know (see PROTOCOL_VERSION).

Enrollment and hello: EnrollRequest -> EnrollResponse, Hello -> HelloResponse; the clock
exchange before each hello and warm-up: ClockProbe -> ClockEcho (contract.clock).
Agent -> backend: Hello, Heartbeat, SampleBatch, CommandResult.
Backend -> agent (commands): ApplyProxyConfig, ShapeLinks, StartSampling, HoldSamples,
SendSamplesNow, StartTargets, StartDatabase, StartLoad, AwaitLoad, RenewLease, StopLoad, Teardown.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Annotated, Any, ClassVar, Literal, Self, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from contract.capabilities import Capabilities
from contract.clock import ClockMeasurement
from contract.command_results import (
    CommandOutput,
    DatabaseStarted,
    Done,
    HostsResolved,
    LeaseRenewed,
    LinksShaped,
    LoadFinished,
    LoadStarted,
    LoadStopped,
    ProxyStarted,
    SamplesSent,
    SamplingStarted,
    TargetsStarted,
    TornDown,
)
from contract.kept_processes import KEEP_WARM_MAX_S
from contract.lab import LinkShaping
from contract.load import LoadProfile
from contract.request_timers import MAX_ONE_IN
from contract.results import SamplePoint
from contract.strict import StrictModel
from contract.target import ManagedDatabase, ManagedTarget
from contract.text_types import AgentName, SqlSchemaName
from contract.version import PROTOCOL_VERSION

Role = Literal["proxy", "injector", "target"]
# A run's id, as the database numbers it (BIGINT): an integer on the wire too. Strict, so text
# ("12") is refused on both sides instead of being converted: one type wherever a run id goes.
RunId = Annotated[int, Field(ge=1, le=2**63 - 1, strict=True)]
MessageId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
# A file the agent writes into its runtime directory: certs/<name>.pem or files/<name>.
RuntimeFileName = Annotated[str, Field(pattern=r"^(certs|files)/[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$")]
MAX_CONFIG_BYTES = 1_000_000
# The model a command is answered with (each command's `answered_with`, one of CommandOutput's).
# An alias: inside a message class, `type` is the message's type field.
AnswerModel: TypeAlias = type[StrictModel]
# Agents heartbeat every HEARTBEAT_INTERVAL_S; one silent for ONLINE_WINDOW_S (three missed
# beats) is offline: the labs page and the orchestrator use this one rule.
HEARTBEAT_INTERVAL_S = 5
ONLINE_WINDOW_S = 3 * HEARTBEAT_INTERVAL_S
# The longest a held sample may wait (HoldSamples): well inside the liveness window, so a
# sample batch still shows the agent alive, and a live viewer who arrives waits at most this.
MAX_SAMPLE_HOLD_S = HEARTBEAT_INTERVAL_S


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------- enrollment and hello
# The bodies of POST /agent/enroll and the replies to it and to POST /agent/hello: the API
# declares its routes with them and the agent reads the replies through them. Plain models (no
# docstring, extra keys ignored): their OpenAPI schemas are those the API has always published,
# and an agent reading a reply overlooks a field added later.


class EnrollRequest(BaseModel):
    token: str = Field(min_length=1, max_length=200, description="The one-time enrollment token (hle_...).")
    name: AgentName
    roles: list[Role] = Field(
        default_factory=list,
        max_length=3,
        description="Roles the agent takes; empty takes the token's roles.",
    )


class EnrollResponse(BaseModel):
    agent_id: int
    agent_token: str = Field(description="The agent's own secret (hla_...), shown once: keep it.")
    lab_id: int
    name: str
    roles: list[str] = Field(
        description="The roles the agent was enrolled with (the token's, if it sent none)."
    )


class HelloResponse(BaseModel):
    agent_id: int
    lab_id: int
    name: str
    protocol_version: int
    heartbeat_interval_s: float = Field(description="Send a Heartbeat this often (seconds).")


# ---------------------------------------------------------------- agent -> backend


class Hello(_Message):
    """First message of a connection: who the agent is and what it can do."""

    type: Literal["hello"] = "hello"
    agent: AgentName
    version: str = Field(max_length=50, description="haplab-agent version.")
    roles: list[Role] = Field(min_length=1, description="Roles this agent plays.")
    capabilities: Capabilities = Field(
        default_factory=Capabilities, description="What the host offers: tools, HAProxy, kernel, qdiscs ..."
    )
    clock: ClockMeasurement | None = Field(
        default=None,
        description="Its clock against the API's, measured just before this hello (None: it could not).",
    )


class Heartbeat(_Message):
    """Sent every HEARTBEAT_INTERVAL_S (5 s); an agent silent for three beats is offline."""

    type: Literal["heartbeat"] = "heartbeat"
    busy_run_id: RunId | None = Field(default=None, description="The run the agent is working for, if any.")


class SampleBatch(_Message):
    """Samples of one run; (run_id, batch_id) makes a resent batch harmless."""

    type: Literal["sample_batch"] = "sample_batch"
    run_id: RunId
    batch_id: int = Field(ge=0, description="Sequence number of this batch within the run, per agent.")
    samples: list[SamplePoint] = Field(max_length=10_000)


class CommandResult(_Message):
    """The outcome of a command."""

    type: Literal["command_result"] = "command_result"
    command_id: MessageId = Field(description="Envelope id of the command this answers.")
    ok: bool
    error: str | None = Field(default=None, max_length=10_000, description="Why it failed, when not ok.")
    data: CommandOutput = Field(
        default_factory=Done,
        description="Command output, e.g. the tool's command line or a summary: the model the command "
        "is answered with (contract.command_results).",
    )

    @model_validator(mode="after")
    def _error_when_failed(self) -> Self:
        if not self.ok and not self.error:
            raise ValueError("error: a failed command must say why")
        return self


# ---------------------------------------------------------------- backend -> agent


class ApplyProxyConfig(_Message):
    """Proxy role: write these files and this haproxy.cfg, check it, (re)load HAProxy."""

    type: Literal["apply_proxy_config"] = "apply_proxy_config"
    answered_with: ClassVar[AnswerModel] = ProxyStarted
    run_id: RunId
    config_text: str = Field(max_length=MAX_CONFIG_BYTES, description="Rendered haproxy.cfg.")
    ready_timeout_s: float = Field(
        default=15,
        gt=0,
        le=300,
        description="How long to wait for the frontends to listen and servers to be UP.",
    )
    files: dict[RuntimeFileName, str] = Field(
        default_factory=dict, description="Files written under the runtime directory before the check."
    )
    request_log_one_in: int | None = Field(
        default=None,
        ge=1,
        le=MAX_ONE_IN,
        description=(
            "The config logs one request in this many to the runtime directory's timers socket "
            "(RenderContext.request_log_one_in): bind it before HAProxy starts and read it from "
            "StartSampling on (source `timers`). None: no request log."
        ),
    )


class ResolveHosts(_Message):
    """Proxy role: resolve these host names as HAProxy on this host would (the API never
    resolves a user's host name). The result's data: {"addresses": {name: [address, ...]}}; the
    worker checks them against the lab's boundary and renders the config with them."""

    type: Literal["resolve_hosts"] = "resolve_hosts"
    answered_with: ClassVar[AnswerModel] = HostsResolved
    run_id: RunId
    names: list[Annotated[str, Field(min_length=1, max_length=253, pattern=r"^[A-Za-z0-9.-]+$")]] = Field(
        max_length=256
    )


class ShapeLinks(_Message):
    """Proxy role: cap the proxy host's interfaces with tc (in its namespace) until Teardown.

    The result's data holds what was applied (`applied`: interface, qdisc and tc argv each).
    """

    type: Literal["shape_links"] = "shape_links"
    answered_with: ClassVar[AnswerModel] = LinksShaped
    run_id: RunId
    shaping: LinkShaping


class StartSampling(_Message):
    """Any role: sample every second from now until Teardown, with t counted from t0.

    t0 is the instant the measured load starts (after warm-up), the same for every agent of the
    run, so proxy, injector and host samples line up: warm-up seconds have negative t.
    """

    type: Literal["start_sampling"] = "start_sampling"
    answered_with: ClassVar[AnswerModel] = SamplingStarted
    run_id: RunId
    t0: datetime


class HoldSamples(_Message):
    """Any agent: while nobody watches the run live, its samples may wait up to hold_s seconds
    and go out together, instead of one batch a second.

    Each batch costs the API a request while the load it measures runs; most runs are watched
    by nobody until they end. The reply to every batch says how many live viewers the run has
    (LIVE_VIEWERS_HEADER): with one or more, samples go out as they are taken again. Sent after
    StartSampling, only to agents whose capabilities say `paced_samples`; never for a run the
    worker judges second by second (a threshold with abort_on_fail)."""

    type: Literal["hold_samples"] = "hold_samples"
    answered_with: ClassVar[AnswerModel] = Done
    run_id: RunId
    hold_s: float = Field(gt=0, le=MAX_SAMPLE_HOLD_S)


class SendSamplesNow(_Message):
    """Any agent: send the run's waiting samples now, and every later one as it is taken; answer
    once those waiting were delivered (or after timeout_s). The worker sends it when the load
    ends, however it ends, before it reads the run's samples."""

    type: Literal["send_samples_now"] = "send_samples_now"
    answered_with: ClassVar[AnswerModel] = SamplesSent
    run_id: RunId
    timeout_s: float = Field(gt=0, le=30)


class TlsCredentials(_Message):
    """A server certificate (then its chain) and its private key, PEM, issued by the lab's CA."""

    certificate_pem: str = Field(min_length=1, max_length=100_000)
    private_key_pem: str = Field(min_length=1, max_length=100_000)


class StartTargets(_Message):
    """Target role: start the synthetic servers; the result's data lists their addresses."""

    type: Literal["start_targets"] = "start_targets"
    answered_with: ClassVar[AnswerModel] = TargetsStarted
    run_id: RunId
    target: ManagedTarget
    tls: TlsCredentials | None = Field(
        default=None, description="The servers' certificate and key; given exactly when target.tls."
    )

    @model_validator(mode="after")
    def _credentials_when_tls(self) -> Self:
        if self.target.tls != (self.tls is not None):
            raise ValueError(f"tls: credentials go with target.tls, which is {self.target.tls}")
        return self


class SqlAccess(_Message):
    """The throwaway MariaDB account of one run, made by the worker: the target creates it, the
    injector's mariadb-slap logs in with it (from a 0600 options file, never on a command line)."""

    user: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,31}$")
    # URL-safe random characters only, so it needs no quoting in SQL or in an options file.
    password: str = Field(pattern=r"^[A-Za-z0-9_-]{16,64}$", repr=False)
    schema_name: SqlSchemaName


class StartDatabase(_Message):
    """Target role: start a throwaway MariaDB server with this account, its schema and table; the
    result's data has its address (`addresses`, one) and the exact command line."""

    type: Literal["start_database"] = "start_database"
    answered_with: ClassVar[AnswerModel] = DatabaseStarted
    run_id: RunId
    database: ManagedDatabase
    access: SqlAccess
    check_users: list[Annotated[str, Field(pattern=r"^[A-Za-z0-9_]{1,32}$")]] = Field(
        default_factory=list,
        max_length=16,
        description="Users without password and without privileges, for HAProxy's `option mysql-check`.",
    )

    @model_validator(mode="after")
    def _check_users_are_not_the_load_user(self) -> Self:
        if self.access.user in self.check_users:
            raise ValueError(f"check_users: {self.access.user!r} is the load's user, which has a password")
        return self


class StartLoad(_Message):
    """Injector role: run the load tool at start_at; it stops by itself when the lease ends."""

    type: Literal["start_load"] = "start_load"
    answered_with: ClassVar[AnswerModel] = LoadStarted
    run_id: RunId
    profile: LoadProfile
    target_url: str = Field(
        pattern=r"^(http|https|mysql)://[A-Za-z0-9.\-\[\]:]+:[0-9]{1,5}$",
        description="Scheme and address of the proxy entry point, without path (the path is in the profile).",
    )
    start_at: datetime = Field(description="When to start, so several injectors start together (UTC).")
    lease_s: int = Field(ge=1, le=600, description="Seconds the load may run without a RenewLease.")
    sql_access: SqlAccess | None = Field(
        default=None, description="The run's MariaDB account, for SQL load against a managed MariaDB."
    )
    direct_host: str | None = Field(
        default=None,
        max_length=255,
        description=(
            "For a direct run only (profile.via direct): the lab's target host, as its agent reported "
            "it. The injector then sends load there and nowhere else, for this run only."
        ),
    )

    @model_validator(mode="after")
    def _direct_host_for_direct_runs(self) -> Self:
        if (self.profile.via == "direct") != (self.direct_host is not None):
            raise ValueError(f"direct_host: given for direct runs only (profile.via is {self.profile.via})")
        return self


class AwaitLoad(_Message):
    """Injector role: answer when the load tool has exited (or after timeout_s), with its summary.

    The result's data holds an InjectorSummary (`summary`), the exact argv (`command_line`) and
    the tail of the tool's output (`output_tail`).
    """

    type: Literal["await_load"] = "await_load"
    answered_with: ClassVar[AnswerModel] = LoadFinished
    run_id: RunId
    timeout_s: float = Field(gt=0, le=7200)


class RenewLease(_Message):
    """Injector role: keep the load running until lease_until. Sent every few seconds while a
    load runs and never waited for: the agent answers it only when it fails (see
    ANSWERED_ONLY_ON_FAILURE). An injector whose capabilities say `load_lease_in_replies` gets
    no such command: the reply to each of its sample batches carries the lease instead
    (LOAD_LEASE_HEADER), which costs the backend no request of its own."""

    type: Literal["renew_lease"] = "renew_lease"
    answered_with: ClassVar[AnswerModel] = LeaseRenewed
    run_id: RunId
    lease_until: datetime


# The reply to an injector's SampleBatch (202) carries, in this header, the lease of the run's
# load as the worker last renewed it (ISO 8601); absent when the worker renews nothing (it died,
# or the run's load has not started or is over). The injector extends its load to it.
LOAD_LEASE_HEADER = "Haplab-Load-Lease"

# The reply to a SampleBatch (202) whose samples were new carries, in this header, how many live
# viewers got them (a decimal count: SSE streams of the run, plus one while a metrics scraper
# reads its team's figures); absent when that is unknown (a resent batch, a Redis blip,
# an older backend). An agent told to hold its samples (HoldSamples) holds them only while the
# last count it got was 0.
LIVE_VIEWERS_HEADER = "Haplab-Live-Viewers"

# The `error` of the 401 every agent route answers with the token of a revoked agent (a lab admin
# revoked it, or the same name was enrolled again with a new token). The token will never work
# again: an agent told this stops instead of retrying. Any other 401 (an unknown token: the
# server's database was replaced) may heal when an operator restores it, so it is retried.
AGENT_REVOKED_ERROR = "agent_revoked"
# The exit status of an agent told AGENT_REVOKED_ERROR (EX_CONFIG of sysexits.h: its state file is
# no good any more). Its supervisors do not restart it: systemd's RestartPreventExitStatus in
# docs/operations.md, dev/up.py.
AGENT_EXIT_REVOKED = 78

# Commands the worker posts without waiting for an answer (worker/agent_rpc.post_command) while
# a load runs or starts: an agent answers them only when they fail, since each answer costs the
# API a request while the load it measures runs.
ANSWERED_ONLY_ON_FAILURE = frozenset({"renew_lease", "hold_samples"})


class StopLoad(_Message):
    """Injector role: stop the load now."""

    type: Literal["stop_load"] = "stop_load"
    answered_with: ClassVar[AnswerModel] = LoadStopped
    run_id: RunId


class Teardown(_Message):
    """Any role: stop everything started for the run and remove its files.

    With `keep_warm_s`, the proxy and target roles keep HAProxy and the target servers running,
    unbound to any run, for at most that long: the next run that asks for exactly the same adopts
    them (contract.kept_processes); they stop by themselves when nobody does."""

    type: Literal["teardown"] = "teardown"
    answered_with: ClassVar[AnswerModel] = TornDown
    run_id: RunId
    keep_warm_s: float | None = Field(
        default=None,
        gt=0,
        le=KEEP_WARM_MAX_S,
        # Left out of a plain teardown: an agent older than this field refuses unknown ones, and
        # must still be able to tear its runs down.
        exclude_if=lambda value: value is None,
        description="Keep HAProxy and the target servers this long for the next run; None: stop them.",
    )


AgentMessage = Hello | Heartbeat | SampleBatch | CommandResult
Command = (
    ApplyProxyConfig
    | StartSampling
    | StartTargets
    | StartDatabase
    | StartLoad
    | AwaitLoad
    | RenewLease
    | StopLoad
    | Teardown
    | ShapeLinks
    | ResolveHosts
    | HoldSamples
    | SendSamplesNow
)
Message = Annotated[AgentMessage | Command, Field(discriminator="type")]
COMMAND_TYPES = frozenset(
    {
        "apply_proxy_config",
        "start_sampling",
        "start_targets",
        "start_database",
        "start_load",
        "await_load",
        "renew_lease",
        "stop_load",
        "teardown",
        "shape_links",
        "resolve_hosts",
        "hold_samples",
        "send_samples_now",
    }
)


class Envelope(BaseModel):
    """One message on the wire: protocol version, id, type, time sent, typed body."""

    model_config = ConfigDict(extra="forbid")

    v: int = Field(default=PROTOCOL_VERSION, description="Protocol version of this envelope.")
    id: MessageId = Field(default_factory=lambda: uuid.uuid4().hex)
    type: str = Field(default="", max_length=40, description="The body's type, for routing without parsing.")
    sent_at: datetime = Field(default_factory=lambda: datetime.now(UTC))
    body: Message

    @model_validator(mode="before")
    @classmethod
    def _type_from_body(cls, data: Any) -> Any:
        if isinstance(data, dict) and not data.get("type"):
            body = data.get("body")
            body_type = body.get("type") if isinstance(body, dict) else getattr(body, "type", None)
            if body_type:
                data = {**data, "type": body_type}
        return data

    @field_validator("v")
    @classmethod
    def _known_version(cls, value: int) -> int:
        if value != PROTOCOL_VERSION:
            raise ValueError(
                f"protocol version {value} is not supported; this side speaks {PROTOCOL_VERSION}"
            )
        return value

    @model_validator(mode="after")
    def _type_matches_body(self) -> Self:
        if self.type != self.body.type:
            raise ValueError(f"type: {self.type!r} does not match the body's type {self.body.type!r}")
        return self

    @classmethod
    def wrap(cls, body: AgentMessage | Command) -> Envelope:
        """A new envelope for `body`, with a fresh id and the current time."""
        return cls(type=body.type, body=body)

    @property
    def is_command(self) -> bool:
        return self.type in COMMAND_TYPES
