"""One nginx serving a run's synthetic servers, a child of the agent.

Started in the foreground (`nginx -e ERROR_LOG -c ABS -g 'daemon off;'`, inside the data-plane
namespace when there is one) in a session of its own, so stopping signals reach it and its
workers only. The master and its workers run as the target user (agents.privileges: setpriv,
no capability; the ports are >= 20000), never as root: no `user` directive, and every path nginx
opens, the startup error log included (`-e`), is in the run's directory, which that user owns.
Ready means every port answered the ready path (bounded wait). Stopping is SIGQUIT (graceful:
finish in-flight replies), then SIGTERM, then SIGKILL of the group, each after a bound.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import resource
import signal
import subprocess
import time
from dataclasses import dataclass

from agents.netns import call_in_netns
from agents.privileges import LabUser, create_file, open_output, read_text
from agents.probe import probe_version
from agents.sessions import spawn
from agents.targets.bodies import write_bodies
from agents.targets.nginx_config import NginxLayout, ServerSettings, render_nginx_config
from agents.targets.ports import PortClash, choose_ports, on_free_ports
from agents.targets.probe import NotAnswering, wait_until_answering
from agents.targets.tls import write_credentials
from common.process_groups import stop_session
from contract.protocol import TlsCredentials
from contract.target import ManagedTarget

log = logging.getLogger(__name__)

NGINX_BIN = "nginx"
READY_TIMEOUT_S = 15.0
PORT_ATTEMPTS = 4
QUIT_GRACE_S = 5.0
TERM_GRACE_S = 2.0
PROBE_SLICE_S = 0.5  # between probe rounds, check that nginx has not exited
_ADDRESS_IN_USE = "Address already in use"


class NginxError(Exception):
    """nginx did not start or serve as asked; the message says why (with its own words)."""


@functools.cache
def nginx_version() -> str | None:
    """nginx's version ("1.22.1"), or None when nginx is not installed."""
    return probe_version([NGINX_BIN, "-v"], r"nginx/([0-9][0-9.]*)", timeout_s=5)


class NginxProcess:
    def __init__(self, layout: NginxLayout, netns: str | None, user: LabUser) -> None:
        self.layout = layout
        self.netns = netns
        nginx = [NGINX_BIN, "-e", str(layout.error_log), "-c", str(layout.config), "-g", "daemon off;"]
        self.argv = user.command(nginx, netns)
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        with open_output(self.layout.stderr) as err:
            # Its own session: stop signals reach nginx only.
            self._proc = spawn(
                self.argv, "nginx", cwd=self.layout.root, stdin=subprocess.DEVNULL, stdout=err, stderr=err
            )
        log.info("nginx started (pid %d): %s", self._proc.pid, " ".join(self.argv))

    def wait_ready(self, addresses: list[str], *, h2: bool, tls: bool, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while True:
            self._raise_if_exited()
            slice_end = min(deadline, time.monotonic() + PROBE_SLICE_S)
            try:
                self._probe(addresses, slice_end, h2=h2, tls=tls)
                return
            except NotAnswering as exc:
                if time.monotonic() >= deadline:
                    self._raise_if_exited()
                    raise NginxError(f"nginx did not answer within {timeout_s:g} s: {exc}") from exc

    def stop(self) -> None:
        """SIGQUIT, then SIGTERM, then SIGKILL of the group; returns once nginx is gone."""
        if self._proc is not None:
            stop_session(self._proc, [(signal.SIGQUIT, QUIT_GRACE_S), (signal.SIGTERM, TERM_GRACE_S)])

    def own_words(self) -> str:
        """What nginx said about itself: its stderr and error log, last lines."""
        text = ""
        for path in (self.layout.stderr, self.layout.error_log):
            with contextlib.suppress(OSError):
                text += read_text(path)  # written by nginx: never through a link
        return "\n".join(text.strip().splitlines()[-10:])

    def _probe(self, addresses: list[str], deadline: float, *, h2: bool, tls: bool) -> None:
        # The namespace's addresses are reachable only from inside it: probe from there.
        call_in_netns(self.netns, lambda: wait_until_answering(addresses, deadline, h2=h2, tls=tls))

    def _raise_if_exited(self) -> None:
        if self._proc is None or self._proc.poll() is None:
            return
        words = self.own_words()
        if _ADDRESS_IN_USE in words:
            raise PortClash(words)
        raise NginxError(f"nginx exited with {self._proc.returncode}:\n{words}")


@dataclass
class RunningTargets:
    process: NginxProcess
    addresses: list[str]


def start_targets(
    target: ManagedTarget,
    layout: NginxLayout,
    address: str,
    netns: str | None,
    user: LabUser,
    credentials: TlsCredentials | None = None,
) -> RunningTargets:
    """Write bodies (and the certificate), render the config, start nginx as `user`, wait until it
    answers. `layout.root` must not exist yet: it becomes `user`'s own directory."""
    layout.root.mkdir(mode=0o700)
    for part in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (layout.temp / part).mkdir(parents=True, exist_ok=True)
    write_bodies(target.endpoints, layout.bodies)
    if target.tls:
        if credentials is None:
            raise NginxError("target.tls: TLS servers need the certificate the worker issues")
        write_credentials(credentials, layout.certificate, layout.private_key)
    user.own(layout.root)  # written as the agent; nginx reads (and writes its temp files) as `user`

    def attempt() -> RunningTargets:
        ports = choose_ports(address, target.servers, can_check=netns is None)
        settings = ServerSettings(address, ports, _open_files_limit())
        # A rewrite after a port clash: nginx (as `user`) has run here, so never through a link.
        create_file(layout.config, render_nginx_config(target, layout, settings), 0o600, owner=user)
        process = NginxProcess(layout, netns, user)
        process.start()
        addresses = [f"[{address}]:{p}" if ":" in address else f"{address}:{p}" for p in ports]
        try:
            process.wait_ready(
                addresses, h2=target.protocol == "h2c", tls=target.tls, timeout_s=READY_TIMEOUT_S
            )
        except BaseException:
            process.stop()  # never leave a half-started nginx behind
            raise
        return RunningTargets(process, addresses)

    try:
        return on_free_ports(PORT_ATTEMPTS, attempt)
    except PortClash as exc:
        raise NginxError(f"no free ports after {PORT_ATTEMPTS} attempts: {exc}") from None


def _open_files_limit() -> int:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return hard if hard != resource.RLIM_INFINITY else 65_536
