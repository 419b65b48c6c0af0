"""Ask a local program something (its version, `haproxy -vv` ...): bounded, never raising."""

from __future__ import annotations

import re
import subprocess

from agents import programs

PROBE_TIMEOUT_S = 5.0


def probe_output(argv: list[str], timeout_s: float = PROBE_TIMEOUT_S) -> str | None:
    """Combined stdout+stderr of `argv`, or None when it is missing or hangs."""
    try:
        done = programs.run(argv, timeout=timeout_s)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout + done.stderr


def probe_version(argv: list[str], pattern: str, timeout_s: float = PROBE_TIMEOUT_S) -> str | None:
    """The version `pattern`'s first group finds in `argv`'s output; "unknown" when the tool runs
    but says no version; None when it is missing or hangs."""
    output = probe_output(argv, timeout_s)
    if output is None:
        return None
    found = re.search(pattern, output)
    return found.group(1) if found else "unknown"
