"""Run the real `haproxy -c` on a rendered configuration and report its verdict by line.

HAProxy is the only authority on what HAProxy accepts, so the designer's live validator asks
it rather than guessing. Its messages name the line of the config they are about, which lets
the UI put them next to that line; only those messages are kept (spec.haproxy.check_output).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from backend.settings import get_settings
from spec.haproxy import check_output

CONFIG_NAME = "haproxy.cfg"
CHECK_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class CheckError:
    line: int | None
    message: str


@dataclass
class CheckResult:
    ok: bool
    output: str
    errors: list[CheckError] = field(default_factory=list)


def check_config(config: str, workdir: Path, *, timeout_s: float = CHECK_TIMEOUT_S) -> CheckResult:
    """Write `config` to `workdir`/haproxy.cfg and run `haproxy -c` on it.

    haproxy runs with `workdir` as its current directory and a relative file name, so its
    messages name "haproxy.cfg" rather than a temporary path.
    """
    (workdir / CONFIG_NAME).write_text(config)
    argv = [get_settings().haproxy_bin, "-c", "-f", CONFIG_NAME]
    try:
        done = subprocess.run(
            argv, cwd=workdir, capture_output=True, text=True, timeout=timeout_s, check=False
        )
    except FileNotFoundError:
        message = f"haproxy binary not found: {argv[0]} (set HAPLAB_HAPROXY_BIN)"
        return CheckResult(ok=False, output=message, errors=[CheckError(None, message)])
    except subprocess.TimeoutExpired:
        message = f"haproxy -c did not finish within {timeout_s:g}s"
        return CheckResult(ok=False, output=message, errors=[CheckError(None, message)])
    # Only HAProxy's messages about our config's lines leave this function: its raw output may
    # quote other files (spec.haproxy.check_output).
    messages = check_output.config_messages(done.stdout + done.stderr, CONFIG_NAME, str(workdir))
    errors = [CheckError(m.line, m.message) for m in messages if m.level == "ALERT"]
    if done.returncode != 0 and not errors:
        errors = [CheckError(None, f"haproxy -c exited with status {done.returncode}")]
    return CheckResult(ok=done.returncode == 0, output=check_output.shown(messages), errors=errors)
