"""Run the real `haproxy -c` on a rendered configuration and report its verdict by line.

HAProxy is the only authority on what HAProxy accepts, so the designer's live validator asks
it rather than guessing. Its ALERT lines look like

    [ALERT]    (8839) : config : parsing [haproxy.cfg:13] : unknown keyword 'bogus' in ...

and the "[file:LINE]" part is what lets the UI put the message next to the offending line.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from backend.settings import get_settings

CONFIG_NAME = "haproxy.cfg"
CHECK_TIMEOUT_S = 10.0

_LEVEL = re.compile(r"^\[(?P<level>ALERT|WARNING)\]\s*(?:\(\d+\)\s*)?:\s*(?P<rest>.*)$")
_WHERE = re.compile(r"\[(?P<file>[^\]\s:]+):(?P<line>\d+)\]\s*:?\s*")
# Summary lines haproxy prints after the real errors; they carry no information of their own.
_BOILERPLATE = ("Error(s) found in configuration file", "Fatal errors found in configuration")


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
    output = (done.stdout + done.stderr).strip()
    errors = parse_alerts(output)
    if done.returncode != 0 and not errors:
        errors = [CheckError(None, output or f"haproxy -c exited with status {done.returncode}")]
    return CheckResult(ok=done.returncode == 0, output=output, errors=errors)


def parse_alerts(output: str) -> list[CheckError]:
    """Every ALERT of haproxy's output, with the line of our config file it points at."""
    errors: list[CheckError] = []
    for raw in output.splitlines():
        m = _LEVEL.match(raw.strip())
        if m is None or m.group("level") != "ALERT":
            continue
        rest = m.group("rest")
        if rest.startswith("config : "):
            rest = rest[len("config : ") :]
        if any(b in rest for b in _BOILERPLATE):
            continue
        line: int | None = None
        where = _WHERE.search(rest)
        if where is not None and where.group("file").endswith(CONFIG_NAME):
            line = int(where.group("line"))
            rest = (rest[: where.start()] + rest[where.end() :]).strip()
            rest = rest.removeprefix("parsing").strip(" :")
        errors.append(CheckError(line=line, message=rest))
    return errors
