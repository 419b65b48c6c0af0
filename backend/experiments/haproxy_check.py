"""Run the real `haproxy -c` on a rendered configuration and report its verdict by line.

HAProxy is the only authority on what HAProxy accepts, so the designer's live validator asks
it rather than guessing. It runs in a box that can read nothing but the config's own directory
(backend/experiments/check_sandbox.py), and only its messages about lines of the config are
kept (contract.haproxy.check_output), which lets the UI put them next to those lines.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from backend.experiments import check_sandbox
from backend.settings import get_settings
from contract.haproxy import check_output

log = logging.getLogger(__name__)

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


def _failed(message: str) -> CheckResult:
    return CheckResult(ok=False, output=message, errors=[CheckError(None, message)])


def check_config(
    config: str,
    workdir: Path,
    *,
    etc_dir: Path,
    hosts: dict[str, str] | None = None,
    timeout_s: float = CHECK_TIMEOUT_S,
) -> CheckResult:
    """Write `config` to `workdir`/haproxy.cfg and run `haproxy -c` on it inside the box.

    `etc_dir` (outside `workdir`) receives the box's /etc files; `hosts` maps the config's host
    names to the addresses they resolve to in there. In the box `workdir` is BOX_RUNTIME_DIR, the
    directory the config was rendered for; HAProxy is given a relative name, so its messages
    name "haproxy.cfg".
    """
    (workdir / CONFIG_NAME).write_text(config)
    haproxy = shutil.which(get_settings().haproxy_bin)
    if haproxy is None:
        return _failed(f"haproxy binary not found: {get_settings().haproxy_bin} (set HAPLAB_HAPROXY_BIN)")
    try:
        check_sandbox.prepare(workdir, etc_dir, hosts or {})
        argv = check_sandbox.wrap([haproxy, "-c", "-f", CONFIG_NAME], workdir, etc_dir)
    except check_sandbox.SandboxUnavailableError as exc:
        return _failed(f"the config check cannot run safely on this API host: {exc}")
    try:
        done = subprocess.run(
            argv,
            cwd=workdir,
            env=check_sandbox.environment(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout_s,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return _failed(f"haproxy -c did not finish within {timeout_s:g}s")
    # Only HAProxy's messages about our config's lines leave this function: its raw output may
    # quote other files (contract.haproxy.check_output).
    messages = check_output.config_messages(
        done.stdout + done.stderr, CONFIG_NAME, check_sandbox.BOX_RUNTIME_DIR
    )
    errors = [CheckError(m.line, m.message) for m in messages if m.level == "ALERT"]
    if done.returncode != 0 and not errors:
        # Nothing HAProxy said about the config: the box itself may have failed. The raw output
        # goes to the API's log for its operator, never to the user.
        log.warning(
            "haproxy -c exited with %s and no message about the config: %s", done.returncode, done.stderr
        )
        errors = [CheckError(None, f"haproxy -c exited with status {done.returncode}")]
    return CheckResult(ok=done.returncode == 0, output=check_output.shown(messages), errors=errors)
