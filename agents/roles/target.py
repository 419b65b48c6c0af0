"""The target role: synthetic upstream servers (nginx + echo module) for one run at a time.

StartTargets starts `servers` servers on consecutive ports of the data address, each answering
every endpoint with its delay, body size and status (HTTP/1.1 or h2c, optionally TLS), and
answers with their addresses once every port serves. StartDatabase starts a throwaway MariaDB
instead (agents/targets/mariadb.py) and answers with its address. Teardown stops nginx or
MariaDB and removes the run's files (a database's data dir too). A second start for the same run
replaces the first. nginx and MariaDB run as the target user (`--target-user`, haplab-target;
agents.privileges), in a directory of the run that user owns.

A Teardown with `keep_warm_s` keeps the run's nginx (never a MariaDB: its account and data are
the run's) running with its directory, unbound to any run, for at most that long
(agents.warm_hold). The next StartTargets adopts it when it asks for the same target and its TLS
credentials have the same identity (contract.kept_processes): same servers, same addresses, the
previous run's certificate from the same CA. Anything else, or any other Teardown, stops it.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from pydantic import JsonValue

from agents.privileges import TARGET_USER, lab_user, role_directory
from agents.roles.base import AgentContext, CommandFailed, Role
from agents.targets.mariadb import MariadbError, RunningDatabase, mariadb_version, start_database
from agents.targets.mariadb_setup import MariadbLayout
from agents.targets.nginx import NginxError, RunningTargets, nginx_version, start_targets
from agents.targets.nginx_config import NginxLayout, UnservablePath
from agents.warm_hold import WarmHold
from contract.command_results import DatabaseStarted, Done, TargetsStarted
from contract.kept_processes import credential_identity
from contract.protocol import Command, StartDatabase, StartTargets, Teardown
from contract.strict import StrictModel

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class StartedTargets:
    """A run's synthetic servers, what they were asked to be (`ask_identity`) and their directory."""

    running: RunningTargets
    ask: str
    directory: Path
    version: str
    config_path: Path


def ask_identity(command: StartTargets) -> str:
    """What a StartTargets asks for, without its run and its per-run credentials."""
    tls = command.tls
    credentials = credential_identity(tls.certificate_pem + tls.private_key_pem) if tls is not None else ""
    return command.target.model_dump_json() + "\n" + credentials


class TargetRole(Role):
    name: ClassVar[str] = "target"
    handles: ClassVar[frozenset[str]] = frozenset({"start_targets", "start_database", "teardown"})

    def __init__(self, ctx: AgentContext) -> None:
        super().__init__(ctx)
        self.user = lab_user(TARGET_USER, ctx.extra.get(TARGET_USER.key))
        self.root = role_directory(ctx.runtime_dir / "target", self.user)
        self._lock = threading.Lock()
        self._running: dict[int, StartedTargets] = {}
        self._databases: dict[int, RunningDatabase] = {}
        # Servers kept after their run, for the next run to adopt.
        self._kept: tuple[WarmHold, StartedTargets] | None = None

    def handle(self, command: Command) -> StrictModel:
        if isinstance(command, StartTargets):
            return self._start(command)
        if isinstance(command, StartDatabase):
            return self._start_database(command)
        if isinstance(command, Teardown):
            self.teardown(command.run_id, command.keep_warm_s)
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
        ask = ask_identity(command)
        if (adopted := self._adopt(command.run_id, ask)) is not None:
            return adopted
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
            self._running[command.run_id] = StartedTargets(running, ask, layout.root, version, layout.config)
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

    def teardown(self, run_id: int, keep_warm_s: float | None = None) -> None:
        stale: StartedTargets | None = None
        with self._lock:
            if self._kept is not None and not (self._kept[0].from_run == run_id and keep_warm_s is not None):
                stale = self._release_kept_locked()  # kept servers live only until the next run's word
            started = self._running.pop(run_id, None)
            database = self._databases.pop(run_id, None)
            if started is not None and keep_warm_s is not None and started.running.process.running:
                hold = WarmHold("the target servers", run_id, keep_warm_s, self._expire)
                self._kept, started = (hold, started), None
            kept_dir = self._kept[1].directory if self._kept is not None else None
        for gone in (stale, started):
            if gone is not None:
                gone.running.process.stop()
                shutil.rmtree(gone.directory, ignore_errors=True)
        if database is not None:
            database.process.stop()
        if kept_dir != self.workdir(run_id):
            shutil.rmtree(self.workdir(run_id), ignore_errors=True)

    def _adopt(self, run_id: int, ask: str) -> TargetsStarted | None:
        """The kept servers for run `run_id` when they serve exactly what it asks; None otherwise
        (they are then stopped by the teardown that precedes a fresh start)."""
        with self._lock:
            if self._kept is None:
                return None
            hold, started = self._kept
            if started.ask != ask or not started.running.process.running:
                log.info("not adopting the servers kept after run %s for run %s", hold.from_run, run_id)
                return None
            hold.cancel()
            self._kept = None
            self._running[run_id] = started
        log.info("run %s adopted the target servers kept after run %s", run_id, hold.from_run)
        return TargetsStarted(
            addresses=list(started.running.addresses),
            command_line=list(started.running.process.argv),
            nginx_version=started.version,
            pid=started.running.process.pid,
            config_path=str(started.config_path),
            reused_from_run=hold.from_run,
        )

    def _release_kept_locked(self) -> StartedTargets | None:
        if self._kept is None:
            return None
        hold, started = self._kept
        hold.cancel()
        self._kept = None
        return started

    def _expire(self, hold: WarmHold) -> None:
        with self._lock:
            started = (
                self._release_kept_locked() if self._kept is not None and self._kept[0] is hold else None
            )
        if started is not None:
            started.running.process.stop()
            shutil.rmtree(started.directory, ignore_errors=True)

    def close(self) -> None:
        with self._lock:
            runs = list(self._running) + list(self._databases)
            kept = self._release_kept_locked()
        if kept is not None:
            kept.running.process.stop()
            shutil.rmtree(kept.directory, ignore_errors=True)
        for run_id in runs:
            with contextlib.suppress(Exception):
                self.teardown(run_id)
