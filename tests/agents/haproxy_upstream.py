"""A tiny real upstream for proxy tests: a second HAProxy answering `http-request return`.

Never a hand-written Python server: the proxy under test talks to a real HTTP implementation.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

from agents.netns import in_netns
from common.process_groups import stop_session
from dev.services import free_port, wait_for_port

UPSTREAM_CONFIG = """\
global
    maxconn 500
defaults
    mode http
    timeout connect 2s
    timeout client 10s
    timeout server 10s
frontend upstream
    bind 127.0.0.1:{port}
    http-request return status 200 content-type text/plain string ok
"""


@contextlib.contextmanager
def http_upstream(directory: Path, netns: str | None = None) -> Iterator[str]:
    """Run the upstream (inside `netns` if given); yields its "127.0.0.1:PORT"; stops it by pid.

    Inside a namespace its port cannot be probed from here: the proxy's health check waits.
    """
    port = free_port()
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "upstream.cfg"
    config.write_text(UPSTREAM_CONFIG.format(port=port))
    proc = subprocess.Popen(
        in_netns(netns, ["haproxy", "-db", "-f", str(config)]),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        if netns is None:
            wait_for_port(port, 10, proc)
        yield f"127.0.0.1:{port}"
    finally:
        stop_session(proc, [(signal.SIGTERM, 10)], kill_wait_s=10)


def pid_alive(pid: int) -> bool:
    """True while `pid` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"
