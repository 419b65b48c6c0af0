"""The load profile: which tool sends what traffic, how hard and for how long.

A profile is checked against the chosen driver's abilities (contract.drivers): an impossible
combination is refused with an error that names the field and a driver that can do it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from contract.drivers import DRIVERS, DriverName, drivers_that
from contract.text_types import HeaderName, HeaderValue, SqlSchemaName, UrlPath

HttpMethod = Literal["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

MAX_BODY_BYTES = 64 * 1024
MAX_CONNECTIONS = 10_000
MAX_STAGES = 20
MAX_DURATION_S = 3600
# A stage's first second after its ramp is settling (the previous stage's requests still in
# flight, the new target's queues filling): its figures cover the seconds after that.
STAGE_SETTLE_S = 1
# A staged open loop's load.rate is its mean asked rate, at the finest step a driver holds
# (contract.injector_split.RATE_STEP: vegeta's -rate is whole requests per 1000 s).
RATE_DECIMALS = 3
# hey parses each -H "Name: value" with ^([\w-]+):\s*(.+) and exits on any other name.
_HEY_HEADER_NAME = re.compile(r"[A-Za-z0-9_-]+")


class SqlWorkload(BaseModel):
    """What mariadb-slap runs; the lab creates the schema and the credentials."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(
        default="SELECT 1",
        min_length=1,
        max_length=4096,
        description=(
            "The SQL statement every client runs repeatedly (no newlines; not LOAD ..., which would "
            "make the client send a file of the injector host)."
        ),
        pattern=r"^[^\r\n\x00]+$",
    )
    number_of_queries: int = Field(
        default=100_000,
        ge=1,
        le=100_000_000,
        description="Total statements across all clients; use >= 100k for meaningful times.",
    )
    schema_name: SqlSchemaName = Field(
        default="haplab",
        description="Schema the statements run in; created by the lab before the run (not mysql, sys ...).",
    )
    iterations: int = Field(
        default=1, ge=1, le=1000, description="How often the whole workload runs (min/avg/max over them)."
    )

    @field_validator("query")
    @classmethod
    def _no_file_transfer(cls, query: str) -> str:
        # MariaDB's client library answers a server's request for a local file (LOAD DATA LOCAL
        # INFILE, LOAD XML LOCAL) only after a statement whose text starts with "load" (any case;
        # libmariadb's ma_simple_command), and then sends whatever file the server names, read
        # on the injector. Refused here, so no statement of a run ever opens that door, whatever
        # server (a managed MariaDB refuses LOCAL anyway; an external one might ask for anything).
        if query.lstrip()[:4].lower() == "load":
            raise ValueError(
                "a statement starting with LOAD is refused: for LOAD ... LOCAL the MariaDB client "
                "reads a file of the injector host and sends it to the server"
            )
        return query


class LoadStage(BaseModel):
    """One step of a staged load: hold `rate` (open loop) or `connections` (closed loop) for
    `duration_s` seconds, the first `ramp_s` of them a linear ramp from the previous stage's rate."""

    model_config = ConfigDict(extra="forbid")

    duration_s: int = Field(
        ge=STAGE_SETTLE_S + 1,
        le=MAX_DURATION_S,
        description=(
            "Seconds the stage lasts, ramp included; its figures cover the seconds after its ramp "
            f"and a {STAGE_SETTLE_S}-second settling."
        ),
    )
    rate: float | None = Field(
        default=None,
        gt=0,
        le=1_000_000,
        description="Requests/s the stage holds (open loop; all stages rates).",
    )
    connections: int | None = Field(
        default=None,
        ge=1,
        le=MAX_CONNECTIONS,
        description="Concurrent connections the stage keeps busy (closed loop; all stages connections).",
    )
    ramp_s: int = Field(
        default=0,
        ge=0,
        le=MAX_DURATION_S,
        description=(
            "Seconds at the start of the stage that rise (or fall) linearly from the previous stage's "
            "rate to this one's; 0 steps at once. Rate stages only, not the first stage."
        ),
    )

    @model_validator(mode="after")
    def _one_target(self) -> Self:
        if (self.rate is None) == (self.connections is None):
            raise _field_error("rate", "give a stage either a rate (open loop) or connections (closed loop)")
        if self.ramp_s and self.connections is not None:
            raise _field_error(
                "ramp_s", "connection stages step at once (a closed loop has whole connections, not a ramp)"
            )
        if self.ramp_s > self.duration_s - STAGE_SETTLE_S - 1:
            raise _field_error(
                "ramp_s",
                f"must leave at least one measured second of the stage after the ramp and its "
                f"{STAGE_SETTLE_S}-second settling (ramp_s <= duration_s - {STAGE_SETTLE_S + 1})",
            )
        return self

    @property
    def target(self) -> float:
        """The stage's rate or connections."""
        return self.rate if self.rate is not None else float(self.connections or 0)


