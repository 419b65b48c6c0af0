"""Run PostgreSQL and Redis as child processes with their data in a folder of ours.

Used by `make up` (data under var/) and by the test suite (a throwaway temp dir). No system
service is touched: apt does not start services on the lab machines, and a developer's own
PostgreSQL must not be disturbed.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common.process_groups import stop_session

PG_BIN_CANDIDATES = [Path("/usr/lib/postgresql/15/bin"), Path("/usr/lib/postgresql/16/bin")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, timeout: float, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode} before listening on {port}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout}s")


@contextlib.contextmanager
def foreground_server(argv: list[str], port: int, ready_timeout_s: float = 10) -> Iterator[str]:
    """A server run in the foreground in its own session (HAProxy -db ...), for a test or a
    benchmark: "127.0.0.1:PORT" once it answers on `port`; stopped (SIGTERM, then the group's
    SIGKILL) when the block ends."""
    proc = subprocess.Popen(
        argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        wait_for_port(port, ready_timeout_s, proc)
        yield f"127.0.0.1:{port}"
    finally:
        stop_session(proc, [(signal.SIGTERM, 10)], kill_wait_s=10)


def _pg_bin(name: str) -> str:
    for d in PG_BIN_CANDIDATES:
        if (d / name).exists():
            return str(d / name)
    found = shutil.which(name)
    if found:
        return found
    raise FileNotFoundError(f"PostgreSQL binary {name!r} not found; install the postgresql package")


def _demote_kwargs() -> dict[str, Any]:
    """PostgreSQL refuses to run as root: run it as the packaged `postgres` user then.

    Popen's user/group (not runuser) so the server is our direct child and gets our signals.
    """
    if os.geteuid() != 0:
        return {}
    return {"user": "postgres", "group": "postgres", "extra_groups": []}


@dataclass
class Postgres:
    data_dir: Path
    port: int
    user: str = "haplab"
    password: str = "haplab"  # a local child process on loopback only
    database: str = "haplab"
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{self.user}:{self.password}@127.0.0.1:{self.port}/{self.database}"

    def url_for(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}:{self.password}@127.0.0.1:{self.port}/{database}"

    def _chown(self, path: Path) -> None:
        if os.geteuid() == 0:
            pw = pwd.getpwnam("postgres")
            os.chown(path, pw.pw_uid, pw.pw_gid)

    def start(self, log_path: Path) -> None:
        fresh = not (self.data_dir / "PG_VERSION").exists()
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._chown(self.data_dir)
        self.data_dir.chmod(0o700)
        sock_dir = self.data_dir / "sock"
        if fresh:
            pwfile = self.data_dir.parent / f".{self.data_dir.name}.pw"
            pwfile.write_text(self.password)
            self._chown(pwfile)
            subprocess.run(
                [
                    _pg_bin("initdb"),
                    "-D",
                    str(self.data_dir),
                    "-U",
                    self.user,
                    "--pwfile",
                    str(pwfile),
                    "-A",
                    "scram-sha-256",
                    "-E",
                    "UTF8",
                    "--no-sync",
                ],
                check=True,
                capture_output=True,
                **_demote_kwargs(),
            )
            pwfile.unlink()
        sock_dir.mkdir(exist_ok=True)
        self._chown(sock_dir)
        log = open(log_path, "ab")  # noqa: SIM115 - handed to the child process
        self.proc = subprocess.Popen(
            [
                _pg_bin("postgres"),
                "-D",
                str(self.data_dir),
                "-p",
                str(self.port),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                f"unix_socket_directories={sock_dir}",
                "-c",
                "max_connections=200",
                "-c",
                "fsync=off" if "pytest" in log_path.name else "fsync=on",
                "-c",
                "shared_buffers=256MB",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            **_demote_kwargs(),
        )
        wait_for_port(self.port, 30, self.proc)
        self._wait_ready()
        if fresh:
            self.create_database(self.database)

    def _wait_ready(self) -> None:
        import psycopg

        deadline = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(self._dsn("postgres"), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def _dsn(self, database: str) -> str:
        return f"host=127.0.0.1 port={self.port} user={self.user} password={self.password} dbname={database}"

    def create_database(self, name: str, template: str | None = None) -> None:
        import psycopg

        with psycopg.connect(self._dsn("postgres"), autocommit=True) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            if exists:
                return
            tmpl = f" TEMPLATE {template}" if template else ""
            conn.execute(f'CREATE DATABASE "{name}"{tmpl}')

    def drop_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(self._dsn("postgres"), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        _terminate(self.proc, signal.SIGINT)  # SIGINT = PostgreSQL's "fast" shutdown
        self.proc = None


@dataclass
class Redis:
    data_dir: Path
    port: int
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, log_path: Path, persist: bool = True) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        exe = shutil.which("redis-server") or "/usr/bin/redis-server"
        args = [
            exe,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(self.data_dir),
            "--daemonize",
            "no",
            "--protected-mode",
            "yes",
        ]
        args += ["--appendonly", "yes"] if persist else ["--save", "", "--appendonly", "no"]
        log = open(log_path, "ab")  # noqa: SIM115 - handed to the child process
        self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for_port(self.port, 15, self.proc)

    def stop(self) -> None:
        _terminate(self.proc, signal.SIGTERM)
        self.proc = None


def _terminate(proc: subprocess.Popen[bytes] | None, sig: int, timeout: float = 20) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def open_path_to_postgres(folder: Path) -> None:
    """As root, PostgreSQL runs as `postgres`: it must be able to traverse down to its data dir."""
    if os.geteuid() != 0:
        return
    for p in [folder, *folder.parents]:
        if p == Path("/"):
            break
        p.chmod(p.stat().st_mode | 0o011)


@contextlib.contextmanager
def throwaway_services(root: Path) -> Iterator[tuple[Postgres, Redis]]:
    """PostgreSQL + Redis on free ports under `root`, removed afterwards. For tests."""
    root.mkdir(parents=True, exist_ok=True)
    open_path_to_postgres(root)
    pg = Postgres(data_dir=root / "pg", port=free_port())
    redis = Redis(data_dir=root / "redis", port=free_port())
    try:
        pg.start(root / "pytest-postgres.log")
        redis.start(root / "redis.log", persist=False)
        yield pg, redis
    finally:
        redis.stop()
        pg.stop()
