"""`make up`: PostgreSQL, Redis, migrations, the first admin, the API, the Celery workers (one per
kind of work, backend/queue.py worker_pools: runs, housekeeping with beat, changes, webhooks),
then the local lab's agents (dev/lab.py; HAPLAB_LOCAL_INJECTORS
injectors, default 1, a proxy and a target; stopped first, its namespaces deleted).
HAPLAB_LOCAL_LABS=N (default 1) builds N such labs, "local lab", "local lab 2" ..., each with its
own namespaces and agents, lab dir (var/lab, var/lab-2 ...) and agent logs (var/log,
var/log/lab-2 ...).

Every long-lived process is a child of this supervisor, started in a session of its own so that
a Ctrl-C in the terminal reaches only us; we then stop them one by one, by PID, in reverse order
(API and worker before the servers they use) and exit 0.

Once haplab is up, a child that dies on its own (an agent, the worker, the API, Redis,
PostgreSQL) is restarted after a backoff that doubles (1, 2, 4 ... s), its death and the tail of
its log said here; the API answers 503 meanwhile for what needs the missing part, and a run that
the death cut short ends failed or partial with what it measured. Only a child that keeps dying
(MAX_DEATHS within DEATH_WINDOW_S) makes us stop everything, say which and why, and exit 1. A
child that dies while haplab is still starting fails `make up` at once: that is a setup problem.
supervisord would add a second process tree and its own configuration for what is ~50 lines
here, and it cannot restart an agent into the lab's network namespace the way dev/lab.py does.

Data and logs live under var/ (HAPLAB_VAR_DIR moves them, e.g. for tests); ports come from
backend.settings (HAPLAB_* environment).
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from backend.queue import worker_pools  # noqa: E402
from backend.settings import DEV_WEBHOOK_SECRET_KEY, Settings, get_settings  # noqa: E402
from common.process_groups import stop_session  # noqa: E402
from contract.protocol import AGENT_EXIT_REVOKED  # noqa: E402
from dev.lab import (  # noqa: E402
    INJECTORS_ENV,
    LABS_ENV,
    LabError,
    LocalLab,
    local_lab_name,
    parse_injector_count,
    parse_lab_count,
    remove_leftovers,
    running_local_labs,
)
from dev.services import Postgres, Redis, open_path_to_postgres, wait_for_port  # noqa: E402

VAR = Path(os.environ.get("HAPLAB_VAR_DIR") or ROOT / "var").resolve()
LOGS = VAR / "log"
ADMIN_EMAIL = "admin@haplab.local"
ADMIN_TEAM = "Default team"
PASSWORD_FILE = VAR / "admin-password"
TOKEN_FILE = VAR / "admin-token"
WEBHOOK_KEY_FILE = VAR / "webhook-secret-key"
HEALTH_TIMEOUT = 60.0
LAB_ONLINE_TIMEOUT = 60.0
STOP_TIMEOUT = 20.0
LOOPBACK = {"127.0.0.1", "localhost", "::1"}
# A child that dies this many times within the window is not going to get better by restarting.
MAX_DEATHS = 5
DEATH_WINDOW_S = 60.0
BACKOFF_MAX_S = 30.0


class ChildExitedError(Exception):
    def __init__(self, child: Child, why: str = "") -> None:
        super().__init__(f"{child.name} (pid {child.pid}) exited with {child.returncode()}{why}")
        self.child = child


@dataclass
class Child:
    name: str
    proc: subprocess.Popen[bytes]
    log: Path
    stop: Callable[[], None]
    # Starts the child again and returns its new process; None: a death stops everything.
    restart: Callable[[], subprocess.Popen[bytes]] | None = None
    # Exit statuses after which it is left down, never restarted (a revoked agent's).
    final_exits: frozenset[int] = frozenset()
    left_down: bool = False
    deaths: list[float] = field(default_factory=list)  # monotonic times, within DEATH_WINDOW_S
    restart_at: float | None = None  # a restart is due then (monotonic)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def returncode(self) -> int | None:
        return self.proc.poll()


def _on_signal(signum: int, _frame: object) -> None:
    # Ignore further signals: a second Ctrl-C must not cut the cleanup short (it is bounded).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    # SIGTERM unwinds like Ctrl-C does: whatever we were doing, straight into the cleanup.
    raise KeyboardInterrupt(signal.Signals(signum).name)


def shown(path: Path) -> str:
    """A path as the user would type it from the repository root."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def say(message: str) -> None:
    print(f"[up] {message}", flush=True)


def tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except FileNotFoundError:
        return "(no log)"


