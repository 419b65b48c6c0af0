"""The experiment spec: proxy config, target, load, sweep and repetitions, checked together.

Cross-field rules (each error names the field by its dotted path):
- The load enters through the *entry point*: the first frontend, or the first listen section
  when there is no frontend. `load.tls` must match whether its bind has `ssl`; HTTP/2 over TLS
  needs `h2` in the bind's ALPN; a `proto h2` bind needs `load.http_version` "2";
  mariadb-slap needs an entry point in mode tcp and a MariaDB target: the lab's managed one
  (`mariadb`) or an external address. `load.via` "direct" (bypass the proxy) needs the managed one.
- A managed target's servers get addresses only when the lab starts them, so they are reached
  through `target_servers`: at least one backend or listen must use it. Its settings must match
  the servers: `proto h2` exactly when the target speaks h2c, `ssl` exactly when it has TLS.
  With a managed target, `load.path` and HTTP health-check paths must be endpoints it serves.
- The sweep's paths must exist in this spec, and points x repetitions is capped at MAX_RUNS.
- With timers collected, raw lines that would make HAProxy's request log lie (option logasap,
  no log, log-format ...: contract.haproxy.raw_lines.request_log_problem) are refused.
- A threshold relative to the asked rate needs `load.rate`; an abort_on_fail rule's grace must
  leave some of the load to judge (contract/thresholds.py checks each rule on its own).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from contract.drivers import DRIVERS, drivers_that
from contract.haproxy.model import Frontend, HAProxyConfig, Listen
from contract.haproxy.raw_lines import request_log_problem
from contract.haproxy.servers import ServerOptions
from contract.load import STAGE_SETTLE_S, LoadProfile
from contract.metrics import SEARCH_BY_KEY
from contract.request_timers import RequestTimersSettings, expected_requests_per_s, one_in_for
from contract.search import CapacitySearch, staircase_values
from contract.sweep import PathError, Sweep, select
from contract.target import ManagedDatabase, ManagedTarget, TargetProfile
from contract.thresholds import ASKED_RATE, MAX_THRESHOLDS, Threshold, spec_number

MAX_RUNS = 1000
MAX_REPETITIONS = 50


class ExperimentSpec(BaseModel):
    """Everything needed to run an experiment, apart from the lab it runs on."""

    model_config = ConfigDict(extra="forbid")

    spec_version: Literal[1] = Field(default=1, description="Version of this spec's shape.")
    proxy: HAProxyConfig = Field(description="The HAProxy configuration under test.")
    target: TargetProfile = Field(description="The upstream servers behind the proxy.")
    load: LoadProfile = Field(description="The traffic sent to the proxy.")
    timers: RequestTimersSettings = Field(
        default_factory=RequestTimersSettings,
        description="HAProxy's per-request timers: collected (every request, or one in N) or not.",
    )
    sweep: Sweep = Field(
        default_factory=Sweep, description="Parameters to vary; each combination is a point."
    )
    repetitions: int = Field(
        default=1, ge=1, le=MAX_REPETITIONS, description="How many times every point runs (for the spread)."
    )
    thresholds: list[Threshold] = Field(
        default_factory=list,
        max_length=MAX_THRESHOLDS,
        description="Rules every run must meet to pass (CI gates read them); none: runs are not judged.",
    )
    search: CapacitySearch | None = Field(
        default=None,
        description=(
            "Search each sweep point's capacity under an objective with probe runs (None: every "
            "point runs once per repetition at the load profile as it is)."
        ),
    )

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        problems = [
            *self._entry_problems(),
            *self._target_problems(),
            *self._sweep_problems(),
            *self._threshold_problems(),
            *self._request_log_problems(),
        ]
        if not problems:  # a probe's spec would only repeat the spec's own problems
            problems = list(self._search_problems())
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def request_log_one_in(self) -> int | None:
        """HAProxy logs one request in this many (None: timers not collected): the spec's own
        choice, else the sampling rule (contract.request_timers) on what the load can ask: the
        open-loop rate, or for a closed loop its connections over the managed endpoint's delay."""
        if not self.timers.collect:
            return None
        if self.timers.one_in is not None:
            return self.timers.one_in
        path = self.load.path.split("?", 1)[0]
        delays = (
            [e.delay_ms for e in self.target.endpoints if e.path == path]
            if isinstance(self.target, ManagedTarget)
            else []
        )
        _, entry = self.entry_point()
        tcp = self.proxy.effective_mode(entry) == "tcp"
        expected = expected_requests_per_s(
            rate=self.load.rate,
            connections=self.load.connections,
            endpoint_delay_ms=delays[0] if delays else None,
            sessions_are_requests=not tcp or not self.load.keep_alive,
        )
        return one_in_for(expected)

    def entry_point(self) -> tuple[str, Frontend | Listen]:
        """(path, section) where the load enters: the first frontend, else the first listen."""
        if self.proxy.frontends:
            return "proxy.frontends.0", self.proxy.frontends[0]
        return "proxy.listens.0", self.proxy.listens[0]

    def run_count(self) -> int:
        return self.sweep.point_count() * self.repetitions

    def _entry_problems(self) -> Iterator[str]:
        path, entry = self.entry_point()
        ssl = entry.bind.ssl
        if self.load.driver == "mariadb-slap":
            if self.proxy.effective_mode(entry) != "tcp":
                yield f"load.driver: mariadb-slap speaks MariaDB, so {path} must run in mode tcp"
            if isinstance(self.target, ManagedTarget):
                yield "load.driver: mariadb-slap needs a MariaDB target (kind mariadb or external)"
            if self.load.via == "direct" and not isinstance(self.target, ManagedDatabase):
                yield "load.via: direct load goes to the lab's own MariaDB target (target kind mariadb)"
            return
        if self.load.tls and ssl is None:
            yield f"load.tls: the entry point {path} has no ssl on its bind"
        if not self.load.tls and ssl is not None:
            yield f"load.tls: the entry point {path} terminates TLS, so the load must use tls"
        if self.load.http_version == "2" and ssl is not None and "h2" not in ssl.alpn:
            yield f"load.http_version: HTTP/2 over TLS needs 'h2' in {path}.bind.ssl.alpn"
        if self.load.http_version == "1.1" and entry.bind.proto == "h2":
            yield f"load.http_version: {path}.bind.proto is h2, which only accepts HTTP/2"

    def _target_problems(self) -> Iterator[str]:
        upstreams = self.target.upstream_count()
        for path, pool in self.proxy.pools():
            for index, server in enumerate(pool.servers):
                if server.target is not None and server.target > upstreams:
                    yield (
                        f"proxy.{path}.servers.{index}.target: the target provides {upstreams} "
                        f"upstream{'s' if upstreams != 1 else ''}, so there is no upstream {server.target}"
                    )
        if isinstance(self.target, ManagedDatabase):
            yield from self._database_problems()
            return
        if not isinstance(self.target, ManagedTarget):
            return
        uses = list(self._target_server_uses())
        answers_itself = not any(pool.servers for _, pool in self.proxy.pools())  # return, stats ...
        if not uses and not answers_itself:
            yield (
                "target: a managed target's addresses are known only at run time; "
                "reach it with target_servers (or servers naming a target number) in a backend or "
                "listen section"
            )
        for path, options in uses:
            if (options.proto == "h2") != (self.target.protocol == "h2c"):
                yield (
                    f"{path}.proto: must be h2 exactly when target.protocol is h2c "
                    f"(it is {self.target.protocol})"
                )
            if (options.ssl is not None) != self.target.tls:
                yield f"{path}.ssl: must be set exactly when target.tls is true (it is {self.target.tls})"
        served = {endpoint.path for endpoint in self.target.endpoints}
        if self.load.driver != "mariadb-slap" and self.load.path.split("?")[0] not in served:
            yield f"load.path: the managed target serves {sorted(served)}, not {self.load.path!r}"
        for path, check_path in self._http_check_paths():
            if check_path not in served:
                yield f"{path}.health_check.path: the managed target does not serve {check_path!r}"

    def _database_problems(self) -> Iterator[str]:
        if self.load.driver != "mariadb-slap":
            yield "target: a managed MariaDB speaks SQL, not HTTP; use load.driver mariadb-slap"
        uses = list(self._target_server_uses())
        if not uses:
            yield (
                "target: the managed MariaDB's address is known only at run time; "
                "reach it with target_servers (or servers naming a target number) in a backend or "
                "listen section"
            )
        for path, options in uses:
            if options.ssl is not None or options.proto == "h2":
                yield f"{path}: the managed MariaDB speaks its own protocol without TLS (no ssl, no proto h2)"

    def _target_server_uses(self) -> Iterator[tuple[str, ServerOptions]]:
        """(path, settings) of every server line that reaches the target: target_servers, and
        servers naming one of its upstreams by number."""
        for path, pool in self.proxy.pools():
            if pool.target_servers is not None:
                yield f"proxy.{path}.target_servers", pool.target_servers
            for index, server in enumerate(pool.servers):
                if server.target is not None:
                    yield f"proxy.{path}.servers.{index}", server

    def _http_check_paths(self) -> Iterator[tuple[str, str]]:
        for path, pool in self.proxy.pools():
            if pool.health_check is not None and pool.health_check.kind == "http":
                yield f"proxy.{path}", pool.health_check.path

    def _request_log_problems(self) -> Iterator[str]:
        if not self.timers.collect:
            return
        proxy = self.proxy
        sections: list[tuple[str, list[str]]] = [
            ("proxy.global", proxy.global_.extra),
            ("proxy.defaults", proxy.defaults.extra),
            *((f"proxy.frontends.{i}", f.extra) for i, f in enumerate(proxy.frontends)),
            *((f"proxy.backends.{i}", b.extra) for i, b in enumerate(proxy.backends)),
            *((f"proxy.listens.{i}", s.extra) for i, s in enumerate(proxy.listens)),
        ]
        for path, lines in sections:
            for index, line in enumerate(lines):
                if why := request_log_problem(line):
                    yield f"{path}.extra.{index}: {why}"

    def _sweep_problems(self) -> Iterator[str]:
        if self.run_count() > MAX_RUNS:
            yield (
                f"sweep: {self.sweep.point_count()} points x {self.repetitions} repetitions = "
                f"{self.run_count()} runs, more than the {MAX_RUNS} allowed; drop values or repetitions"
            )
        if not self.sweep.axes:
            return
        doc = self.model_dump(mode="json", by_alias=True)
        for index, axis in enumerate(self.sweep.axes):
            for path in axis.paths:
                try:
                    select(doc, path)
                except PathError as error:
                    yield f"sweep.axes.{index}: path {path!r} does not exist: {error}"

    def _search_problems(self) -> Iterator[str]:
        search = self.search
        if search is None:
            return
        if search.vary == "load.connections" and self.load.rate is not None:
            yield "search.vary: load.connections is searched in a closed loop; leave load.rate empty"
        probe_owned = (search.vary, "load.duration_s", "load.warmup_s")
        for index, axis in enumerate(self.sweep.axes):
            for path in axis.paths:
                if path in probe_owned or path.startswith("search"):
                    yield f"sweep.axes.{index}: {path} is set by the search's probes, not swept"
        for field, value in (("start", search.start), ("max", search.max)):
            try:
                probe_spec(self, search.rounded(value))
            except ValueError as error:
                yield f"search.{field}: a probe at {value:g} is not a valid run: {error}"
        if search.method == "staircase":
            yield from self._staircase_problems()

    def _staircase_problems(self) -> Iterator[str]:
        if not DRIVERS[self.load.driver].stages:
            yield (
                f"search.method: a staircase is one run whose load climbs in stages, which "
                f"{self.load.driver} cannot drive; use {' or '.join(drivers_that('stages'))} or method bisect"
            )
            return
        if self.load.stages:
            yield "load.stages: a staircase search sets the stages of its run itself; leave load.stages empty"
            return
        try:
            staircase_spec(self)
        except ValueError as error:
            yield f"search.method: the staircase run ({_stairs(self.search)}) is not a valid run: {error}"

    def _threshold_problems(self) -> Iterator[str]:
        doc: dict[str, Any] | None = None
        for index, rule in enumerate(self.thresholds):
            # With a search its objective judges each probe; the spec's own rules judge the answer.
            if self.search is not None and not rule.judges_capacity:
                yield (
                    f"thresholds.{index}.metric: with a search, thresholds judge its answer per sweep "
                    f"point ({', '.join(SEARCH_BY_KEY)}); put rules on {rule.metric} in search.objective"
                )
                continue
            if self.search is None and rule.judges_capacity:
                yield (
                    f"thresholds.{index}.metric: {rule.metric} is a capacity search's figure; "
                    "the spec has no search"
                )
                continue
            if rule.relative_to == ASKED_RATE and self.load.rate is None:
                yield (
                    f"thresholds.{index}.relative_to: the load asks no rate (closed loop); "
                    "set load.rate or give an absolute limit"
                )
            elif rule.relative_to is not None and rule.relative_to != ASKED_RATE:
                doc = doc or self.model_dump(mode="json", by_alias=True)
                if spec_number(doc, rule.relative_to) is None:
                    yield (
                        f"thresholds.{index}.relative_to: {rule.relative_to} is not one number of this spec "
                        "(a limit relative to it needs one)"
                    )
            for field, paths in (("when", rule.when), ("relative_to_point", rule.relative_to_point)):
                for path in paths:
                    doc = doc or self.model_dump(mode="json", by_alias=True)
                    try:
                        select(doc, path)
                    except PathError as error:
                        yield f"thresholds.{index}.{field}: path {path!r} does not exist: {error}"
            if rule.abort_on_fail and rule.grace_s >= self.load.duration_s:
                yield (
                    f"thresholds.{index}.grace_s: {rule.grace_s} s of grace leave nothing of the "
                    f"{self.load.duration_s} s load to judge"
                )


