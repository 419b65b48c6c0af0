"""Run data-plane processes and probe sockets inside the lab's network namespace, when there is one."""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

from agents.programs import program

T = TypeVar("T")


def in_netns(netns: str | None, argv: Sequence[str]) -> list[str]:
    """`argv` as it must be started: prefixed by `ip netns exec NS` when a namespace is set."""
    if netns is None:
        return list(argv)
    return [program("ip"), "netns", "exec", netns, *argv]


# Named namespaces made by `ip netns add` are bind-mounted here.
NETNS_DIR = Path("/run/netns")
_CLONE_NEWNET = 0x40000000


def call_in_netns(netns: str | None, fn: Callable[[], T]) -> T:
    """`fn()` run on a thread that has entered the named network namespace.

    Sockets keep the namespace they were created in, so a probe made this way connects to
    addresses that exist only inside the lab's namespace, without starting a program there
    (`ip netns exec ... python` costs a few hundred milliseconds per call). A network namespace
    is per thread: the agent's other threads stay where they are.
    """
    if netns is None:
        return fn()
    if not netns or "/" in netns or netns in (".", ".."):
        raise ValueError(f"not a network namespace name: {netns!r}")
    outcome: dict[str, Any] = {}

    def enter_and_call() -> None:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            with (NETNS_DIR / netns).open("rb") as target:
                if libc.setns(target.fileno(), _CLONE_NEWNET) != 0:
                    err = ctypes.get_errno()
                    raise OSError(err, f"cannot enter network namespace {netns}: {os.strerror(err)}")
            # The thread ends right after, so it never has to find its way back.
            outcome["value"] = fn()
        except BaseException as exc:  # re-raised on the caller's thread
            outcome["error"] = exc

    thread = threading.Thread(target=enter_and_call, name=f"netns-{netns}", daemon=True)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return cast(T, outcome["value"])