def port_in_use(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def require_free(port: int, what: str, hint: str) -> None:
    if port_in_use(port):
        raise SystemExit(f"[up] port {port} for {what} is already in use: {hint}")


def stop_process(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    """Ask politely, then kill the child's own process group (it leads one: start_new_session)."""
    running = proc.poll() is None
    stop_session(proc, [(signal.Signals(sig), STOP_TIMEOUT)], kill_wait_s=5)
    if running and proc.returncode == -signal.SIGKILL:
        say(f"pid {proc.pid} ignored {signal.Signals(sig).name} for {STOP_TIMEOUT:.0f}s: it was killed")
    end_group(proc.pid)


def end_group(pgid: int) -> None:
    """Members of a child's process group that outlived it (a pool process of a killed worker)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        deadline = time.monotonic() + 5
        try:
            os.killpg(pgid, sig)
            while time.monotonic() < deadline:
                time.sleep(0.1)
                os.killpg(pgid, 0)
        except ProcessLookupError:
            return  # the group is empty


class Supervisor:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.children: list[Child] = []
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.labs: list[LocalLab] = []
        # Holds the running labs (dev/lab.py running_local_labs): closing it stops their agents
        # and deletes their namespaces.
        self.lab_stack = contextlib.ExitStack()

    # --- starting -------------------------------------------------------------------------

    def start_postgres(self) -> None:
        url = make_url(self.settings.database_url)
        if url.host not in LOOPBACK:
            say(f"PostgreSQL at {url.host}:{url.port} is external: not starting one")
            return
        port = url.port or 5432
        pid_file = shown(VAR / "pg" / "postmaster.pid")
        require_free(port, "PostgreSQL", f"is a previous `make up` still running? see {pid_file}")
        open_path_to_postgres(VAR)
        pg = Postgres(
            data_dir=VAR / "pg",
            port=port,
            user=url.username or "haplab",
            password=url.password or "haplab",
            database=url.database or "haplab",
        )
        log = LOGS / "postgres.log"
        say(f"starting PostgreSQL on 127.0.0.1:{port} (data in {shown(VAR / 'pg')})")
        try:
            pg.start(log)
        except BaseException:
            pg.stop()
            raise
        assert pg.proc is not None

        def restart() -> subprocess.Popen[bytes]:
            pg.start(log)  # crash recovery from the WAL, as after a power cut
            assert pg.proc is not None
            return pg.proc

        self.children.append(Child("postgres", pg.proc, log, pg.stop, restart))
        say(f"started postgres (pid {pg.proc.pid}), log in {shown(log)}")

    def start_redis(self) -> None:
        parts = urlsplit(self.settings.redis_url)
        if parts.hostname not in LOOPBACK:
            say(f"Redis at {parts.hostname}:{parts.port} is external: not starting one")
            return
        port = parts.port or 6379
        require_free(port, "Redis", "is a previous `make up` still running?")
        redis = Redis(data_dir=VAR / "redis", port=port)
        log = LOGS / "redis.log"
        say(f"starting Redis on 127.0.0.1:{port} (data in {shown(VAR / 'redis')})")
        try:
            redis.start(log, persist=True)
        except BaseException:
            redis.stop()
            raise
        assert redis.proc is not None

        def restart() -> subprocess.Popen[bytes]:
            redis.start(log, persist=True)  # the append-only file brings back what was written
            assert redis.proc is not None
            return redis.proc

        self.children.append(Child("redis", redis.proc, log, redis.stop, restart))
        say(f"started redis (pid {redis.proc.pid}), log in {shown(log)}")

    def run_once(self, name: str, argv: list[str], must_succeed: bool = True) -> bool:
        """A short step (migrations, admin): its output goes to the log folder, NAME.log."""
        log = LOGS / f"{name}.log"
        with open(log, "wb") as out:
            result = subprocess.run(
                argv,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                check=False,
            )
        if result.returncode != 0 and must_succeed:
            raise SystemExit(f"[up] {name} failed (exit {result.returncode}); {log}:\n{tail(log)}")
        return result.returncode == 0

    def spawn(self, name: str, argv: list[str]) -> Child:
        log = LOGS / f"{name}.log"

        def start() -> subprocess.Popen[bytes]:
            out = open(log, "ab")  # noqa: SIM115 - the child holds it for its lifetime
            # Logs accumulate across runs: mark where this one starts, so a tail is not misread.
            out.write(f"\n----- make up: {name} starting at {time.strftime('%F %T')} -----\n".encode())
            out.flush()
            try:
                return subprocess.Popen(
                    argv,
                    cwd=ROOT,
                    env=self.env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    start_new_session=True,
                )
            finally:
                out.close()  # the child has its own copy of the descriptor

        child = Child(name, start(), log, lambda: stop_process(child.proc), start)
        self.children.append(child)
        say(f"started {name} (pid {child.pid}), log in {shown(log)}")
        return child

    def start_lab(self, base_url: str, injectors: int, labs: int = 1) -> str:
        """The local labs' agents (dev/lab.py): `labs` labs of `injectors` injectors each; returns
        the lines for the banner.

        HAPLAB_LOCAL_LAB=auto (namespaces as root, else loopback) | netns | loopback | off. Labs
        that do not come up are a warning, not a failure: the API and the UI stay usable. Once
        online, their agents are watched like every other child.
        """
        mode = os.environ.get("HAPLAB_LOCAL_LAB", "auto")
        if mode == "off":
            return "  local lab    off (HAPLAB_LOCAL_LAB=off)\n"
        use_netns = {"netns": True, "loopback": False}.get(mode)
        names = [local_lab_name(index) for index in range(1, labs + 1)]
        say(
            f"starting the local lab{'s' if labs > 1 else ''} {', '.join(map(repr, names))} "
            f"(HAPLAB_LOCAL_LAB={mode}, {INJECTORS_ENV}={injectors}, {LABS_ENV}={labs})"
        )
        try:
            # Namespaces a killed run left, also of labs a run with more of them had.
            for lab_dir in [
                VAR / "lab",
                *sorted(p for p in VAR.glob("lab-*") if re.fullmatch(r"lab-\d+", p.name)),
            ]:
                if left := remove_leftovers(lab_dir):
                    say(f"removed network namespaces left by a killed run: {left}")
            self.labs = self.lab_stack.enter_context(
                running_local_labs(
                    [lab_dir_of(index) for index in range(1, labs + 1)],
                    base_url,
                    TOKEN_FILE.read_text().strip(),
                    names,
                    use_netns=use_netns,
                    online_timeout=LAB_ONLINE_TIMEOUT,
                    log_dirs=[lab_log_dir_of(index) for index in range(1, labs + 1)],
                    injectors=injectors,
                    # Seed 001's baseline (load.via "direct") needs the injector to reach the target;
                    # the injector still refuses any direct address the worker did not name for that run.
                    direct_path=True,
                )
            )
        except Exception as e:
            say(f"the local lab did not start: {e}")
            self.labs = []  # running_local_labs stopped and removed what it had started
            return f"  WARNING      the local lab did not start ({str(e).splitlines()[0]}); see above\n"
        lines = ""
        for index, (name, lab) in enumerate(zip(names, self.labs, strict=True), start=1):
            for agent in lab.agents:
                # One lab's agents keep their plain names; the others' say their lab.
                child_name = agent.host.agent if index == 1 else f"{agent.host.agent} of {name!r}"
                self.children.append(
                    Child(
                        child_name,
                        agent.proc,
                        agent.log,
                        lambda: None,  # stopped with the labs (stop_lab), not one by one
                        self._agent_restarter(lab, agent.host.agent),
                        # Its token will never work again: restarting it would only exit again.
                        final_exits=frozenset({AGENT_EXIT_REVOKED}),
                    )
                )
                say(f"started {child_name} (pid {agent.pid}), log in {shown(agent.log)}")
            shape = "\n".join(f"               {line}" for line in lab.describe())
            online = f"{len(lab.agents)} agents online"
            lines += f"  local lab    {name!r} (id {lab.lab_id}): {online}\n{shape}\n"
        return lines

    def _agent_restarter(self, lab: LocalLab, name: str) -> Callable[[], subprocess.Popen[bytes]]:
        def restart() -> subprocess.Popen[bytes]:
            dead = next(a for a in lab.agents if a.host.agent == name)
            return lab.restart_agent(dead).proc

        return restart

    def stop_lab(self) -> None:
        """Agents first (before the API they talk to), then the namespaces."""
        if pids := [a.pid for lab in self.labs for a in lab.agents if a.proc.poll() is None]:
            say(f"stopping the local lab's agents (pids {pids})")
        for lab in self.labs:
            if alive := lab.stop():
                say(f"agents still running after stop: pids {alive}")
            if lab.topology is not None:
                say(f"deleting the lab's network namespaces {sorted(lab.topology.namespaces.values())}")
        self.lab_stack.close()  # stops what is left (nothing) and deletes the namespaces
        self.labs = []

    # --- watching -------------------------------------------------------------------------

    def check_children(self) -> None:
        for child in self.children:
            if child.returncode() is not None:
                raise ChildExitedError(child)

    def wait_healthy(self, url: str) -> None:
        deadline = time.monotonic() + HEALTH_TIMEOUT
        last = "no answer yet"
        while time.monotonic() < deadline:
            self.check_children()
            try:
                with urllib.request.urlopen(url, timeout=2) as response:  # noqa: S310 - our own loopback URL
                    if response.status == 200:
                        return
                    last = f"HTTP {response.status}"
            except urllib.error.HTTPError as e:
                last = f"HTTP {e.code}"
            except OSError as e:
                last = str(e)
            time.sleep(0.5)
        log = shown(LOGS / "api.log")
        raise SystemExit(f"[up] {url} not healthy after {HEALTH_TIMEOUT:.0f}s ({last}); see {log}")

    def watch(self) -> None:
        while True:
            self.tend_children()
            time.sleep(0.5)

    def tend_children(self) -> None:
        """Restart a child that died, after its backoff; raise when one keeps dying."""
        now = time.monotonic()
        for child in self.children:
            if child.restart_at is not None:
                if now >= child.restart_at:
                    self._restart(child)
                continue
            code = child.returncode()
            if code is None or child.left_down:
                continue
            if code in child.final_exits:
                child.left_down = True
                say(
                    f"{child.name} (pid {child.pid}) exited with {code}: it was revoked, so it is not "
                    "restarted (start `make up` again to enroll it anew); last lines of "
                    f"{shown(child.log)}:\n{tail(child.log, 10)}"
                )
                continue
            child.deaths = [t for t in child.deaths if now - t < DEATH_WINDOW_S] + [now]
            if child.restart is None:
                raise ChildExitedError(child)
            if len(child.deaths) >= MAX_DEATHS:
                raise ChildExitedError(
                    child, f": it died {len(child.deaths)} times within {DEATH_WINDOW_S:.0f} s, giving up"
                )
            delay = min(BACKOFF_MAX_S, 2.0 ** (len(child.deaths) - 1))
            say(
                f"{child.name} (pid {child.pid}) exited with {code}; restarting it in {delay:g} s "
                f"(death {len(child.deaths)} of {MAX_DEATHS} allowed within {DEATH_WINDOW_S:.0f} s); "
                f"last lines of {shown(child.log)}:\n{tail(child.log, 10)}"
            )
            end_group(child.pid)  # what it left in its process group (pool processes, backends)
            child.restart_at = now + delay

    def _restart(self, child: Child) -> None:
        child.restart_at = None
        assert child.restart is not None
        try:
            child.proc = child.restart()
        except Exception as e:  # counted as another death at the next check: child.proc is the dead one
            say(f"restarting {child.name} failed: {e}")
            return
        say(f"restarted {child.name} (pid {child.pid})")

    # --- stopping -------------------------------------------------------------------------

    def stop_all(self) -> list[int]:
        """Stop every child, newest first; returns the PIDs that are still alive (should be none)."""
        for child in reversed(self.children):
            if child.returncode() is None:
                say(f"stopping {child.name} (pid {child.pid})")
            try:
                child.stop()
            except Exception as e:  # keep stopping the others
                say(f"could not stop {child.name}: {e}")
        return [c.pid for c in self.children if c.returncode() is None]


def lab_dir_of(index: int) -> Path:
    """The lab dir of the index-th local lab (1-based): var/lab, var/lab-2 ..."""
    return VAR / "lab" if index == 1 else VAR / f"lab-{index}"


def lab_log_dir_of(index: int) -> Path:
    """Where the index-th local lab's agents log: var/log (the first, as always), var/log/lab-2 ..."""
    return LOGS if index == 1 else LOGS / f"lab-{index}"


def admin_password() -> str:
    """Generated on the first `make up`, then kept: the login stays the same across restarts."""
    if PASSWORD_FILE.exists():
        return PASSWORD_FILE.read_text().strip()
    password = secrets.token_urlsafe(18)
    fd = os.open(PASSWORD_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(password + "\n")
    return password


def webhook_secret_key(settings: Settings) -> str | None:
    """The key that encrypts webhook secrets when the settings name none: generated on the first
    `make up`, then kept (the secrets it encrypted stay readable). None: the settings have one."""
    keys = [key.get_secret_value() for key in settings.webhook_secret_keys]
    if keys != [DEV_WEBHOOK_SECRET_KEY]:
        return None
    if WEBHOOK_KEY_FILE.exists():
        return WEBHOOK_KEY_FILE.read_text().strip()
    from cryptography.fernet import Fernet

    key = Fernet.generate_key().decode()
    fd = os.open(WEBHOOK_KEY_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


def main() -> int:
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    LOGS.mkdir(parents=True, exist_ok=True)
    settings = get_settings()
    py = sys.executable
    api_host = "127.0.0.1" if settings.api_host in {"0.0.0.0", "::"} else settings.api_host  # noqa: S104
    base_url = f"http://{api_host}:{settings.api_port}"
    sup = Supervisor(settings)
    code = 0
    try:
        # Checked before anything starts: a typo must not cost a minute of starting first.
        try:
            injectors = parse_injector_count(os.environ.get(INJECTORS_ENV))
            labs = parse_lab_count(os.environ.get(LABS_ENV))
        except LabError as e:
            raise SystemExit(f"[up] {e}") from e
        require_free(settings.api_port, "the API", "set HAPLAB_API_PORT or stop what listens there")
        sup.start_postgres()
        sup.start_redis()
        if key := webhook_secret_key(settings):  # the migrations encrypt with it too
            sup.env["HAPLAB_WEBHOOK_SECRET_KEYS"] = key
        say("applying migrations (alembic upgrade head)")
        sup.run_once("migrate", [py, "-m", "alembic", "upgrade", "head"])
        # Until the first release, migrations/versions/0001_initial.py is regenerated in place, so
        # a database built by an older one is at "head" yet lacks columns: say so, loudly.
        schema_ok = sup.run_once("schema-check", [py, "-m", "alembic", "check"], must_succeed=False)
        drift_warning = (
            ""
            if schema_ok
            else (
                f"  WARNING      the database in {shown(VAR / 'pg')} does not match backend/models"
                " (built by an older migration?);\n               `make reset-data` deletes it and the"
                f" next `make up` rebuilds it. Details: {shown(LOGS / 'schema-check.log')}\n"
            )
        )
        if drift_warning:
            say("the database schema differs from backend/models: see the warning below")
        # The API and the worker import for a few seconds: start them while the admin is created.
        api = sup.spawn(
            "api",
            # One worker process per core (HAPLAB_API_WORKERS overrides); open live streams (SSE)
            # are given 5 s on Ctrl-C.
            [py, "-m", "backend.serve", "--host", settings.api_host, "--port", str(settings.api_port)],
        )
        # The workers, one per kind of work (backend/queue.py): runs on threads (hundreds at
        # once), the housekeeping with beat, change searches, webhook deliveries.
        for pool in worker_pools():
            sup.spawn(f"{pool.name}-worker", [py, "-m", *pool.argv()])
        say(f"ensuring the admin {ADMIN_EMAIL}")
        # `--password=X` in one argument: a generated password may start with "-".
        sup.run_once(
            "create-admin",
            [
                py,
                "-m",
                "backend.cli",
                "create-admin",
                "--email",
                ADMIN_EMAIL,
                f"--password={admin_password()}",
                "--team",
                ADMIN_TEAM,
                "--token-file",
                str(TOKEN_FILE),
            ],
        )
        wait_for_port(settings.api_port, HEALTH_TIMEOUT, api.proc)
        sup.wait_healthy(f"{base_url}/api/v1/health")
        lab_lines = sup.start_lab(base_url, injectors, labs)
        print(
            "\nhaplab is up\n"
            f"  UI           {base_url}/\n"
            f"  API docs     {base_url}/api/v1/docs\n"
            f"  admin login  {ADMIN_EMAIL} / {admin_password()}  (kept in {shown(PASSWORD_FILE)})\n"
            f"  API token    {shown(TOKEN_FILE)}  "
            f'(curl -H "Authorization: Bearer $(cat {shown(TOKEN_FILE)})" {base_url}/api/v1/...)\n'
            f"  logs         {shown(LOGS)}/\n"
            f"{lab_lines}"
            f"{drift_warning}"
            "Press Ctrl-C to stop.\n",
            flush=True,
        )
        sup.watch()
    except KeyboardInterrupt as e:
        say(f"{e or 'SIGINT'}: stopping")
    except ChildExitedError as e:
        say(f"{e}; last lines of {shown(e.child.log)}:\n{tail(e.child.log)}")
        code = 1
    except SystemExit as e:
        print(e.code, file=sys.stderr)
        code = 1
    except BaseException as e:  # anything unexpected still stops what we started
        say(f"error: {e!r}")
        code = 1
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        try:
            sup.stop_lab()
        except Exception as e:  # the rest must still stop
            say(f"could not stop the local lab: {e}")
            code = code or 1
        alive = sup.stop_all()
        if alive:
            say(f"still running after stop: pids {alive}")
            code = code or 1
        else:
            say("everything stopped")
    return code


if __name__ == "__main__":
    sys.exit(main())
