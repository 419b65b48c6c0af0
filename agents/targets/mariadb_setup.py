"""What a run's throwaway MariaDB is made of: its files, its command lines and its first SQL.

Pure functions (no processes), so the argv and the SQL are testable on their own. Every value
comes from a typed, pattern-checked field (identifiers, a URL-safe password, numbers), so the
SQL needs no escaping beyond the identifier quotes, and nothing ever goes through a shell.

- Both run as the target user (agents.privileges), who owns the run's directory and so the data
  dir. `mariadb-install-db` makes a fresh data dir under the run's directory (never the host's
  /var/lib/mysql); `--no-defaults` keeps /etc/mysql out of it. It gets no `--user`: it already
  runs as that user, and given one it would try to chown the host's PAM helper
  (/usr/lib/mysql/plugin/auth_pam_tool_dir) to it, and add an all-privilege account
  authenticated by that OS user's socket login; without it the only such account is
  root@localhost, which only the host's root can use.
- `mariadbd` listens on the target's data address and a port of its own, with a socket in the
  run's directory; `--init-file` creates the schema, the table, the load's user (password) and
  the users HAProxy's mysql-check logs in as (no password, no privileges), before the server
  takes its first connection. Grant tables stay on (never --skip-grant-tables).
- No file of the host through SQL: `--local-infile=0` (the server never asks a client for a
  file: LOAD DATA LOCAL is refused), `--secure-file-priv` an empty directory the server's user
  cannot write (LOAD_FILE, LOAD DATA INFILE and SELECT ... INTO OUTFILE reach nothing else),
  `--skip-symbolic-links` (CREATE TABLE ... DATA/INDEX DIRECTORY='/anywhere' needs no FILE
  privilege and would put the table's files there; the server ignores those options instead),
  and the load's user has privileges on its schema only (no FILE, no SUPER).
- `--skip-name-resolve`: no reverse DNS per connection (a namespace has no resolver, and the
  lookups would be measured); `--max-connect-errors` high: HAProxy's connections all come from
  one address, and a burst of aborted handshakes must not get the proxy host blocked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from contract.protocol import SqlAccess
from contract.target import ManagedDatabase

INSTALL_BIN = "mariadb-install-db"
SERVER_BIN = "mariadbd"
CLIENT_BIN = "mariadb"
# A small server: the measurement is about connections and the proxy, not about storage.
INNODB_OPTIONS = ("--innodb-buffer-pool-size=32M", "--innodb-log-file-size=8M")
MAX_CONNECT_ERRORS = 1_000_000_000
TABLE_OPEN_CACHE = 256  # keeps the open files MariaDB asks for well under the hosts' 20,000


@dataclass(frozen=True)
class MariadbLayout:
    """The files of one run's MariaDB, all under `root` (the run's directory)."""

    root: Path

    @property
    def datadir(self) -> Path:
        return self.root / "data"

    @property
    def tmpdir(self) -> Path:
        return self.root / "tmp"

    @property
    def socket(self) -> Path:
        return self.root / "mariadb.sock"

    @property
    def pid_file(self) -> Path:
        return self.root / "mariadb.pid"

    @property
    def error_log(self) -> Path:
        return self.root / "error.log"

    @property
    def output(self) -> Path:
        return self.root / "output.txt"

    @property
    def init_file(self) -> Path:
        return self.root / "init.sql"

    @property
    def client_options(self) -> Path:
        return self.root / "client.cnf"

    @property
    def no_files(self) -> Path:
        """secure_file_priv: empty, the agent's, beside (not in) the server's own directory."""
        return self.root.parent / "no-files"


def install_argv(layout: MariadbLayout) -> list[str]:
    """mariadb-install-db for a fresh data dir, run as the user who will own it (root@localhost
    gets unix_socket login: the host's root only)."""
    return [
        INSTALL_BIN,
        "--no-defaults",
        f"--datadir={layout.datadir}",
        "--skip-test-db",
        "--auth-root-authentication-method=socket",
        *INNODB_OPTIONS,
    ]


def server_argv(
    layout: MariadbLayout, database: ManagedDatabase, address: str, port: int, run_as: str
) -> list[str]:
    """mariadbd in the foreground, started as `run_as` (which `--user` names again: mariadbd
    would refuse to run as root without it)."""
    return [
        SERVER_BIN,
        "--no-defaults",
        f"--datadir={layout.datadir}",
        f"--tmpdir={layout.tmpdir}",
        f"--socket={layout.socket}",
        f"--pid-file={layout.pid_file}",
        f"--log-error={layout.error_log}",
        f"--bind-address={address}",
        f"--port={port}",
        f"--init-file={layout.init_file}",
        f"--max-connections={database.max_connections}",
        f"--max-connect-errors={MAX_CONNECT_ERRORS}",
        f"--table-open-cache={TABLE_OPEN_CACHE}",
        "--skip-name-resolve",
        "--performance-schema=OFF",
        "--local-infile=0",
        f"--secure-file-priv={layout.no_files}",
        "--skip-symbolic-links",
        *INNODB_OPTIONS,
        f"--user={run_as}",
    ]


def init_sql(database: ManagedDatabase, access: SqlAccess, check_users: list[str]) -> str:
    """The statements the server runs before its first connection."""
    schema, table = access.schema_name, database.table
    statements = [
        f"CREATE DATABASE `{schema}`",
        f"USE `{schema}`",
        f"CREATE TABLE `{table}` (id INT NOT NULL PRIMARY KEY, payload VARCHAR(64) NOT NULL)",
    ]
    if database.rows:
        # seq_1_to_N: MariaDB's Sequence engine, a virtual table of the numbers 1..N.
        statements.append(
            f"INSERT INTO `{table}` SELECT seq, CONCAT('row-', seq) FROM seq_1_to_{database.rows}"  # noqa: S608 - typed identifier and int
        )
    statements += [
        f"CREATE USER '{access.user}'@'%' IDENTIFIED BY '{access.password}'",
        f"GRANT ALL PRIVILEGES ON `{schema}`.* TO '{access.user}'@'%'",
        *(f"CREATE USER '{user}'@'%'" for user in check_users),
    ]
    return "".join(f"{statement};\n" for statement in statements)


def ready_query_argv(layout: MariadbLayout, database: ManagedDatabase, access: SqlAccess) -> list[str]:
    """One query as the load's user over the socket: proves server, account, schema and table."""
    return [
        CLIENT_BIN,
        f"--defaults-file={layout.client_options}",
        "--protocol=socket",
        f"--socket={layout.socket}",
        f"--database={access.schema_name}",
        "--connect-timeout=2",
        "--batch",
        "--skip-column-names",
        f"--execute=SELECT COUNT(*) FROM `{database.table}`",  # noqa: S608 - a pattern-checked identifier
    ]
