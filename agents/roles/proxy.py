"""The proxy role: owns one HAProxy process, applies configs to it and samples its Runtime API.

Its directory is `{runtime_dir}/proxy`, reported in the Hello as capability `runtime_dir`: the
worker renders haproxy.cfg with that directory (contract.haproxy.RenderContext), so the stats socket,
pidfile, certs/ and files/ of the config all live here.

- ApplyProxyConfig: write the files, check the candidate config with `haproxy -c`, then start
  HAProxy (master-worker, foreground child) or, when it already runs for this run, reload it;
  wait until every frontend is OPEN and every server UP on the new worker. Any failure stops
  HAProxy and fails the command with HAProxy's own words.
- StartSampling: a 1 Hz sampler of the Runtime API (agents.proxy.sampler) and, when the config
  logs requests (ApplyProxyConfig.request_log_one_in), the reader of that log
  (agents.proxy.request_log), whose socket was bound before HAProxy started.
- ShapeLinks: cap this host's interfaces with tc (agents.shaping) until the run's Teardown.
- Teardown: stop the sampler and HAProxy, remove the run's link caps, empty the directory. Idempotent.
  With `keep_warm_s`, HAProxy (and its directory: config, certificates) is kept running, unbound
  to any run, for at most that long (agents.warm_hold); the sampler and the request log end as
  always. The next ApplyProxyConfig adopts it when its config text is byte-identical and its files
  have the same identity (contract.kept_processes): its counters are cleared (`clear counters all`,
  which HAProxy documents as the same effect as a restart), so the run's figures are its own.
  Anything else, or any other Teardown, stops it; so does the hold's timer.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from typing import ClassVar

from pydantic import JsonValue

from agents.host import haproxy_facts, qdisc_facts
from agents.privileges import HAPROXY_USER, lab_user, unreachable
from agents.proxy import files, resolution
from agents.proxy.config_check import check_config
from agents.proxy.process import HAProxyError, HAProxyProcess
from agents.proxy.readiness import wait_until_ready
from agents.proxy.request_log import BATCH_WAIT_S, RequestLogReader, bind_log_socket, multi_server_backends
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError
from agents.proxy.sampler import ProxySampler
from agents.roles.base import AgentContext, CommandFailed, Role
from agents.shaping import LinkShaper, ShapingError
from agents.warm_hold import WarmHold
from contract.command_results import HostsResolved, LinksShaped, ProxySampling, ProxyStarted
from contract.kept_processes import files_identity
from contract.protocol import ApplyProxyConfig, Command, ResolveHosts, ShapeLinks, StartSampling
from contract.strict import StrictModel

log = logging.getLogger(__name__)

HAPROXY_BIN_KEY = "haproxy_bin"  # AgentContext.extra key to use another haproxy binary


class ProxyRole(Role):
    name: ClassVar[str] = "proxy"
    handles: ClassVar[frozenset[str]] = frozenset(
        {"apply_proxy_config", "start_sampling", "shape_links", "resolve_hosts"}
    )

    def __init__(self, ctx: AgentContext) -> None:
        super().__init__(ctx)
        self.workdir = ctx.runtime_dir / "proxy"
        if (problem := files.socket_path_problem(self.workdir)) is not None:
            raise ValueError(f"the proxy role cannot run here: {problem}")
        self.workdir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.user = lab_user(HAPROXY_USER, ctx.extra.get(HAPROXY_USER.key))
        if (problem := unreachable(self.workdir, self.user)) is not None:
            raise ValueError(f"the proxy role cannot run here: {problem}")
        self.user.own(self.workdir)  # HAProxy's user alone (and root) may enter it
        self.haproxy_bin = ctx.extra.get(HAPROXY_BIN_KEY, "haproxy")
        self.api = RuntimeApi(self.workdir / files.STATS_SOCKET)
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._run_id: int | None = None
        self._process: HAProxyProcess | None = None
        self._worker_pid: int | None = None
        self._sampler: ProxySampler | None = None
        # The request log of the running config: its socket, one in N, the multi-server backends.
        self._log_socket: socket.socket | None = None
        self._log_one_in: int | None = None
        self._multi_server: frozenset[str] = frozenset()
        self._log_reader: RequestLogReader | None = None
        # Made in a lab namespace, the socket's queue was raised: lines may wait for a batch.
        self._log_batch_wait_s = 0.0
        self._version: str | None = None
        self._shaper: LinkShaper | None = None
        self._shaping_run: int | None = None
        # What the running HAProxy was applied with (an adoption compares them), and the hold
        # keeping it between runs.
        self._applied: tuple[str, dict[str, str], int | None] | None = None
        self._check_messages = ""
        self._kept: WarmHold | None = None
        files.clear(self.workdir)

    # ------------------------------------------------------------ Role

    def capabilities(self) -> dict[str, JsonValue]:
        return {
            "runtime_dir": str(self.workdir),
            "haproxy_bin": self.haproxy_bin,
            HAPROXY_USER.key: self.user.describe(),
        }

    def handle(self, command: Command) -> StrictModel:
        if isinstance(command, ApplyProxyConfig):
            return self.apply(command)
        if isinstance(command, StartSampling):
            return self.start_sampling(command)
        if isinstance(command, ShapeLinks):
            return self.shape_links(command)
        if isinstance(command, ResolveHosts):
            resolved = resolution.resolve(command.names)
            return HostsResolved(addresses={name: list(found) for name, found in resolved.items()})
        raise CommandFailed(f"the proxy role does not handle {command.type}")

    def teardown(self, run_id: int, keep_warm_s: float | None = None) -> None:
        if self._run_id in (None, run_id):  # (a late teardown of a dead run must not cancel the next)
            self._cancel.set()  # an apply still waiting for readiness gives up at once
        if self._shaper is not None and self._shaping_run in (None, run_id):
            self._shaper.clear()
        with self._lock:
            if self._kept is not None:
                if not (self._kept.from_run == run_id and keep_warm_s is not None):
                    self._stop_locked()  # a kept HAProxy lives only until the next run's word
                return
            if self._run_id not in (None, run_id):
                return  # another run's HAProxy: not ours to stop
            if keep_warm_s is not None and self._run_id == run_id and self.pid is not None:
                self._keep_locked(run_id, keep_warm_s)
                return
            self._stop_locked()

    def close(self) -> None:
        self._cancel.set()
        if self._shaper is not None:
            self._shaper.clear()
        with self._lock:
            self._stop_locked()

    # ------------------------------------------------------------ commands

    @property
    def pid(self) -> int | None:
        """The HAProxy master's pid while it runs."""
        return self._process.pid if self._process is not None and self._process.running else None

    def apply(self, command: ApplyProxyConfig) -> ProxyStarted:
        with self._lock:
            self._cancel.clear()
            if self._run_id not in (None, command.run_id):
                log.warning(
                    "run %s never tore down; stopping its HAProxy for run %s", self._run_id, command.run_id
                )
                self._stop_locked()
            if self._kept is not None:
                adopted = self._adopt_locked(command)
                if adopted is not None:
                    return adopted
            self._run_id = command.run_id
            try:
                return self._apply_locked(command)
            except Exception:
                self._stop_locked()  # whatever went wrong, no half-applied HAProxy stays up
                raise

    def _apply_locked(self, command: ApplyProxyConfig) -> ProxyStarted:
        socket_line = f"stats socket {self.workdir}/{files.STATS_SOCKET} "
        if socket_line not in command.config_text:
            raise CommandFailed(
                f"the configuration has no `{socket_line.strip()}`: render it with "
                f"runtime_dir={self.workdir} (this agent's `runtime_dir` capability)"
            )
        files.write_files(self.workdir, command.files)
        candidate = files.write_candidate(self.workdir, command.config_text)
        self.user.own(self.workdir)
        self._prepare_request_log(command)
        check = check_config(self.haproxy_bin, candidate, self.ctx.netns, self.user)
        if not check.ok:
            raise CommandFailed("haproxy -c refused the configuration:\n" + "\n".join(check.alerts))
        config_path = files.promote(candidate)

        deadline = time.monotonic() + command.ready_timeout_s
        try:
            if self._process is not None and self._process.running:
                self._worker_pid = self._process.reload(deadline)
            else:
                self._process = HAProxyProcess(
                    self.haproxy_bin, config_path, self.workdir, self.ctx.netns, self.user
                )
                self._process.start()
                self._worker_pid = self._process.wait_for_worker(deadline)
            process = self._process
            self._wait_ready(command, self._worker_pid)
        except (HAProxyError, RuntimeApiError, TimeoutError, InterruptedError) as exc:
            raise CommandFailed(str(exc)) from None
        self._applied = (command.config_text, files_identity(command.files), command.request_log_one_in)
        self._check_messages = check.messages
        return ProxyStarted(
            command_line=list(process.argv),
            haproxy_version=self._haproxy_version(),
            check_output=check.messages,
            pid=process.pid,
            worker_pid=self._worker_pid,
        )

    def start_sampling(self, command: StartSampling) -> ProxySampling:
        with self._lock:
            if self._run_id != command.run_id or self._process is None or not self._process.running:
                raise CommandFailed(f"HAProxy is not running for run {command.run_id}: apply a config first")
            if self._sampler is not None:
                self._sampler.stop()
            self._sampler = ProxySampler(self.api, command.t0, self.ctx.emitter(command.run_id))
            self._sampler.start()
            if self._log_reader is not None:
                self._log_reader.stop()
                self._log_reader = None
            if self._log_socket is not None and self._log_one_in is not None:
                self._log_reader = RequestLogReader(
                    self._log_socket,
                    self._log_one_in,
                    command.t0.timestamp(),
                    self.ctx.emitter(command.run_id),
                    self._multi_server,
                    batch_wait_s=self._log_batch_wait_s,
                )
                self._log_reader.start()
        return ProxySampling(source="proxy", socket=str(self.api.socket_path))

    def shape_links(self, command: ShapeLinks) -> LinksShaped:
        if self._shaper is None:
            qdiscs = qdisc_facts().get("qdiscs")
            known = [str(q) for q in qdiscs] if isinstance(qdiscs, list) else []
            self._shaper = LinkShaper(self.ctx.netns, known)
        if self._shaping_run not in (None, command.run_id):
            self._shaper.clear()  # a run that never tore down: its caps are not this run's
        self._shaping_run = command.run_id
        try:
            return LinksShaped.model_validate({"applied": self._shaper.apply(command.shaping)})
        except ShapingError as exc:
            raise CommandFailed(str(exc)) from None

    # ------------------------------------------------------------ kept between runs

    def _keep_locked(self, run_id: int, keep_warm_s: float) -> None:
        """End what belongs to the run (sampler, request log) and keep HAProxy and its files."""
        if self._sampler is not None:
            self._sampler.stop()
            self._sampler = None
        self._close_request_log()
        self._run_id = None
        self._kept = WarmHold("HAProxy", run_id, keep_warm_s, self._expire)

    def _expire(self, hold: WarmHold) -> None:
        with self._lock:
            if self._kept is hold:  # not adopted nor stopped meanwhile
                self._stop_locked()

    def _adopt_locked(self, command: ApplyProxyConfig) -> ProxyStarted | None:
        """Take the kept HAProxy for this run when it runs exactly what is asked; None (and the
        kept HAProxy stopped) otherwise."""
        kept = self._kept
        assert kept is not None
        asked = (command.config_text, files_identity(command.files), command.request_log_one_in)
        process = self._process
        if process is None or not process.running or self._worker_pid is None or asked != self._applied:
            why = "it exited" if process is None or not process.running else "its config or files differ"
            log.info(
                "not adopting the HAProxy kept after run %s for run %s: %s",
                kept.from_run,
                command.run_id,
                why,
            )
            self._stop_locked()
            return None
        kept.cancel()
        self._kept = None
        self._run_id = command.run_id
        try:
            self._prepare_request_log(command)  # its socket again, bound before any load
            # Counters, maxima and the 1,024-request averages start again, as in a fresh process.
            if cleared := self.api.command("clear counters all").strip():
                raise RuntimeApiError(f"clear counters all: {cleared}")
            self._wait_ready(command, self._worker_pid)
        except (HAProxyError, RuntimeApiError, TimeoutError, InterruptedError, OSError) as exc:
            log.warning(
                "the HAProxy kept after run %s could not be adopted (%s): starting afresh", kept.from_run, exc
            )
            self._stop_locked()
            return None
        log.info(
            "run %s adopted the HAProxy kept after run %s (pid %s)",
            command.run_id,
            kept.from_run,
            process.pid,
        )
        return ProxyStarted(
            command_line=list(process.argv),
            haproxy_version=self._haproxy_version(),
            check_output=self._check_messages,
            pid=process.pid,
            worker_pid=self._worker_pid,
            reused_from_run=kept.from_run,
        )

    # ------------------------------------------------------------ internals

    def _wait_ready(self, command: ApplyProxyConfig, worker_pid: int) -> None:
        """Until HAProxy answers on its stats socket with the worker it started (or it exits)."""
        wait_until_ready(
            self.api,
            worker_pid,
            command.ready_timeout_s,
            cancelled=self._cancel,
            check_alive=self._raise_if_exited,
        )

    def _raise_if_exited(self) -> None:
        if self._process is not None and (code := self._process.exit_code()) is not None:
            log.warning("haproxy exited with status %s:\n%s", code, self._process.output_tail())
            raise HAProxyError(f"haproxy exited with status {code}:\n{self._process.messages()}")

    def _prepare_request_log(self, command: ApplyProxyConfig) -> None:
        """Bind the log socket before HAProxy (re)reads a config that logs to it: HAProxy counts a
        line it cannot send as dropped, never retries it. A config without it closes the socket."""
        self._log_one_in = command.request_log_one_in
        self._multi_server = multi_server_backends(command.config_text)
        if command.request_log_one_in is None:
            self._close_request_log()
            return
        if self._log_socket is None:
            self._log_socket, granted = bind_log_socket(self.workdir, self.user, self.ctx.netns)
            self._log_batch_wait_s = BATCH_WAIT_S if self.ctx.netns is not None else 0.0
            log.info("request log socket bound; the kernel granted a %d-byte receive buffer", granted)

    def _close_request_log(self) -> None:
        if self._log_reader is not None:
            self._log_reader.stop()
            self._log_reader = None
        if self._log_socket is not None:
            self._log_socket.close()
            self._log_socket = None

    def _stop_locked(self) -> None:
        if self._kept is not None:
            self._kept.cancel()
            self._kept = None
        self._applied = None
        if self._sampler is not None:
            self._sampler.stop()
            self._sampler = None
        self._close_request_log()
        if self._process is not None:
            self._process.stop()
            self._process = None
        self._worker_pid = None
        self._run_id = None
        files.clear(self.workdir)

    def _haproxy_version(self) -> str:
        if self._version is None:
            self._version = str(haproxy_facts(self.haproxy_bin).get("haproxy_version_line", "unknown"))
        return self._version
