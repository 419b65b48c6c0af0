"""`haproxy -c`: HAProxy is the only authority on what HAProxy accepts."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from agents.netns import in_netns

CHECK_TIMEOUT_S = 15.0
_ALERT = re.compile(r"^\[ALERT\]\s*(?:\(\d+\)\s*)?:\s*(?:config\s*:\s*)?(?P<message>.*)$")
# Summary lines HAProxy prints after the real alerts; they carry nothing of their own.
_BOILERPLATE = ("Error(s) found in configuration file", "Fatal errors found in configuration")


@dataclass(frozen=True)
class CheckOutcome:
    ok: bool
    output: str
    alerts: list[str]


def alert_lines(output: str) -> list[str]:
    """The ALERT messages of HAProxy's output, without the boilerplate summary lines."""
    alerts = []
    for line in output.splitlines():
        match = _ALERT.match(line.strip())
        if match and not any(b in match.group("message") for b in _BOILERPLATE):
            alerts.append(match.group("message"))
    return alerts


def check_config(haproxy_bin: str, config_path: Path, netns: str | None) -> CheckOutcome:
    """Run `haproxy -c -f CONFIG` where HAProxy will run (cwd: the config's directory)."""
    argv = in_netns(netns, [haproxy_bin, "-c", "-f", str(config_path)])
    try:
        done = subprocess.run(
            argv,
            cwd=config_path.parent,
            capture_output=True,
            text=True,
            timeout=CHECK_TIMEOUT_S,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except FileNotFoundError:
        message = f"cannot run {argv[0]}: not found"
        return CheckOutcome(False, message, [message])
    except subprocess.TimeoutExpired:
        message = f"haproxy -c did not finish within {CHECK_TIMEOUT_S:g} s"
        return CheckOutcome(False, message, [message])
    output = (done.stdout + done.stderr).strip()
    alerts = alert_lines(output)
    if done.returncode != 0 and not alerts:
        alerts = [output or f"haproxy -c exited with status {done.returncode}"]
    return CheckOutcome(done.returncode == 0, output, alerts)
