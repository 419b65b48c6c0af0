"""mariadb-slap (MariaDB 10.11's mysqlslap): concurrent SQL clients, for TCP-mode proxies (seed 001).

The agent runs `mariadb-slap --defaults-file=OPTIONS --host --port --protocol=tcp --skip-ssl
--create-schema=S --query=QUERY_FILE --concurrency=C --iterations=I --number-of-queries=N
--no-drop`:
- The SQL text is never on the command line. mariadb-slap reads `--query=X` as a FILE when X
  names an existing file (client/mysqlslap.c: my_stat, then it reads the file and runs its
  lines), and prints a failing statement whole ("Cannot run query <text> ERROR : ..."): a query
  `/etc/os-release` printed that file into the run's output. So the agent writes the query to
  `query.sql` in the run's directory (0600, the load user's; mariadb-slap opens it read-write)
  and always passes that path: the user's text is only ever SQL. One line is one statement
  (the default delimiter is a newline; spec.load refuses CR and LF in the query).
- Every other value comes from a typed field and is one argv element, never through a shell.
- The run's account (user, password) is written to a 0600 options file in the run's directory
  (`write_account`), so the password is on no command line, in no log and in no stored
  argv. `--defaults-file` also keeps the host's /etc/mysql options out of the measurement.
- `--create-schema` names the schema to run in; with `--query` mariadb-slap neither creates nor
  fills it (the lab's managed MariaDB does), and `--no-drop` keeps it between iterations.
- Each client opens one connection and runs number_of_queries // concurrency queries on it.

Its report is a "Benchmark" block: average, minimum and maximum seconds to run all queries (over
the iterations), the clients and the queries per client. From it: queries = clients x queries per
client x iterations, over avg x iterations seconds; both land in the summary's `sql` block.

Blind spots (surfaced as warnings): no per-query latency (no percentiles, no histogram); the
first client that cannot connect ends the whole tool, so errors are what it printed before
that; a failed query ends its client silently for the report (exit 0 and no Benchmark); no
query timeout; no warm-up; bytes are not counted.
"""

from __future__ import annotations

import re
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from agents.drivers.base import (
    LoadDriver,
    MeasuredWindow,
    Outcome,
    OutputUnreadableError,
    ToolRun,
    UnsupportedProfileError,
)
from agents.mariadb_options import write_client_options
from agents.privileges import create_file
from contract.drivers import DriverName
from contract.load import LoadProfile, SqlWorkload
from contract.protocol import SqlAccess
from contract.results import ErrorCounts, InjectorSummary, SqlBenchmark

NO_LATENCY = "not measured by mariadb-slap"  # it times whole iterations, never one query
OPTIONS_FILE = "client.cnf"
QUERY_FILE = "query.sql"

_SECONDS = r"([0-9]+(?:\.[0-9]+)?) seconds"
_AVERAGE = re.compile(rf"Average number of seconds to run all queries: {_SECONDS}")
_MINIMUM = re.compile(rf"Minimum number of seconds to run all queries: {_SECONDS}")
_MAXIMUM = re.compile(rf"Maximum number of seconds to run all queries: {_SECONDS}")
_CLIENTS = re.compile(r"Number of clients running queries: ([0-9]+)")
_PER_CLIENT = re.compile(r"Average number of queries per client: ([0-9]+)")
# One line per failing client on stderr, e.g. "mariadb-slap: Error when connecting to server: ...".
_CONNECT_ERROR = re.compile(r"^\S+: Error when connecting to server", re.MULTILINE)
_QUERY_ERROR = re.compile(r"^\S+: Cannot run query", re.MULTILINE)
# Its own [Warning]/[Note] lines (option notices) are not failures. It names itself as started:
# by absolute path here (agents.programs).
_ANY_ERROR = re.compile(r"^(?:\S*/)?(?:mariadb-slap|mysqlslap): (?!\[(?:Warning|Note)\])", re.MULTILINE)


@dataclass(frozen=True)
class SlapReport:
    """mariadb-slap's Benchmark block."""

    avg_s: float
    min_s: float
    max_s: float
    clients: int
    queries_per_client: int


def read_report(stdout: str) -> SlapReport | None:
    """The Benchmark block of mariadb-slap's output, or None when it printed none."""
    found = [p.search(stdout) for p in (_AVERAGE, _MINIMUM, _MAXIMUM, _CLIENTS, _PER_CLIENT)]
    if any(match is None for match in found):
        return None
    avg, low, high, clients, per_client = (match.group(1) for match in found if match is not None)
    return SlapReport(float(avg), float(low), float(high), int(clients), int(per_client))


def count_errors(stderr: str) -> ErrorCounts:
    """Failures by kind from the lines mariadb-slap printed (one per failing client)."""
    connect = len(_CONNECT_ERROR.findall(stderr))
    queries = len(_QUERY_ERROR.findall(stderr))
    other = len(_ANY_ERROR.findall(stderr)) - connect - queries
    return ErrorCounts(connect=connect, other=queries + max(0, other))