def _stairs(search: CapacitySearch | None) -> str:
    values = staircase_values(search) if search is not None else []
    return f"{len(values)} stages, {values[0]:,.10g} to {values[-1]:,.10g}" if values else "no stages"


def staircase_spec(spec: ExperimentSpec) -> ExperimentSpec:
    """The spec of a staircase search's first run: the probe's spec with the load climbing the
    stages of staircase_values (each probe.duration_s measured seconds after one settling second,
    so every stage is measured as long as a probe), after the probe's warm-up at the first stage.
    No threshold rules: the run's own report judges the whole run, and the objective is judged
    stage by stage (backend/runs/capacity/judge.py observe_stages). Raises ValueError naming what
    is wrong."""
    search = spec.search
    if search is None:
        raise ValueError("the spec has no search")
    values = staircase_values(search)
    duration = search.probe.duration_s + STAGE_SETTLE_S
    doc: dict[str, Any] = probe_spec(spec, values[0]).model_dump(mode="json", by_alias=True)
    doc["thresholds"] = []
    load = doc["load"]
    load["duration_s"] = duration * len(values)
    if search.vary == "load.rate":
        load["rate"] = None  # derived: the stages' mean asked rate
        load["stages"] = [{"duration_s": duration, "rate": value} for value in values]
    else:
        load["connections"] = int(max(values))
        load["threads"] = min(load["threads"], int(min(values)))
        load["stages"] = [{"duration_s": duration, "connections": int(value)} for value in values]
    return _validated(doc)


