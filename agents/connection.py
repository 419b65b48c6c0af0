"""The connection loop: hello, heartbeats, long-polled commands, results; reconnect forever.

The agent always connects out (hosts behind NAT or a firewall work). One session is: Hello
(capabilities), then a heartbeat thread and a loop of long polls for commands, each handed to the
command runner. A heartbeat goes out when the backend has answered nothing of this agent's for
`heartbeat_interval_s` (from the hello reply, HEARTBEAT_INTERVAL_S by default): every request
the backend takes tells it the agent is alive, so during a run, when a sample batch goes out
every second, no heartbeat is needed (each cost the API a request). A long poll held open is
no sign of life (a frozen agent keeps its connection): an idle agent heartbeats.

Any error ends the session: a 401 is logged as what it is (the agent token is unknown: the
server's database was replaced, an operator must re-enroll or restore), network errors and 5xx
as a lost backend; either way the loop backs off (0.5 s .. 30 s, jittered) and says hello again,
so a backend restart is survived without losing state.

A 401 that says the agent was revoked (contract.protocol.AGENT_REVOKED_ERROR), on any request (the
long poll, a heartbeat, a sample batch, a result), is final: the token will never work again,
so the agent does not retry. It says so once, sets `revoked` and stops (agents/main.py then
stops everything its roles run, the load included, and exits AGENT_EXIT_REVOKED).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any

from agents.backoff import Backoff
from agents.gateway import (
    AgentRevokedError,
    Gateway,
    GatewayError,
    RefusedError,
    ServerFailedError,
    UnauthorizedError,
    UnavailableError,
)
from contract.protocol import (
    HEARTBEAT_INTERVAL_S,
    LIVE_VIEWERS_HEADER,
    LOAD_LEASE_HEADER,
    CommandResult,
    Heartbeat,
    Hello,
    SampleBatch,
)
from contract.version import PROTOCOL_VERSION

log = logging.getLogger(__name__)

POLL_WAIT_S = 20.0
# HTTP 500s in a row after which one sample batch is given up (see send_batch).
SERVER_FAILURES_PER_BATCH = 5


def _log_unauthorized(exc: UnauthorizedError) -> None:
    log.error(
        "the backend refused this agent's token (%s). The agent was revoked or its state file "
        "is stale: re-enroll it (haplab-agent enroll). Retrying anyway.",
        exc,
    )


class Connection:
    def __init__(
        self,
        gateway: Gateway,
        make_hello: Callable[[], Hello],
        on_command: Callable[[dict[str, Any]], None],
        busy_run_id: Callable[[], int | None],
        stop: threading.Event,
        *,
        poll_wait_s: float = POLL_WAIT_S,
        backoff: Backoff | None = None,
        on_load_lease: Callable[[int, datetime], None] | None = None,
    ) -> None:
        self._gateway = gateway
        self._make_hello = make_hello
        self._on_command = on_command
        self._busy_run_id = busy_run_id
        self._stop = stop
        self._poll_wait_s = poll_wait_s
        self._backoff = backoff or Backoff(0.5, 30.0)
        # Called with (run, lease_until) when the reply to a sample batch renews the run's load.
        self._on_load_lease = on_load_lease
        self.connected = threading.Event()
        self.sessions = 0  # hellos answered, for logs and tests
        # Why the backend revoked this agent (its 401), once it did: the agent then stops.
        self.revoked: str | None = None
        self._revoked_lock = threading.Lock()
        self._batch_failures: dict[tuple[int, int], int] = {}  # (run, batch) -> HTTP 500s in a row

    # ------------------------------------------------------------ the loop

    def run_forever(self) -> None:
        while not self._stop.is_set():
            try:
                self._session()
            except AgentRevokedError as exc:
                self._stop_revoked(exc)
                return
            except UnauthorizedError as exc:
                _log_unauthorized(exc)
            except RefusedError as exc:
                log.error("the backend refused this agent: %s. Retrying.", exc)
            except UnavailableError as exc:
                log.warning("backend unavailable: %s", exc)
            except Exception:
                log.exception("connection loop error")
            delay = self._backoff.next_delay()
            log.info("reconnecting in %.1f s", delay)
            self._stop.wait(delay)

    def _session(self) -> None:
        reply = self._gateway.hello(self._make_hello())
        if reply.protocol_version != PROTOCOL_VERSION:
            log.error(
                "the backend speaks protocol %d, this agent %d: upgrade one of them",
                reply.protocol_version,
                PROTOCOL_VERSION,
            )
        self.sessions += 1
        self._backoff.reset()
        log.info(
            "connected to %s as %s (agent %d, lab %d)",
            self._gateway.server,
            reply.name,
            reply.agent_id,
            reply.lab_id,
        )
        interval = reply.heartbeat_interval_s if reply.heartbeat_interval_s > 0 else HEARTBEAT_INTERVAL_S
        beats_stop = threading.Event()
        beats = threading.Thread(
            target=self._heartbeats, args=(interval, beats_stop), name="heartbeat", daemon=True
        )
        self.connected.set()
        beats.start()
        try:
            while not self._stop.is_set():
                for raw in self._gateway.poll_commands(self._poll_wait_s):
                    self._on_command(raw)
        finally:
            self.connected.clear()
            beats_stop.set()

    def _heartbeats(self, interval_s: float, stop: threading.Event) -> None:
        while not stop.is_set() and not self._stop.is_set():
            quiet_s = self._gateway.seconds_since_answered()
            if quiet_s < interval_s:  # another request said it lately
                stop.wait(interval_s - quiet_s)
                continue
            try:
                self._gateway.send(Heartbeat(busy_run_id=self._busy_run_id()))
            except AgentRevokedError as exc:
                self._stop_revoked(exc)  # the held poll is answered the same at once
                return
            except UnauthorizedError as exc:
                # Said at once: the long poll in flight may take its full wait to notice.
                _log_unauthorized(exc)
            except GatewayError as exc:
                log.debug("heartbeat not sent: %s", exc)  # the poll loop notices a lost backend
            stop.wait(interval_s)

    def _stop_revoked(self, exc: AgentRevokedError) -> None:
        """The backend revoked this agent: say so once, and stop (no retry could ever succeed)."""
        with self._revoked_lock:
            if self.revoked is not None:
                return
            self.revoked = str(exc)
        log.error(
            "the backend revoked this agent (%s). Stopping everything it runs and exiting, without "
            "retrying; to bring this host back, enroll it again with a new enrollment token "
            "(haplab-agent enroll with the same --name replaces the revoked agent).",
            exc,
        )
        self._stop.set()

    # ------------------------------------------------------------ outgoing messages

    def send_result(self, result: CommandResult) -> None:
        """Deliver a command's result, retrying through outages until the agent stops."""
        backoff = Backoff(0.5, 30.0)
        while not self._stop.is_set():
            try:
                self._gateway.send(result)
                return
            except AgentRevokedError as exc:
                self._stop_revoked(exc)
                return
            except RefusedError as exc:
                log.error("the backend refused the result of command %s: %s", result.command_id, exc)
                return
            except GatewayError as exc:
                log.warning("result of command %s not delivered (%s); retrying", result.command_id, exc)
            self._stop.wait(backoff.next_delay())

    def send_batch(self, batch: SampleBatch) -> int | None:
        """For the sample sink: raises while the backend is away (the sink resends the batch),
        returns when it was delivered or refused for good (resending would not help), with the
        run's live viewers when the reply counted them (LIVE_VIEWERS_HEADER).

        A batch the backend fails on (HTTP 500) SERVER_FAILURES_PER_BATCH times in a row is
        given up: the sink sends one batch at a time, so resending it forever would hold back
        every later sample of the run. A backend that is down or restarting (no answer, 502,
        503) is waited for as long as it takes."""
        key = (batch.run_id, batch.batch_id)
        try:
            headers = self._gateway.send(batch)
        except AgentRevokedError as exc:
            self._batch_failures.pop(key, None)
            self._stop_revoked(exc)
            return None  # never deliverable: dropped, as the agent stops
        except ServerFailedError as exc:
            failures = self._batch_failures.get(key, 0) + 1
            if failures < SERVER_FAILURES_PER_BATCH:
                self._batch_failures[key] = failures
                raise
            self._batch_failures.pop(key, None)
            log.error(
                "sample batch %s/%d (%d samples) given up after %d server errors: %s",
                batch.run_id,
                batch.batch_id,
                len(batch.samples),
                failures,
                exc,
            )
            return None
        except RefusedError as exc:
            self._batch_failures.pop(key, None)
            log.error("the backend refused sample batch %s/%d: %s", batch.run_id, batch.batch_id, exc)
            return None
        self._batch_failures.pop(key, None)
        lease = headers.get(LOAD_LEASE_HEADER.lower())
        if lease is not None and self._on_load_lease is not None:
            self._renew_load(batch.run_id, lease)
        viewers = headers.get(LIVE_VIEWERS_HEADER.lower(), "")
        return int(viewers) if viewers.isascii() and viewers.isdigit() else None

    def _renew_load(self, run_id: int, lease: str) -> None:
        """The worker's renewal of the run's load lease, as the batch's reply carried it."""
        assert self._on_load_lease is not None
        try:
            self._on_load_lease(run_id, datetime.fromisoformat(lease))
        except Exception as exc:  # no load of that run here (not started, over): nothing to renew
            log.debug("load lease of run %s not renewed (%s): %s", run_id, lease, exc)
