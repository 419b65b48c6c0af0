"""Ask a local program something (its version, `haproxy -vv` ...): bounded, never raising."""

from __future__ import annotations

import subprocess

PROBE_TIMEOUT_S = 5.0


def probe_output(argv: list[str], timeout_s: float = PROBE_TIMEOUT_S) -> str | None:
    """Combined stdout+stderr of `argv`, or None when it is missing or hangs."""
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=timeout_s, check=False, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout + done.stderr
