"""The one way to stop a child we hold a Popen for that leads its own session (start_new_session).

Agents stop HAProxy, nginx and MariaDB with it; `make up`, the local lab, the benchmarks and the
tests stop what they started with it too, so "ask, wait, then kill what is left" is written once.
Stops of another kind (a load tool its watchdog reaps, what a killed agent left, a namespace's
processes) keep their own code; docs/architecture.md says which and why.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from collections.abc import Sequence
from typing import Any

Steps = Sequence[tuple[signal.Signals, float]]


def stop_session(proc: subprocess.Popen[Any], steps: Steps, *, kill_wait_s: float = 5.0) -> None:
    """Stop `proc` and everything in its session; returns once it is gone (or `kill_wait_s` passed).

    Each step signals the leader (a server's own shutdown: SIGUSR1 for HAProxy's soft stop,
    SIGQUIT for nginx's graceful one, SIGTERM for most) and waits up to its grace; whatever is
    left of the group then gets SIGKILL (a worker orphaned by a killed master too), and the
    leader is waited for. Only processes we started, by the PID we hold: the group is the
    leader's own (start_new_session), never a name match.
    """
    for sig, grace_s in steps:
        if proc.poll() is not None:
            break
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, sig)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(grace_s)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(kill_wait_s)
