"""What a role is: a handler for some command types, owning what it starts for a run.

The connection loop (agents/connection.py) hands every command to the role that handles its
type and returns the role's data (or error) as a CommandResult. Roles never run shell text:
every process is started from an argv the role builds from typed fields.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from pydantic import JsonValue

from agents.clock import ApiClock
from contract.protocol import Command
from contract.results import SamplePoint
from contract.strict import StrictModel


class CommandFailed(Exception):  # noqa: N818 - reads as the outcome the orchestrator is told
    """A command could not be carried out; the message goes back to the orchestrator as is."""


@dataclass(frozen=True)
class AgentContext:
    """What every role gets from the daemon."""

    name: str
    # This agent's own directory: configs, sockets, certs, logs, tool outputs. Roles write only here.
    runtime_dir: Path
    # The address other lab hosts reach this host's data plane on (the proxy's bind address for
    # injectors, the target servers' address for the proxy).
    data_address: str
    # Network namespace the data plane runs in (`ip netns exec NS argv...`), or None.
    netns: str | None
    # Hosts load may be sent to (the lab's proxy); anything else is refused.
    allowed_load_targets: frozenset[str]
    # Hands a run's samples to the connection, which batches and sends them (idempotently):
    # emit_samples(run_id, samples). Bind the run with `emitter(run_id)`.
    emit_samples: Callable[[int, list[SamplePoint]], None]
    extra: dict[str, str] = field(default_factory=dict)
    # This agent's clock against the API's (agents.clock): the run's instants become this host's.
    clock: ApiClock = field(default_factory=ApiClock)

    @classmethod
    def local(
        cls,
        name: str,
        runtime_dir: Path,
        *,
        data_address: str = "127.0.0.1",
        allowed_load_targets: frozenset[str] = frozenset(),
        emit_samples: Callable[[int, list[SamplePoint]], None] | None = None,
    ) -> AgentContext:
        """A context for a role run in this process, without a daemon (tests, benchmarks): no
        namespace, samples dropped unless `emit_samples` takes them."""
        return cls(
            name=name,
            runtime_dir=runtime_dir,
            data_address=data_address,
            netns=None,
            allowed_load_targets=allowed_load_targets,
            emit_samples=emit_samples or (lambda _run_id, _samples: None),
        )

    def emitter(self, run_id: int) -> Callable[[list[SamplePoint]], None]:
        """emit_samples with the run bound: what one run's sampler is given."""
        return functools.partial(self.emit_samples, run_id)


class Role(ABC):
    """One role of the agent: proxy, injector or target."""

    name: ClassVar[str]
    # The command `type`s this role executes (teardown goes to every role).
    handles: ClassVar[frozenset[str]]

    def __init__(self, ctx: AgentContext) -> None:
        self.ctx = ctx

    @abstractmethod
    def handle(self, command: Command) -> StrictModel:
        """Carry out `command`; return its answer (the model contract.command_results has for it,
        `command.answered_with`, but for StartSampling's ProxySampling) or raise CommandFailed."""

    @abstractmethod
    def teardown(self, run_id: int, keep_warm_s: float | None = None) -> None:
        """Stop everything started for `run_id` and remove its files. Must be idempotent.

        `keep_warm_s` (contract.protocol.Teardown): a role that can keeps its servers running for
        the next run that asks the same, for at most that long; the others ignore it."""

    def capabilities(self) -> dict[str, JsonValue]:
        """What this role can do on this host (tool versions, ...), merged into the Hello."""
        return {}

    def close(self) -> None:  # noqa: B027 - optional hook; most roles stop everything in teardown
        """The daemon is exiting: stop everything."""
