"""Run commands on a small pool of threads and answer each with a CommandResult.

Commands of a run overlap: AwaitLoad blocks for the load's whole duration while RenewLease and
StopLoad must still be handled, so each command runs on its own worker thread. Whatever a
command does, it is answered: on success with the model the command is answered with
(`answered_with`, contract.command_results; any other is an error, a bug in the role), else with
CommandFailed's message, or the type and text of an unexpected exception; nothing a role raises
ends the loop. The exception: a command nobody waits for and that comes every few seconds
(RenewLease, contract.protocol.ANSWERED_ONLY_ON_FAILURE) is answered only when it fails. A command
id seen again (the backend redelivers after a reconnect) is not executed twice: its result is
sent again if ready. Workers are daemon threads, so a role stuck in a command cannot keep the
agent from exiting.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from pydantic import TypeAdapter, ValidationError

from agents.roles.base import CommandFailed
from contract.protocol import ANSWERED_ONLY_ON_FAILURE, Command, CommandResult, Envelope, MessageId
from contract.strict import StrictModel

log = logging.getLogger(__name__)

MAX_ERROR_CHARS = 10_000
REMEMBERED_COMMANDS = 500
_IN_PROGRESS = None
_MESSAGE_ID: TypeAdapter[str] = TypeAdapter(MessageId)


def _id_of(raw: dict[str, Any]) -> str | None:
    """The id of a raw envelope when it is a valid message id, else None."""
    try:
        return _MESSAGE_ID.validate_python(raw.get("id"))
    except ValidationError:
        return None


def _answered(envelope: Envelope, result: CommandResult) -> bool:
    return not result.ok or envelope.type not in ANSWERED_ONLY_ON_FAILURE


def _truncate(text: str) -> str:
    return text if len(text) <= MAX_ERROR_CHARS else text[: MAX_ERROR_CHARS - 20] + "\n... (truncated)"


class CommandRunner:
    def __init__(
        self,
        execute: Callable[[Command], StrictModel],
        report: Callable[[CommandResult], None],
        *,
        workers: int = 8,
    ) -> None:
        self._execute = execute
        self._report = report
        self._queue: queue.Queue[Envelope | None] = queue.Queue()
        self._lock = threading.Lock()
        self._seen: OrderedDict[str, CommandResult | None] = OrderedDict()
        self._threads = [
            threading.Thread(target=self._work, name=f"command-{index}", daemon=True)
            for index in range(workers)
        ]

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def close(self) -> None:
        """Take no more commands; idle workers exit (busy ones finish or die with the process)."""
        for _ in self._threads:
            self._queue.put(None)

    def submit(self, raw: dict[str, Any]) -> None:
        """Queue one command as received from the backend (validated here)."""
        try:
            envelope = Envelope.model_validate(raw)
        except ValidationError as exc:
            command_id = _id_of(raw)
            log.error("unreadable command %s: %s", command_id or "(no valid id)", exc)
            if command_id is not None:
                self._report(
                    CommandResult(
                        command_id=command_id, ok=False, error=_truncate(f"cannot read this command: {exc}")
                    )
                )
            return
        if not envelope.is_command:
            log.warning("ignoring a %s message sent as a command", envelope.type)
            return
        with self._lock:
            if envelope.id in self._seen:
                earlier = self._seen[envelope.id]
                log.info(
                    "command %s delivered again; %s", envelope.id, "answering again" if earlier else "running"
                )
                if earlier is not None and _answered(envelope, earlier):
                    self._report(earlier)
                return
            self._remember(envelope.id, _IN_PROGRESS)
        self._queue.put(envelope)

    def _remember(self, command_id: str, result: CommandResult | None) -> None:
        self._seen[command_id] = result
        self._seen.move_to_end(command_id)
        while len(self._seen) > REMEMBERED_COMMANDS:
            self._seen.popitem(last=False)

    def _work(self) -> None:
        while (envelope := self._queue.get()) is not None:
            result = self.run(envelope)
            with self._lock:
                self._remember(envelope.id, result)
            if not _answered(envelope, result):
                continue
            try:
                self._report(result)
            except Exception:
                log.exception("could not report the result of command %s", envelope.id)

    def run(self, envelope: Envelope) -> CommandResult:
        body = envelope.body
        log.info("command %s: %s %s", envelope.id, envelope.type, getattr(body, "run_id", ""))
        try:
            command: Command = body  # type: ignore[assignment]  # is_command was checked
            data = self._execute(command)
            if not isinstance(data, command.answered_with):
                raise TypeError(f"answered with {type(data).__name__}, not {command.answered_with.__name__}")
            result = CommandResult(command_id=envelope.id, ok=True, data=data)
        except CommandFailed as exc:
            message = str(exc) or f"{envelope.type} failed"
            log.warning("command %s (%s) failed: %s", envelope.id, envelope.type, message)
            result = CommandResult(command_id=envelope.id, ok=False, error=_truncate(message))
        except Exception as exc:
            log.exception("command %s (%s) raised", envelope.id, envelope.type)
            error = _truncate(f"unexpected error in {envelope.type}: {type(exc).__name__}: {exc}")
            result = CommandResult(command_id=envelope.id, ok=False, error=error)
        return result
