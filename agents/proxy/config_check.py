"""`haproxy -c`: HAProxy is the only authority on what HAProxy accepts.

It runs where HAProxy will run (the data-plane namespace), as whom (the unprivileged HAProxy
user, agents.privileges) and with what (an empty environment, agents.programs). What goes back
to the orchestrator is only HAProxy's messages about lines of the config
(contract.haproxy.check_output): its raw output could quote another file.
"""

from __future__ import annotations

import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path

from agents import programs
from agents.privileges import LabUser
from contract.haproxy import check_output

log = logging.getLogger(__name__)

CHECK_TIMEOUT_S = 15.0


@dataclass(frozen=True)
class CheckOutcome:
    ok: bool
    alerts: list[str]  # HAProxy's ALERT messages about the config's lines, safe to send back
    messages: str = ""  # every ALERT and WARNING about the config, one per line


def check_config(haproxy_bin: str, config_path: Path, netns: str | None, user: LabUser) -> CheckOutcome:
    """Run `haproxy -c -f CONFIG` where and as HAProxy will run (cwd: the config's directory)."""
    argv = user.command([haproxy_bin, "-c", "-f", str(config_path)], netns)
    try:
        done = programs.run(argv, cwd=config_path.parent, timeout=CHECK_TIMEOUT_S)
    except FileNotFoundError:
        message = f"cannot run {argv[0]}: not found"
        return CheckOutcome(False, [message])
    except subprocess.TimeoutExpired:
        return CheckOutcome(False, [f"haproxy -c did not finish within {CHECK_TIMEOUT_S:g} s"])
    output = done.stdout + done.stderr
    messages = check_output.config_messages(output, str(config_path), str(config_path.parent))
    alerts = [str(m) for m in messages if m.level == "ALERT"]
    if done.returncode != 0:
        log.info("haproxy -c refused %s:\n%s", config_path, output)  # the host owner's log only
        if not alerts:
            alerts = [f"haproxy -c exited with status {done.returncode} (details in the agent's log)"]
    return CheckOutcome(done.returncode == 0, alerts, check_output.shown(messages))
