"""The mariadb-slap driver's pure parts: argv from typed fields, its report read back, blind spots,
and the injector's destination rule for mysql:// (tested against the role, no tool started)."""

from __future__ import annotations

import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agents.drivers import driver_for
from agents.drivers.base import OutputUnreadableError, ToolRun, UnsupportedProfileError
from agents.drivers.mariadb_slap import MariadbSlapDriver, count_errors, read_report, write_account
from agents.roles.base import AgentContext, CommandFailed
from agents.roles.injector import InjectorRole
from contract.load import LoadProfile, SqlWorkload
from contract.protocol import SqlAccess, StartLoad

# mysqlslap's report as the seed 001 article printed it (maxconn=80).
ARTICLE_REPORT = """Benchmark
\tAverage number of seconds to run all queries: 5.559 seconds
\tMinimum number of seconds to run all queries: 5.450 seconds
\tMaximum number of seconds to run all queries: 5.735 seconds
\tNumber of clients running queries: 300
\tAverage number of queries per client: 100

"""
ACCESS = SqlAccess(user="haplab", password="s3cret-Passw0rd_xyz", schema_name="bench")


def profile(**changes: object) -> LoadProfile:
    sql = SqlWorkload(query="SELECT * FROM a WHERE id = 'x y'", number_of_queries=30_000, iterations=5)
    fields: dict[str, object] = {"driver": "mariadb-slap", "connections": 300, "threads": 1, "sql": sql}
    return LoadProfile.model_validate({**fields, **changes})


def tool_run(
    prof: LoadProfile, stdout: str = "", stderr: str = "", workdir: Path = Path("/nonexistent")
) -> ToolRun:
    return ToolRun(prof, workdir, 0, stdout, stderr, wall_s=30.0, stopped_early=False)


def test_the_argv_comes_from_typed_fields_and_the_sql_from_a_file_of_the_run(tmp_path: Path) -> None:
    argv = MariadbSlapDriver().command(profile(), "mysql://10.77.1.2:3308", tmp_path)
    assert argv == [
        "mariadb-slap",
        "--no-defaults",
        "--host=10.77.1.2",
        "--port=3308",
        "--protocol=tcp",
        "--skip-ssl",
        "--create-schema=haplab",
        f"--query={tmp_path / 'query.sql'}",
        "--concurrency=300",
        "--iterations=5",
        "--number-of-queries=30000",
        "--no-drop",
    ]
    # mariadb-slap runs a file's lines as statements: one line, the user's text, private.
    query = tmp_path / "query.sql"
    assert query.read_text() == "SELECT * FROM a WHERE id = 'x y'\n"
    assert stat.S_IMODE(query.stat().st_mode) == 0o600


@pytest.mark.parametrize("text", ["/etc/os-release", "/etc/passwd", "./client.cnf", "client.cnf"])
def test_a_query_that_names_a_file_is_still_only_sql(tmp_path: Path, text: str) -> None:
    prof = profile(sql={"query": text})
    argv = MariadbSlapDriver().command(prof, "mysql://10.77.1.2:3308", tmp_path)
    assert not any(text in arg for arg in argv)
    assert (tmp_path / "query.sql").read_text() == f"{text}\n"


def test_the_tool_names_itself_by_path_and_its_errors_still_count() -> None:
    errors = count_errors("/usr/bin/mariadb-slap: Could not open query supplied file\n")
    assert errors.other == 1


def test_the_account_goes_in_a_private_options_file_named_first_never_on_the_command_line(
    tmp_path: Path,
) -> None:
    path = write_account(tmp_path, ACCESS)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == "[client]\nuser=haplab\npassword=s3cret-Passw0rd_xyz\n"
    argv = MariadbSlapDriver().command(profile(), "mysql://[::1]:3306", tmp_path)
    assert argv[1] == f"--defaults-file={path}"  # must be the first option to count
    assert "--host=::1" in argv
    assert not any(ACCESS.password in arg for arg in argv)
    assert ACCESS.password not in repr(ACCESS)  # kept out of logs that print the command


@pytest.mark.parametrize(
    ("url", "fragment"),
    [("http://10.0.0.1:80", "mysql://host:port"), ("mysql://10.0.0.1", "mysql://host:port")],
)
def test_only_a_mysql_address_with_a_port_is_accepted(tmp_path: Path, url: str, fragment: str) -> None:
    with pytest.raises(UnsupportedProfileError, match=fragment):
        MariadbSlapDriver().command(profile(), url, tmp_path)


def test_a_profile_for_another_driver_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedProfileError, match="driver"):
        MariadbSlapDriver().command(LoadProfile(driver="hey"), "mysql://10.0.0.1:3306", tmp_path)
    assert isinstance(driver_for("mariadb-slap"), MariadbSlapDriver)


