"""The target role's throwaway MariaDB, for real on loopback, and real mariadb-slap against it.

One server for the module (about 5 s to install and start on a busy box); the loads are a few
hundred queries, well under a second each.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from lab_processes import assert_runs_as, wait_for_exec

from agents.privileges import TARGET_USER
from agents.roles.base import AgentContext, CommandFailed
from agents.roles.injector import InjectorRole
from agents.roles.target import TargetRole
from agents.state import AgentState, save_state
from contract.command_results import LoadFinished
from contract.load import LoadProfile, SqlWorkload
from contract.protocol import AwaitLoad, SqlAccess, StartDatabase, StartLoad, Teardown
from contract.results import InjectorSummary
from contract.target import ManagedDatabase

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
def database(module_runtime_dir: Path) -> Iterator[Database]:
    root = module_runtime_dir
    role = TargetRole(context(root))
    data = role.handle(StartDatabase(run_id=RUN, database=DATABASE, access=ACCESS, check_users=["haproxy"]))
    addresses = data.addresses
    assert isinstance(addresses, list) and len(addresses) == 1
    host, port = str(addresses[0]).rsplit(":", 1)
    pid = data.pid
    assert isinstance(pid, int)
    try:
        yield Database(role, root, host, int(port), pid)
    finally:
        role.close()


def sql(
    db: Database, user: str, statement: str, password: str | None = None, *options: str
) -> subprocess.CompletedProcess[str]:
    argv = [
        "mariadb",
        "--no-defaults",
        *options,
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
    home = database.role.workdir(RUN) / "mariadb"
    assert (home / "data" / "bench").is_dir()  # its own data dir, not /var/lib/mysql
    assert not (home / "init.sql").exists()  # the init SQL held the password: gone once served
    assert stat.S_IMODE((home / "client.cnf").stat().st_mode) == 0o600
    argv = Path(f"/proc/{database.pid}/cmdline").read_bytes().decode().split("\0")
    assert not any(ACCESS.password in arg for arg in argv)
    assert f"--bind-address={database.host}" in argv and "--no-defaults" in argv


def test_a_direct_run_of_real_mariadb_slap_reports_queries_per_second(
    database: Database, runtime_dir: Path
) -> None:
    injector = InjectorRole(context(runtime_dir, allowed=frozenset({"10.0.0.1"})))  # not this host
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
        argv = started.command_line
        assert isinstance(argv, list) and not any(ACCESS.password in str(arg) for arg in argv)
        result = injector.handle(AwaitLoad(run_id=2, timeout_s=30))
    finally:
        injector.close()
    summary = InjectorSummary.model_validate(result.summary)
    assert summary.errors.total == 0, result.output_tail
    assert summary.sql is not None
    assert (summary.sql.clients, summary.sql.queries_per_client, summary.sql.iterations) == (5, 100, 2)
    assert summary.successes == 1000 and summary.sql.queries_per_s > 0 and summary.rps > 0
    assert 0 < summary.sql.min_s <= summary.sql.avg_s <= summary.sql.max_s


def test_a_fixed_port_already_taken_is_a_clear_error_and_leaves_nothing(
    database: Database, runtime_dir: Path
) -> None:
    role = TargetRole(context(runtime_dir))
    taken = DATABASE.model_copy(update={"port": database.port})
    with pytest.raises(CommandFailed, match=f"MariaDB did not start: port {database.port} taken"):
        role.handle(StartDatabase(run_id=3, database=taken, access=ACCESS))
    assert not role.workdir(3).exists()


def test_teardown_stops_the_server_and_removes_its_data(runtime_dir: Path) -> None:
    role = TargetRole(context(runtime_dir))
    data = role.handle(StartDatabase(run_id=4, database=DATABASE, access=ACCESS))
    pid = data.pid
    assert Path(f"/proc/{pid}").exists()
    assert role.workdir(4).is_dir()
    role.handle(Teardown(run_id=4))
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split(")")[1][:3]
    assert not role.workdir(4).exists()


# ---------------------------------------------------------------- no file of the hosts through SQL


def slap(
    database: Database, injector: InjectorRole, run_id: int, query: str, queries: int = 20
) -> LoadFinished:
    """A direct mariadb-slap run of `query` against the managed server: its LoadFinished."""
    sql_load = SqlWorkload(query=query, number_of_queries=queries, schema_name="bench")
    profile = LoadProfile(
        driver="mariadb-slap", connections=2, threads=1, duration_s=20, sql=sql_load, via="direct"
    )
    injector.handle(
        StartLoad(
            run_id=run_id,
            profile=profile,
            target_url=f"mysql://{database.host}:{database.port}",
            start_at=datetime.now(UTC) + timedelta(seconds=0.1),
            lease_s=30,
            sql_access=ACCESS,
            direct_host=database.host,
        )
    )
    finished = injector.handle(AwaitLoad(run_id=run_id, timeout_s=30))
    assert isinstance(finished, LoadFinished)
    return finished


def test_a_query_naming_a_file_runs_as_sql_and_shows_nothing_of_the_file(
    database: Database, runtime_dir: Path
) -> None:
    """mariadb-slap reads `--query=X` as the file X when X exists, and prints a failing statement
    whole: the query must reach it only ever as SQL (issue 28, item 1)."""
    injector = InjectorRole(context(runtime_dir))
    token = f"agent-token-{uuid.uuid4().hex}"
    state_file = runtime_dir / "state" / "state.json"
    save_state(
        state_file,
        AgentState(server="http://x", agent_id=1, agent_token=token, lab_id=1, name="i", roles=["injector"]),
    )
    os_release = Path("/etc/os-release").read_text()
    probes = {
        "/etc/os-release": [line for line in os_release.splitlines() if line.strip()],
        str(state_file): [token],
        # The run's own options file: the load user may read it, and it holds the run's password.
        str(injector.workdir(13) / "client.cnf"): [ACCESS.password],
    }
    try:
        for run_id, (path, secrets) in enumerate(probes.items(), start=11):
            result = slap(database, injector, run_id, path)
            shown = result.model_dump_json()
            assert f"Cannot run query {path} ERROR" in shown, shown[-2000:]  # run as SQL, refused
            for secret in secrets:
                assert secret not in shown, (path, secret)
    finally:
        injector.close()


def test_the_managed_server_reads_and_writes_no_file_of_its_host(database: Database) -> None:
    settings = sql(database, "haplab", "SELECT @@local_infile, @@secure_file_priv", ACCESS.password)
    local_infile, secure_dir = settings.stdout.split()
    assert local_infile == "0"
    assert list(Path(secure_dir).iterdir()) == [] and Path(secure_dir).stat().st_uid == 0
    assert (
        not os.access(secure_dir, os.W_OK, effective_ids=False)
        or Path(secure_dir).stat().st_mode & 0o222 == 0
    )

    statements = {
        "LOAD DATA LOCAL INFILE '/etc/os-release' INTO TABLE bench.a": "local infile",
        "LOAD DATA INFILE '/etc/os-release' INTO TABLE bench.a": "denied",
        "SELECT 1 INTO OUTFILE '/tmp/haplab-outfile-probe'": "denied",
    }
    for statement, refusal in statements.items():
        done = sql(database, "haplab", statement, ACCESS.password, "--local-infile=1")
        assert done.returncode != 0 and refusal in done.stderr, (statement, done.stdout, done.stderr)
    # DATA DIRECTORY needs no FILE privilege: the server ignores it or refuses the table, rather
    # than create the table's files in another directory of the host.
    elsewhere = Path(tempfile.mkdtemp(prefix="hl-datadir-probe-"))
    elsewhere.chmod(0o777)
    try:
        for engine in ("InnoDB", "Aria", "MyISAM"):
            create = f"CREATE TABLE bench.t_{engine} (i INT) ENGINE={engine} DATA DIRECTORY='{elsewhere}'"
            sql(database, "haplab", create, ACCESS.password)
        assert list(elsewhere.rglob("*")) == []
    finally:
        shutil.rmtree(elsewhere)
    assert sql(
        database, "haplab", "SELECT LOAD_FILE('/etc/os-release') IS NULL", ACCESS.password
    ).stdout.split() == ["1"]
    assert not Path("/tmp/haplab-outfile-probe").exists()


def test_mariadbd_and_mariadb_slap_run_as_unprivileged_users(database: Database, runtime_dir: Path) -> None:
    """From /proc: mariadbd as the target user, mariadb-slap (while it runs) as the load user;
    each without groups, capabilities or an environment, and unable to gain privileges."""
    target_user = database.role.user
    if os.geteuid() == 0:
        assert target_user.switch and target_user.name == TARGET_USER.default
    assert_runs_as(database.pid, target_user)
    assert Path(f"/proc/{database.pid}/comm").read_text().strip() == "mariadbd"
    home = database.role.workdir(RUN) / "mariadb"
    assert (home.stat().st_uid, stat.S_IMODE(home.stat().st_mode)) == (target_user.uid, 0o700)
    assert (home / "data").stat().st_uid == target_user.uid

    injector = InjectorRole(context(runtime_dir))
    try:
        sql_load = SqlWorkload(query="SELECT SLEEP(0.05)", number_of_queries=60, schema_name="bench")
        profile = LoadProfile(
            driver="mariadb-slap", connections=2, threads=1, duration_s=20, sql=sql_load, via="direct"
        )
        started = injector.handle(
            StartLoad(
                run_id=21,
                profile=profile,
                target_url=f"mysql://{database.host}:{database.port}",
                start_at=datetime.now(UTC) + timedelta(seconds=0.1),
                lease_s=30,
                sql_access=ACCESS,
                direct_host=database.host,
            )
        )
        pid = started.pid
        assert isinstance(pid, int)
        wait_for_exec(pid, "mariadb-slap")
        assert_runs_as(pid, injector.user)
        workdir = injector.workdir(21)
        assert (workdir.stat().st_uid, stat.S_IMODE(workdir.stat().st_mode)) == (injector.user.uid, 0o700)
        for name in ("client.cnf", "query.sql"):
            found = (workdir / name).stat()
            assert (found.st_uid, stat.S_IMODE(found.st_mode)) == (injector.user.uid, 0o600)
        result = injector.handle(AwaitLoad(run_id=21, timeout_s=30))
        assert InjectorSummary.model_validate(result.summary).successes == 60
    finally:
        injector.close()