@dataclass(frozen=True)
class StageWindow:
    """Where a stage lies in run time t (seconds after t0, the measured window's start): it runs
    over [begins_s, ends_s), and its figures cover [start_s, end_s) (after the ramp and settling)."""

    index: int
    begins_s: int
    start_s: int
    end_s: int
    target: float
    kind: Literal["rate", "connections"]


def stage_windows(stages: list[LoadStage]) -> list[StageWindow]:
    """Each stage's place in run time: stage i begins where stage i - 1 ended (stage 0 at t0)."""
    windows = []
    begins = 0
    for index, stage in enumerate(stages):
        windows.append(
            StageWindow(
                index=index,
                begins_s=begins,
                start_s=begins + stage.ramp_s + STAGE_SETTLE_S,
                end_s=begins + stage.duration_s,
                target=stage.target,
                kind="rate" if stage.rate is not None else "connections",
            )
        )
        begins += stage.duration_s
    return windows


def staged_requests(stages: list[LoadStage]) -> float:
    """Requests a staged open loop asks for over its stages (a ramp's are its trapezoid)."""
    total = 0.0
    previous: float | None = None
    for stage in stages:
        rate = stage.rate or 0.0
        start = previous if previous is not None and stage.ramp_s else rate
        total += (start + rate) / 2 * stage.ramp_s + rate * (stage.duration_s - stage.ramp_s)
        previous = rate
    return total


def staged_mean_rate(stages: list[LoadStage]) -> float:
    """A staged open loop's mean asked rate over its stages (its load.rate)."""
    seconds = sum(s.duration_s for s in stages)
    return round(staged_requests(stages) / seconds, RATE_DECIMALS)


def _field_error(field: str, message: str) -> PydanticCustomError:
    return PydanticCustomError("load_profile", "{field}: {message}", {"field": field, "message": message})


def _suggest(ability: str) -> str:
    return " or ".join(drivers_that(ability)) or "no driver"


