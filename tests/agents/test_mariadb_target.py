"""The target role's throwaway MariaDB, for real on loopback, and real mariadb-slap against it.

One server for the module (about 5 s to install and start on a busy box); the loads are a few
hundred queries, well under a second each.
"""

from __future__ import annotations

import stat
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agents.roles.base import AgentContext, CommandFailed
from agents.roles.injector import InjectorRole
from agents.roles.target import TargetRole
from spec.load import LoadProfile, SqlWorkload
from spec.protocol import AwaitLoad, SqlAccess, StartDatabase, StartLoad, Teardown
from spec.results import InjectorSummary
from spec.target import ManagedDatabase

RUN = 1
ACCESS = SqlAccess(user="haplab", password="Zx9-throwaway_password", schema_name="bench")
DATABASE = ManagedDatabase(max_connections=321, table="a", rows=5)


def context(runtime_dir: Path, allowed: frozenset[str] = frozenset()) -> AgentContext:
    return AgentContext.local("agent-1", runtime_dir, allowed_load_targets=allowed)


@dataclass
class Database:
    role: TargetRole
    root: Path
    host: str
    port: int
    pid: int


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    root = tmp_path_factory.mktemp("target")
    role = TargetRole(context(root))
    data = role.handle(StartDatabase(run_id=RUN, database=DATABASE, access=ACCESS, check_users=["haproxy"]))
    addresses = data["addresses"]
    assert isinstance(addresses, list) and len(addresses) == 1
    host, port = str(addresses[0]).rsplit(":", 1)
    pid = data["pid"]
    assert isinstance(pid, int)
    try:
        yield Database(role, root, host, int(port), pid)
    finally:
        role.close()


def sql(
    db: Database, user: str, statement: str, password: str | None = None
) -> subprocess.CompletedProcess[str]:
    argv = [
        "mariadb",
        "--no-defaults",
        f"--host={db.host}",
        f"--port={db.port}",
        "--protocol=tcp",
        f"--user={user}",
        "--batch",
        "--skip-column-names",
        f"--execute={statement}",
    ]
    if password is not None:
        argv.insert(2, f"--password={password}")  # only in this test, for a throwaway account
    return subprocess.run(argv, capture_output=True, text=True, timeout=15, check=False)


def test_the_load_user_reads_the_table_over_tcp_with_the_runs_settings(database: Database) -> None:
    statements = "SELECT COUNT(*) FROM bench.a; SELECT @@max_connections, @@skip_name_resolve"
    done = sql(database, "haplab", statements, ACCESS.password)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["5", "321", "1"]
    assert sql(database, "haplab", "SELECT 1", "wrong-password").returncode != 0  # grant tables are on


def test_the_health_check_user_logs_in_without_password_and_can_read_nothing(database: Database) -> None:
    assert sql(database, "haproxy", "SELECT CURRENT_USER()").stdout.strip() == "haproxy@%"
    refused = sql(database, "haproxy", "SELECT COUNT(*) FROM bench.a")
    assert refused.returncode != 0 and "denied" in refused.stderr


def test_its_files_stay_in_the_runs_directory_and_the_password_only_in_a_private_file(
    database: Database,
) -> None:
    home = database.root / "target" / str(RUN) / "mariadb"
    assert (home / "data" / "bench").is_dir()  # its own data dir, not /var/lib/mysql
    assert not (home / "init.sql").exists()  # the init SQL held the password: gone once served
    assert stat.S_IMODE((home / "client.cnf").stat().st_mode) == 0o600
    argv = Path(f"/proc/{database.pid}/cmdline").read_bytes().decode().split("\0")
    assert not any(ACCESS.password in arg for arg in argv)
    assert f"--bind-address={database.host}" in argv and "--no-defaults" in argv


def test_a_direct_run_of_real_mariadb_slap_reports_queries_per_second(
    database: Database, tmp_path: Path
) -> None:
    injector = InjectorRole(context(tmp_path, allowed=frozenset({"10.0.0.1"})))  # not this host
    sql_load = SqlWorkload(query="SELECT * FROM a", number_of_queries=500, schema_name="bench", iterations=2)
    profile = LoadProfile(
        driver="mariadb-slap", connections=5, threads=1, duration_s=20, sql=sql_load, via="direct"
    )
    start = StartLoad(
        run_id=2,
        profile=profile,
        target_url=f"mysql://{database.host}:{database.port}",
        start_at=datetime.now(UTC) + timedelta(seconds=0.2),
        lease_s=30,
        sql_access=ACCESS,
        direct_host=database.host,
    )
    try:
        started = injector.handle(start)
        argv = started["command_line"]
        assert isinstance(argv, list) and not any(ACCESS.password in str(arg) for arg in argv)
        result = injector.handle(AwaitLoad(run_id=2, timeout_s=30))
    finally:
        injector.close()
    summary = InjectorSummary.model_validate(result["summary"])
    assert summary.errors.total == 0, result["output_tail"]
    assert summary.sql is not None
    assert (summary.sql.clients, summary.sql.queries_per_client, summary.sql.iterations) == (5, 100, 2)
    assert summary.successes == 1000 and summary.sql.queries_per_s > 0 and summary.rps > 0
    assert 0 < summary.sql.min_s <= summary.sql.avg_s <= summary.sql.max_s


def test_a_fixed_port_already_taken_is_a_clear_error_and_leaves_nothing(
    database: Database, tmp_path: Path
) -> None:
    role = TargetRole(context(tmp_path))
    taken = DATABASE.model_copy(update={"port": database.port})
    with pytest.raises(CommandFailed, match=f"MariaDB did not start: port {database.port} taken"):
        role.handle(StartDatabase(run_id=3, database=taken, access=ACCESS))
    assert not (tmp_path / "target" / "clash").exists()


def test_teardown_stops_the_server_and_removes_its_data(tmp_path: Path) -> None:
    role = TargetRole(context(tmp_path))
    data = role.handle(StartDatabase(run_id=4, database=DATABASE, access=ACCESS))
    pid = data["pid"]
    assert Path(f"/proc/{pid}").exists()
    role.handle(Teardown(run_id=4))
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]
    assert not (tmp_path / "target" / "short").exists()
