"""haplab-agent: the command line.

    haplab-agent enroll --server URL --token TOKEN --name NAME --roles proxy,injector
                        [--state-file PATH]
    haplab-agent run [--state-file PATH] --runtime-dir DIR --data-address ADDR [--netns NS]
                     [--allow-load-to HOST ...] [--log-level info]

`run` works until SIGTERM or SIGINT, then stops everything its roles started (HAProxy, target
servers, load tools) and exits 0. If the backend says the agent was revoked, it stops the same
way and exits AGENT_EXIT_REVOKED (78), which a supervisor should not restart (systemd:
RestartPreventExitStatus=78): the token will never work again. If an earlier `run` was killed
instead, `run` first stops what that one left running (agents/sessions.py).
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

from pydantic import ValidationError

from agents import __version__
from agents.command_runner import CommandRunner
from agents.connection import Connection
from agents.dispatch import Dispatcher
from agents.gateway import Gateway, GatewayError, enroll
from agents.hello import build_hello
from agents.privileges import USER_KINDS
from agents.roles import role_class
from agents.roles.base import AgentContext, Role
from agents.sampling import SampleSink
from agents.sessions import SessionLedger, use_ledger
from agents.state import AgentState, StateFileError, keep_private, load_state, save_state
from contract.protocol import AGENT_EXIT_REVOKED, EnrollRequest

log = logging.getLogger("agents")

DEFAULT_STATE_FILE = "/var/lib/haplab-agent/state.json"
ROLE_NAMES = ("proxy", "injector", "target")


def _roles(text: str) -> list[str]:
    roles = sorted({part.strip() for part in text.split(",") if part.strip()})
    unknown = [role for role in roles if role not in ROLE_NAMES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown role(s) {', '.join(unknown)}; use {', '.join(ROLE_NAMES)}")
    return roles


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="haplab-agent", description="haplab lab-host agent")
    parser.add_argument("--version", action="version", version=f"haplab-agent {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    en = commands.add_parser("enroll", help="join a lab with a one-time enrollment token")
    en.add_argument("--server", required=True, help="base URL of the haplab backend")
    en.add_argument("--token", required=True, help="one-time enrollment token from the lab page")
    en.add_argument("--name", required=True, help="this agent's name in the lab")
    # Required: the enroll reply does not name the roles, and finding out after the one-time
    # token is spent would be too late to write a usable state file.
    en.add_argument(
        "--roles", type=_roles, required=True, help="comma-separated roles: proxy,injector,target"
    )
    en.add_argument("--state-file", type=Path, default=Path(DEFAULT_STATE_FILE))

    run = commands.add_parser("run", help="connect to the backend and carry out commands")
    run.add_argument("--state-file", type=Path, default=Path(DEFAULT_STATE_FILE))
    run.add_argument(
        "--runtime-dir", type=Path, required=True, help="directory for configs, sockets, outputs"
    )
    run.add_argument(
        "--data-address", required=True, help="address lab peers reach this host's data plane on"
    )
    run.add_argument("--netns", default=None, help="network namespace of the data plane (root only)")
    run.add_argument(
        "--allow-load-to",
        action="append",
        default=[],
        metavar="HOST",
        help="a host load may be sent to (repeat); anything else is refused",
    )
    for kind in USER_KINDS:  # --haproxy-user, --target-user, --load-user (agents.privileges)
        run.add_argument(
            kind.option,
            dest=kind.key,
            default=kind.default,
            metavar="NAME",
            help=f"unprivileged user {kind.runs} run as when the agent is root (never root)",
        )
    run.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "enroll":
        return enroll_command(args)
    return run_command(args)


def enroll_command(args: argparse.Namespace) -> int:
    try:
        reply = enroll(args.server, EnrollRequest(token=args.token, name=args.name, roles=args.roles))
    except (GatewayError, ValidationError) as exc:  # refused by the server, or a name it would refuse
        print(f"enrollment failed: {exc}", file=sys.stderr)
        return 1
    state = AgentState(
        server=args.server.rstrip("/"),
        agent_id=reply.agent_id,
        agent_token=reply.agent_token,
        lab_id=reply.lab_id,
        name=reply.name,
        roles=reply.roles or args.roles,
    )
    save_state(args.state_file, state)
    print(f"enrolled {state.name} (agent {state.agent_id}, lab {state.lab_id}); state in {args.state_file}")
    return 0


def run_command(args: argparse.Namespace) -> int:
    logging.basicConfig(
        level=args.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    # One line per HTTP request (a long poll every 20 s, a heartbeat every 5 s) drowns the log.
    for noisy in ("httpx", "httpcore"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    try:
        state = load_state(args.state_file)
    except StateFileError as exc:
        log.error("%s", exc)
        return 1
    if keep_private(args.state_file):
        log.warning("%s was readable by others (it holds this agent's token): now 600", args.state_file)
    stop = threading.Event()

    def on_signal(signum: int, _frame: FrameType | None) -> None:
        log.info("%s received: stopping", signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    return serve(state, args, stop)


def serve(state: AgentState, args: argparse.Namespace, stop: threading.Event) -> int:
    """Run the agent until `stop` is set (a signal, or the backend revoked it); then tear every
    role down."""
    runtime_dir: Path = args.runtime_dir.resolve()
    runtime_dir.mkdir(mode=0o711, parents=True, exist_ok=True)
    # Traverse-only for others: HAProxy's unprivileged user must reach the proxy role's own
    # directory inside (0700, its own); nothing here can be listed or read by others.
    runtime_dir.chmod(0o711)
    # Whatever an earlier agent process left running here (it was killed, not stopped) goes
    # before this one takes commands: a stale HAProxy would hold the lab's ports.
    ledger = SessionLedger(runtime_dir / "sessions")
    leftovers = ledger.reap_leftovers()
    if leftovers:
        log.warning("stopped %d process(es) left by an earlier agent process", len(leftovers))
    use_ledger(ledger)
    gateway = Gateway(state.server, state.agent_token)
    # The sink, the runner and the connection refer to each other; the lambdas below are called
    # only once `connection` exists.
    sink = SampleSink(lambda batch: connection.send_batch(batch))
    ctx = AgentContext(
        name=state.name,
        runtime_dir=runtime_dir,
        data_address=args.data_address,
        netns=args.netns,
        allowed_load_targets=frozenset(args.allow_load_to),
        emit_samples=sink.emit,
        extra={kind.key: getattr(args, kind.key) for kind in USER_KINDS},
    )
    try:
        roles: list[Role] = [role_class(name)(ctx) for name in state.roles]
    except (KeyError, ValueError) as exc:
        log.error("%s", exc.args[0] if exc.args else exc)
        return 1
    dispatcher = Dispatcher(
        roles, sink, host_source=f"host:{state.name}", netns=args.netns, clock=ctx.clock, exchanger=gateway
    )
    runner = CommandRunner(dispatcher.execute, lambda result: connection.send_result(result))
    connection = Connection(
        gateway,
        lambda: build_hello(ctx, list(state.roles), roles, exchanger=gateway),
        runner.submit,
        lambda: dispatcher.busy_run_id,
        stop,
        # An injector's load lease, renewed through the replies to its sample batches.
        on_load_lease=dispatcher.renew_load_lease,
    )
    sink.start()
    runner.start()
    threading.Thread(target=connection.run_forever, name="connection", daemon=True).start()
    log.info(
        "haplab-agent %s: %s, roles %s, server %s",
        __version__,
        state.name,
        ",".join(state.roles),
        state.server,
    )
    while not stop.wait(1.0):
        pass

    runner.close()
    dispatcher.close()
    sink.stop(flush_timeout_s=2.0)
    gateway.close()
    if connection.revoked is not None:
        log.info("stopped: this agent was revoked (exit %d)", AGENT_EXIT_REVOKED)
        return AGENT_EXIT_REVOKED
    log.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