class LoadProfile(BaseModel):
    """The traffic a run sends: the total across the lab's injectors (per_injector)."""

    model_config = ConfigDict(extra="forbid")

    driver: DriverName = Field(default="hey", description="The load tool the injector runs.")
    connections: int = Field(
        default=50,
        ge=1,
        le=MAX_CONNECTIONS,
        description="Concurrent client connections (or SQL clients) the tool keeps open.",
    )
    threads: int = Field(
        default=2, ge=1, le=64, description="Tool threads; each needs at least one connection."
    )
    duration_s: int = Field(
        default=30,
        ge=1,
        le=MAX_DURATION_S,
        description=(
            "Measured duration in seconds (a time cap for mariadb-slap). With stages: their sum, "
            "derived when left out (a different value is refused)."
        ),
    )
    warmup_s: int = Field(
        default=0,
        ge=0,
        le=600,
        description="Seconds of load before measuring starts; their samples are kept but marked warm-up.",
    )
    rate: float | None = Field(
        default=None,
        gt=0,
        le=1_000_000,
        description=(
            "Requests/s to hold (open loop); empty sends as fast as replies come (closed loop). With "
            "rate stages: their mean asked rate, derived when left out (a different value is refused)."
        ),
    )
    stages: list[LoadStage] = Field(
        default_factory=list,
        max_length=MAX_STAGES,
        description=(
            "Load that changes within the run: stages run one after another (after the warm-up, "
            "which holds the first stage's target) and the measured duration is their sum. All "
            "rate stages (open loop) or all connection stages (closed loop; load.connections is "
            "then the largest, derived when left out). Empty: one constant load. vegeta only."
        ),
    )
    keep_alive: bool = Field(
        default=True, description="Reuse client connections; off closes the connection after every request."
    )
    http_version: Literal["1.1", "2"] = Field(
        default="1.1", description="HTTP version the client speaks to the proxy (2 = h2c or TLS + ALPN h2)."
    )
    tls: bool = Field(default=False, description="Connect to the proxy with TLS (needs a frontend with ssl).")
    method: HttpMethod = Field(default="GET", description="HTTP method of every request.")
    path: UrlPath = Field(default="/", description="Request path and query, starting with '/'.")
    headers: dict[HeaderName, HeaderValue] = Field(
        default_factory=dict, max_length=50, description="Extra request headers sent with every request."
    )
    body: str | None = Field(
        default=None,
        max_length=MAX_BODY_BYTES,
        description=f"Request body sent with every request (at most {MAX_BODY_BYTES} characters).",
    )
    request_timeout_s: float = Field(
        default=20.0,
        gt=0,
        le=600,
        description="A request without a reply after this many seconds counts as a timeout.",
    )
    sql: SqlWorkload | None = Field(
        default=None, description="The SQL workload; required for mariadb-slap, refused for HTTP drivers."
    )
    per_injector: Literal["share", "whole"] = Field(
        default="share",
        description=(
            "How the profile meets a lab with several injectors. share: the profile is the total, "
            "split across the injectors (connections, rate and threads; integer parts that add up "
            "to it, weighted by the lab's injector_weights). whole: each injector runs the whole "
            "profile, so N injectors send N times it."
        ),
    )
    via: Literal["proxy", "direct"] = Field(
        default="proxy",
        description=(
            "proxy = through the HAProxy entry point; direct = straight at the lab's managed "
            "MariaDB target, bypassing the proxy (a baseline; a sweep axis value)."
        ),
    )

    @model_validator(mode="after")
    def _fits_driver(self) -> Self:
        info = DRIVERS[self.driver]
        if not info.http:
            self._check_sql_driver()
            return self
        if self.sql is not None:
            raise _field_error("sql", f"{self.driver} is an HTTP driver; use mariadb-slap for SQL load")
        if self.via == "direct":
            raise _field_error("via", "direct load bypassing the proxy is supported for mariadb-slap only")
        if self.http_version == "2" and not info.http2:
            raise _field_error(
                "http_version",
                f"{self.driver} speaks only HTTP/1.1 with keep-alive; use {_suggest('http2')} for HTTP/2",
            )
        if self.http_version == "1.1" and not info.h1:
            raise _field_error("http_version", f"{self.driver} cannot speak HTTP/1.1; use {_suggest('h1')}")
        if not self.keep_alive and not info.keepalive_off:
            raise _field_error(
                "keep_alive",
                f"{self.driver} always keeps connections alive; use {_suggest('keepalive_off')}",
            )
        if self.rate is not None and not info.open_loop:
            raise _field_error(
                "rate",
                f"{self.driver} cannot hold a fixed rate (closed loop only); use {_suggest('open_loop')}",
            )
        if self.tls and not info.tls:
            raise _field_error("tls", f"{self.driver} cannot speak TLS; use {_suggest('tls')}")
        if self.stages:
            self._check_stages(info.stages)
        if self.threads > self.connections:
            raise _field_error("threads", "must not exceed connections (each thread needs a connection)")
        if self.driver == "h2load":
            self._check_h2load_request()
        if self.driver == "hey":
            self._check_hey_headers()
        return self

    def _check_stages(self, driver_can: bool) -> None:
        """Stages are one kind (stage 0's) and agree with the profile's duration, rate and connections.

        The profile's own figures are derived from the stages when left out, refused when they
        disagree (never silently overridden): duration_s is the stages' sum; an open loop's rate
        its mean asked rate (what its headline rate over the whole window is held to); a closed
        loop's connections its largest stage (what the tool may hold open at once).
        """
        if not driver_can:
            raise _field_error(
                "stages", f"{self.driver} runs one fixed load per run; use {_suggest('stages')} for stages"
            )
        open_loop = self.stages[0].rate is not None
        other = "connections" if open_loop else "rate"
        for index, stage in enumerate(self.stages):
            if getattr(stage, other) is not None:
                raise _field_error(
                    f"stages.{index}.{other}",
                    f"all stages are of one kind: stage 0 gives {'a rate' if open_loop else 'connections'}, "
                    f"so every stage does ({'open' if open_loop else 'closed'} loop)",
                )
        if self.stages[0].ramp_s:
            raise _field_error(
                "stages.0.ramp_s",
                "the first stage starts at its target (the warm-up holds it before measuring); a ramp "
                "leads from the previous stage's target",
            )
        seconds = sum(stage.duration_s for stage in self.stages)
        if seconds > MAX_DURATION_S:
            raise _field_error("stages", f"the stages last {seconds} s; at most {MAX_DURATION_S} s in all")
        self._derive("duration_s", seconds, f"the stages last {seconds} s")
        if open_loop:
            mean = staged_mean_rate(self.stages)
            self._derive("rate", mean, f"the stages' mean asked rate is {mean:g} req/s")
        else:
            if self.rate is not None:
                raise _field_error("rate", "connection stages are a closed loop: leave load.rate empty")
            most = max(stage.connections or 0 for stage in self.stages)
            self._derive("connections", most, f"the largest stage has {most} connections")

    def _derive(self, field: str, value: float, why: str) -> None:
        given = getattr(self, field)
        if (
            field in self.model_fields_set
            and given is not None
            and abs(given - value) > 10**-RATE_DECIMALS / 2
        ):
            raise _field_error(
                field, f"{given:g} disagrees with the stages: {why}; leave it out or make it {value:g}"
            )
        setattr(self, field, value)

    def _check_hey_headers(self) -> None:
        # Host goes through hey's -host option, whatever its value.
        for name in self.headers:
            if name.lower() != "host" and not _HEY_HEADER_NAME.fullmatch(name):
                raise _field_error(
                    "headers",
                    f"hey takes header names of letters, digits, '-' and '_' only, not {name!r}; "
                    "use wrk, h2load or vegeta",
                )

    def _check_sql_driver(self) -> None:
        if self.sql is None:
            raise _field_error("sql", f"{self.driver} needs a SQL workload")
        if self.stages:
            raise _field_error(
                "stages", f"{self.driver} runs one fixed load; use {_suggest('stages')} for stages"
            )
        for field in ("rate", "body"):
            if getattr(self, field) is not None:
                raise _field_error(field, f"{self.driver} does not send HTTP requests")
        if self.tls:
            raise _field_error("tls", f"{self.driver} connects without TLS")
        if self.headers:
            raise _field_error("headers", f"{self.driver} does not send HTTP requests")

    def _check_h2load_request(self) -> None:
        # h2load has no method option: it sends GET, or POST when given a body to upload.
        if self.body is None and self.method != "GET":
            raise _field_error("method", "h2load sends GET without a body; use hey for other methods")
        if self.body is not None and self.method != "POST":
            raise _field_error("method", "h2load sends a body only with POST; use hey for other methods")

    @property
    def total_seconds(self) -> int:
        """How long the load runs, warm-up included."""
        return self.warmup_s + self.duration_s