def probe_spec(spec: ExperimentSpec, value: float) -> ExperimentSpec:
    """The spec one probe of the search runs: the searched value, the probe's duration and
    warm-up, one repetition, no sweep and no search. Raises ValueError naming what is wrong."""
    if spec.search is None:
        raise ValueError("the spec has no search")
    doc: dict[str, Any] = spec.model_dump(mode="json", by_alias=True)
    doc["search"] = None
    doc["sweep"] = {"axes": []}
    doc["repetitions"] = 1
    # A probe is judged by the objective (worker/thresholds.py judges a run's own rules at
    # collection): its report is what the search reads; the spec's capacity rules judge the answer.
    doc["thresholds"] = [rule.model_dump(mode="json") for rule in spec.search.objective]
    load = doc["load"]
    if spec.search.vary == "load.rate":
        load["rate"] = value
    else:
        load["connections"] = int(value)
        load["threads"] = min(load["threads"], int(value))
    load["duration_s"] = spec.search.probe.duration_s
    load["warmup_s"] = spec.search.probe.warmup_s
    return _validated(doc)


def _validated(doc: dict[str, Any]) -> ExperimentSpec:
    try:
        return ExperimentSpec.model_validate(doc)
    except ValidationError as error:
        raise ValueError(
            "; ".join(
                ".".join(str(part) for part in item["loc"]) + ": " + item["msg"]
                if item["loc"]
                else item["msg"]
                for item in error.errors()
            )
        ) from None
