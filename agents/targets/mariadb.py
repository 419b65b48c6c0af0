"""One throwaway MariaDB server for a run, a child of the target agent (seed 001).

`start_database` writes the init SQL and the readiness account (both 0600) into the server's
own directory, hands it to the target user (agents.privileges), makes a fresh data dir
(mariadb-install-db) and starts mariadbd in the foreground as that user (inside the data-plane
namespace when there is one) in a session of its own, and waits until the load's user can read
the table over the server's socket. The socket is a file in the run's directory, so the agent
checks from where it runs (as the target user too), without entering the namespace. A port
taken by someone else ends mariadbd at once ("Address already in use"): another port is tried.
Stopping is SIGTERM (a clean shutdown), then SIGKILL of the group; the run's directory (data
included) is removed by the role.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
import signal
import subprocess
import time
from dataclasses import dataclass

from agents import programs
from agents.mariadb_options import write_client_options
from agents.privileges import LabUser, create_file, open_output, read_text
from agents.probe import probe_version
from agents.sessions import spawn
from agents.targets.mariadb_setup import (
    INSTALL_BIN,
    SERVER_BIN,
    MariadbLayout,
    init_sql,
    install_argv,
    ready_query_argv,
    server_argv,
)
from agents.targets.ports import PortClash, choose_ports, on_free_ports
from common.process_groups import stop_session
from contract.protocol import SqlAccess
from contract.target import ManagedDatabase

log = logging.getLogger(__name__)

INSTALL_TIMEOUT_S = 60.0
READY_TIMEOUT_S = 30.0
READY_QUERY_TIMEOUT_S = 5.0
RETRY_INTERVAL_S = 0.2
PORT_ATTEMPTS = 4
SHUTDOWN_GRACE_S = 8.0  # well inside the orchestrator's 15 s for a whole Teardown
_PORT_TAKEN = re.compile(r"Address already in use|another mysqld server running on port")


class MariadbError(Exception):
    """MariaDB did not start or serve as asked; the message carries its own words."""


@functools.cache
def mariadb_version() -> str | None:
    """mariadbd's version ("10.11.19"), or None when the server is not installed."""
    return probe_version([SERVER_BIN, "--version"], r"Ver ([0-9][0-9.]*)", timeout_s=10)


class MariadbProcess:
    def __init__(self, layout: MariadbLayout, argv: list[str], user: LabUser) -> None:
        self.layout = layout
        self.argv = argv
        self.user = user
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def start(self) -> None:
        with open_output(self.layout.output, append=True) as out:
            # Its own session: stop signals reach mariadbd only.
            self._proc = spawn(
                self.argv, "mariadbd", cwd=self.layout.root, stdin=subprocess.DEVNULL, stdout=out, stderr=out
            )
        log.info("mariadbd started (pid %d): %s", self._proc.pid, " ".join(self.argv))

    def wait_ready(self, database: ManagedDatabase, access: SqlAccess, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        last = ""
        while True:
            self._raise_if_exited()
            try:
                argv = self.user.command(ready_query_argv(self.layout, database, access))
                done = programs.run(argv, timeout=READY_QUERY_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                last = "the readiness query hung"
            else:
                if done.returncode == 0 and done.stdout.strip() == str(database.rows):
                    return
                last = (done.stderr or done.stdout).strip()
            if time.monotonic() >= deadline:
                self._raise_if_exited()
                raise MariadbError(f"MariaDB did not serve the load's table within {timeout_s:g} s: {last}")
            time.sleep(RETRY_INTERVAL_S)

    def stop(self) -> None:
        """SIGTERM (clean shutdown), then SIGKILL of the group; returns once mariadbd is gone."""
        if self._proc is not None:
            stop_session(self._proc, [(signal.SIGTERM, SHUTDOWN_GRACE_S)])

    def own_words(self) -> str:
        """What mariadbd said about itself: its output and error log, last lines."""
        text = ""
        for path in (self.layout.output, self.layout.error_log):
            with contextlib.suppress(OSError):
                text += read_text(path)  # written by mariadbd: never through a link
        return "\n".join(text.strip().splitlines()[-12:])

    def _raise_if_exited(self) -> None:
        if self._proc is None or self._proc.poll() is None:
            return
        words = self.own_words()
        if _PORT_TAKEN.search(words):
            raise PortClash(words)
        raise MariadbError(f"mariadbd exited with {self._proc.returncode}:\n{words}")


@dataclass
class RunningDatabase:
    process: MariadbProcess
    address: str


def start_database(
    database: ManagedDatabase,
    access: SqlAccess,
    check_users: list[str],
    layout: MariadbLayout,
    address: str,
    netns: str | None,
    user: LabUser,
) -> RunningDatabase:
    """A fresh MariaDB serving the run's schema and table on `address`, run as `user`; ready when
    it returns. `layout.root` must not exist yet: it becomes `user`'s own directory."""
    layout.no_files.mkdir(mode=0o555, exist_ok=True)  # the agent's, empty: secure_file_priv
    layout.no_files.chmod(0o555)
    layout.root.mkdir(mode=0o700)
    layout.tmpdir.mkdir()
    create_file(layout.init_file, init_sql(database, access, check_users), 0o600)
    write_client_options(layout.client_options, access)
    user.own(layout.root)  # nothing of the user's has run here yet: written, then handed over
    _install(layout, user)

    def attempt() -> RunningDatabase:
        port = database.port or choose_ports(address, 1, can_check=netns is None)[0]
        argv = user.command(server_argv(layout, database, address, port, user.name), netns)
        process = MariadbProcess(layout, argv, user)
        process.start()
        try:
            process.wait_ready(database, access, READY_TIMEOUT_S)
        except BaseException:
            process.stop()  # never leave a half-started server behind
            raise
        layout.init_file.unlink(missing_ok=True)  # it holds the password; it has done its job
        host = f"[{address}]" if ":" in address else address
        return RunningDatabase(process, f"{host}:{port}")

    try:
        return on_free_ports(PORT_ATTEMPTS if database.port is None else 1, attempt)
    except PortClash as exc:
        raise MariadbError(
            f"port {database.port or 'choice'} taken ({PORT_ATTEMPTS} attempts): {exc}"
        ) from None


def _install(layout: MariadbLayout, user: LabUser) -> None:
    try:
        done = programs.run(user.command(install_argv(layout)), cwd=layout.root, timeout=INSTALL_TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise MariadbError(f"{INSTALL_BIN} took more than {INSTALL_TIMEOUT_S:g} s") from exc
    if done.returncode != 0:
        words = "\n".join((done.stdout + done.stderr).strip().splitlines()[-12:])
        raise MariadbError(f"{INSTALL_BIN} exited with {done.returncode}:\n{words}")