def write_account(workdir: Path, access: SqlAccess) -> Path:
    """The run's account where `command` looks for it (0600, see agents.mariadb_options)."""
    return write_client_options(workdir / OPTIONS_FILE, access)


def write_query(workdir: Path, sql: SqlWorkload) -> Path:
    """The query as the file `--query` names (see the module docstring)."""
    return create_file(workdir / QUERY_FILE, sql.query + "\n", 0o600)


def _workload(profile: LoadProfile) -> SqlWorkload:
    if profile.sql is None:
        raise UnsupportedProfileError("sql: mariadb-slap needs a SQL workload")
    return profile.sql


class MariadbSlapDriver(LoadDriver):
    name: ClassVar[DriverName] = "mariadb-slap"
    binary = "mariadb-slap"
    version_args = ("--version",)
    version_pattern = r"Distrib ([0-9][0-9.]*)"
    package = "mariadb-client"
    # mariadb-slap prints nothing when interrupted; SIGTERM is never inherited as ignored.
    stop_signal = signal.SIGTERM

    def check(self, profile: LoadProfile) -> None:
        # Not the HTTP checks of the base class: this tool speaks the MariaDB protocol.
        if profile.driver != self.name:
            raise UnsupportedProfileError(f"driver: the profile is for {profile.driver}, not {self.name}")
        _workload(profile)
        if profile.tls:
            raise UnsupportedProfileError("tls: mariadb-slap connects without TLS here")
        if profile.rate is not None:
            raise UnsupportedProfileError("rate: mariadb-slap runs a closed loop only")

    def command(
        self, profile: LoadProfile, target_url: str, workdir: Path, window: MeasuredWindow | None = None
    ) -> list[str]:
        self.check(profile)
        sql = _workload(profile)
        address = urlsplit(target_url)
        if address.scheme != "mysql" or address.hostname is None or address.port is None:
            raise UnsupportedProfileError(f"target_url: needs mysql://host:port, not {target_url}")
        options = workdir / OPTIONS_FILE
        # --defaults-file / --no-defaults must come first; either keeps /etc/mysql out of it.
        first = f"--defaults-file={options}" if options.exists() else "--no-defaults"
        return [
            self.binary,
            first,
            f"--host={address.hostname}",
            f"--port={address.port}",
            "--protocol=tcp",
            "--skip-ssl",
            f"--create-schema={sql.schema_name}",
            f"--query={write_query(workdir, sql)}",
            f"--concurrency={profile.connections}",
            f"--iterations={sql.iterations}",
            f"--number-of-queries={sql.number_of_queries}",
            "--no-drop",
        ]

    def blind_spots(self, profile: LoadProfile) -> list[str]:
        sql = _workload(profile)
        spots = [
            "mariadb-slap reports seconds per iteration, not per-query latency: no percentiles, no histogram",
            "mariadb-slap stops at the first client that cannot connect: the others are not counted",
            f"mariadb-slap applies no query timeout: request_timeout_s is not enforced, "
            f"duration_s ({profile.duration_s} s) caps the whole run",
        ]
        per_client = sql.number_of_queries // profile.connections
        if per_client * profile.connections != sql.number_of_queries:
            spots.append(
                f"mariadb-slap runs number_of_queries // connections = {per_client} queries per client: "
                f"{per_client * profile.connections} of {sql.number_of_queries} per iteration"
            )
        if profile.warmup_s:
            spots.append("mariadb-slap has no warm-up: the summary includes the warm-up seconds")
        return spots

    def outcome(self, run: ToolRun) -> Outcome:
        report = read_report(run.stdout)
        errors = count_errors(run.stderr)
        if report is None and errors.total == 0:
            raise OutputUnreadableError("mariadb-slap printed no Benchmark block and no error")
        warnings = []
        if report is None:
            successes, duration = 0, run.wall_s
            warnings.append("mariadb-slap printed no Benchmark block: queries that did run are not counted")
        else:
            iterations = _workload(run.profile).iterations
            successes = report.clients * report.queries_per_client * iterations
            duration = report.avg_s * iterations
        return Outcome(
            successes=successes,
            errors=errors,
            duration_s=duration,
            bytes_received=0,
            latency=None,
            histogram=None,
            warnings=warnings,
            latency_note=NO_LATENCY,
            window_source="tool_totals",
            window_note=(
                "mariadb-slap runs a fixed number of queries: its rate is queries over the seconds it "
                "took to run them (every iteration), not over the window asked"
            ),
        )

    def parse(self, run: ToolRun, agent: str) -> InjectorSummary:
        summary = super().parse(run, agent)
        report = read_report(run.stdout)
        if report is None:
            return summary
        queries = report.clients * report.queries_per_client
        sql = SqlBenchmark(
            iterations=_workload(run.profile).iterations,
            clients=report.clients,
            queries_per_client=report.queries_per_client,
            avg_s=report.avg_s,
            min_s=report.min_s,
            max_s=report.max_s,
            queries_per_s=round(queries / report.avg_s, 3) if report.avg_s > 0 else 0.0,
        )
        return summary.model_copy(update={"sql": sql})