def test_the_articles_report_becomes_queries_per_second_and_seconds_per_iteration() -> None:
    report = read_report(ARTICLE_REPORT)
    assert report is not None
    assert (report.avg_s, report.min_s, report.max_s) == (5.559, 5.450, 5.735)
    assert (report.clients, report.queries_per_client) == (300, 100)

    summary = MariadbSlapDriver().parse(tool_run(profile(), ARTICLE_REPORT), "inj-1")
    assert summary.driver == "mariadb-slap" and summary.agent == "inj-1"
    assert summary.successes == summary.requests == 300 * 100 * 5
    assert summary.duration_s == pytest.approx(5.559 * 5)
    assert summary.rps == pytest.approx(30_000 / 5.559, rel=1e-3)
    assert summary.errors.total == 0 and summary.latency is None and summary.histogram is None
    assert summary.sql is not None
    assert summary.sql.model_dump() == {
        "iterations": 5,
        "clients": 300,
        "queries_per_client": 100,
        "avg_s": 5.559,
        "min_s": 5.45,
        "max_s": 5.735,
        "queries_per_s": pytest.approx(5396.654, rel=1e-6),
    }
    assert any("no percentiles" in w for w in summary.warnings)


def test_a_refused_connection_is_a_connect_error_and_nothing_is_counted_as_done() -> None:
    stderr = (
        "mariadb-slap: Error when connecting to server: Can't connect to server on '10.77.1.2' (115)\n"
        "mariadb-slap: Error when connecting to server: Lost connection to server at 'handshake: "
        "reading initial communication packet', system error: 0\n"
    )
    summary = MariadbSlapDriver().parse(tool_run(profile(), "", stderr), "inj-1")
    assert summary.errors.connect == 2 and summary.errors.total == 2
    assert summary.successes == 0 and summary.rps == 0 and summary.sql is None
    assert summary.duration_s == 30.0  # the agent's wall time: the tool measured nothing
    assert any("no Benchmark block" in w for w in summary.warnings)


def test_failed_queries_are_other_errors() -> None:
    stderr = (
        "mariadb-slap: Cannot run query SELECT * FROM nosuch ERROR : Table 'x.nosuch' doesn't exist\n" * 3
    )
    notice = "mariadb-slap: [Warning] an option notice, not a failure\n"
    errors = count_errors(stderr + notice + "mariadb-slap: something else went wrong\n")
    assert (errors.connect, errors.other, errors.total) == (0, 4, 4)


def test_no_report_and_no_error_is_unreadable() -> None:
    with pytest.raises(OutputUnreadableError, match="no Benchmark"):
        MariadbSlapDriver().parse(tool_run(profile(), "", ""), "inj-1")


def test_blind_spots_name_what_mariadb_slap_does_not_measure() -> None:
    spots = MariadbSlapDriver().blind_spots(profile(connections=7, warmup_s=2))
    text = "\n".join(spots)
    assert "4285 queries per client: 29995 of 30000" in text
    assert "no warm-up" in text and "no query timeout" in text and "first client" in text


# ---------------------------------------------------------------- the injector's destination rule


def injector(runtime_dir: Path) -> InjectorRole:
    ctx = AgentContext(
        name="inj-1",
        runtime_dir=runtime_dir,
        data_address="10.77.1.1",
        netns=None,
        allowed_load_targets=frozenset({"10.77.1.2"}),  # the lab's proxy
        emit_samples=lambda run_id, samples: None,
    )
    return InjectorRole(ctx)


def start_load(url: str, via: str = "proxy", direct_host: str | None = None) -> StartLoad:
    return StartLoad(
        run_id=1,
        profile=profile(via=via),
        target_url=url,
        start_at=datetime.now(UTC) + timedelta(seconds=1),
        lease_s=10,
        sql_access=ACCESS,
        direct_host=direct_host,
    )


def test_sql_load_goes_only_to_the_labs_proxy(runtime_dir: Path) -> None:
    with pytest.raises(CommandFailed, match=r"only sends load to 10\.77\.1\.2; 10\.77\.2\.2 is not one"):
        injector(runtime_dir).handle(start_load("mysql://10.77.2.2:3306"))


def test_a_direct_run_goes_only_to_the_target_host_named_for_it(runtime_dir: Path) -> None:
    role = injector(runtime_dir)
    with pytest.raises(CommandFailed, match=r"only to the lab's target 10\.77\.2\.2, not 10\.9\.9\.9"):
        role.handle(start_load("mysql://10.9.9.9:3306", via="direct", direct_host="10.77.2.2"))
    # Not even to the proxy: a direct run that reached HAProxy would be mislabelled.
    with pytest.raises(CommandFailed, match=r"not 10\.77\.1\.2"):
        role.handle(start_load("mysql://10.77.1.2:3308", via="direct", direct_host="10.77.2.2"))
    assert not role.workdir(1).exists()  # refused before anything was written
