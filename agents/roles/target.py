"""The target role: synthetic upstream servers (nginx + echo module) for one run at a time.

StartTargets starts `servers` servers on consecutive ports of the data address, each answering
every endpoint with its delay, body size and status (HTTP/1.1 or h2c, optionally TLS), and
answers with their addresses once every port serves. StartDatabase starts a throwaway MariaDB
instead (agents/targets/mariadb.py) and answers with its address. Teardown stops nginx or
MariaDB and removes the run's files (a database's data dir too). A second start for the same run
replaces the first. nginx and MariaDB run as the target user (`--target-user`, haplab-target;
agents.privileges), in a directory of the run that user owns.
"""

from __future__ import annotations

import contextlib
import shutil
import threading
from pathlib import Path
from typing import ClassVar

from pydantic import JsonValue

from agents.privileges import TARGET_USER, lab_user, role_directory
from agents.roles.base import AgentContext, CommandFailed, Role
from agents.targets.mariadb import MariadbError, RunningDatabase, mariadb_version, start_database
from agents.targets.mariadb_setup import MariadbLayout
from agents.targets.nginx import NginxError, RunningTargets, nginx_version, start_targets
from agents.targets.nginx_config import NginxLayout, UnservablePath
from contract.command_results import DatabaseStarted, Done, TargetsStarted
from contract.protocol import Command, StartDatabase, StartTargets, Teardown
from contract.strict import StrictModel


class TargetRole(Role):
    name: ClassVar[str] = "target"
    handles: ClassVar[frozenset[str]] = frozenset({"start_targets", "start_database", "teardown"})

    def __init__(self, ctx: AgentContext) -> None:
        super().__init__(ctx)
        self.user = lab_user(TARGET_USER, ctx.extra.get(TARGET_USER.key))
        self.root = role_directory(ctx.runtime_dir / "target", self.user)
        self._lock = threading.Lock()
        self._running: dict[int, RunningTargets] = {}
        self._databases: dict[int, RunningDatabase] = {}

    def handle(self, command: Command) -> StrictModel:
        if isinstance(command, StartTargets):
            return self._start(command)
        if isinstance(command, StartDatabase):
            return self._start_database(command)
        if isinstance(command, Teardown):
            self.teardown(command.run_id)
            return Done()
        raise CommandFailed(f"the target role does not handle {command.type}")

    def capabilities(self) -> dict[str, JsonValue]:
        version = nginx_version()
        found: dict[str, JsonValue] = {"target_server": f"nginx/{version}"} if version else {}
        if database := mariadb_version():
            found["database_server"] = f"mariadb/{database}"
        found[TARGET_USER.key] = self.user.describe()
        return found

    def workdir(self, run_id: int) -> Path:
        return self.root.resolve() / str(run_id)

    def _start(self, command: StartTargets) -> TargetsStarted:
        version = nginx_version()
        if version is None:
            raise CommandFailed("nginx is not installed on this target host")
        self.teardown(command.run_id)
        layout = NginxLayout(self.workdir(command.run_id))
        try:
            running = start_targets(
                command.target, layout, self.ctx.data_address, self.ctx.netns, self.user, command.tls
            )
        except UnservablePath as exc:
            shutil.rmtree(layout.root, ignore_errors=True)
            raise CommandFailed(str(exc)) from exc
        except (NginxError, OSError) as exc:
            shutil.rmtree(layout.root, ignore_errors=True)
            raise CommandFailed(f"the synthetic servers did not start: {exc}") from exc
        with self._lock:
            self._running[command.run_id] = running
        return TargetsStarted(
            addresses=list(running.addresses),
            command_line=list(running.process.argv),
            nginx_version=version,
            pid=running.process.pid,
            config_path=str(layout.config),
        )

    def _start_database(self, command: StartDatabase) -> DatabaseStarted:
        version = mariadb_version()
        if version is None:
            raise CommandFailed("MariaDB (mariadb-server) is not installed on this target host")
        self.teardown(command.run_id)
        workdir = self.workdir(command.run_id)
        layout = MariadbLayout(workdir / "mariadb")
        try:
            workdir.mkdir(mode=0o711)  # the agent's: the server's own directory and an empty one
            running = start_database(
                command.database,
                command.access,
                command.check_users,
                layout,
                self.ctx.data_address,
                self.ctx.netns,
                self.user,
            )
        except (MariadbError, OSError) as exc:
            shutil.rmtree(self.workdir(command.run_id), ignore_errors=True)
            raise CommandFailed(f"MariaDB did not start: {exc}") from exc
        with self._lock:
            self._databases[command.run_id] = running
        return DatabaseStarted(
            addresses=[running.address],
            command_line=list(running.process.argv),
            mariadb_version=version,
            pid=running.process.pid,
        )

    def teardown(self, run_id: int) -> None:
        with self._lock:
            running = self._running.pop(run_id, None)
            database = self._databases.pop(run_id, None)
        if running is not None:
            running.process.stop()
        if database is not None:
            database.process.stop()
        shutil.rmtree(self.workdir(run_id), ignore_errors=True)

    def close(self) -> None:
        with self._lock:
            runs = list(self._running) + list(self._databases)
        for run_id in runs:
            with contextlib.suppress(Exception):
                self.teardown(run_id)
