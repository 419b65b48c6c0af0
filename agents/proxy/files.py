"""The proxy's files in its directory: haproxy.cfg, certs/, files/, and what HAProxy leaves.

The directory belongs to the proxy role alone (the config was rendered for it: the stats
socket, pidfile and certificates point here), so a run's teardown empties it. HAProxy's user
owns it, so the agent writes here as it writes into any lab process's directory: never through
a link (agents.privileges.create_file).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from agents.privileges import create_file

CONFIG_NAME = "haproxy.cfg"
CANDIDATE_NAME = "haproxy.cfg.new"
STATS_SOCKET = "haproxy.sock"
PIDFILE = "haproxy.pid"
MASTER_SOCKET = "master.sock"
# HAProxy refuses a UNIX socket path longer than this ("too long (max 97)"): it binds to
# PATH.PID.tmp first, and sun_path holds 108 bytes.
MAX_SOCKET_PATH = 97


def socket_path_problem(workdir: Path) -> str | None:
    """Why HAProxy could not create its sockets in `workdir`, or None when it can."""
    longest = max((workdir / name for name in (STATS_SOCKET, MASTER_SOCKET)), key=lambda p: len(str(p)))
    if len(str(longest)) > MAX_SOCKET_PATH:
        return (
            f"{longest} is {len(str(longest))} characters; HAProxy accepts UNIX socket paths of at "
            f"most {MAX_SOCKET_PATH}: choose a shorter --runtime-dir"
        )
    return None


def write_files(workdir: Path, files: dict[str, str]) -> None:
    """Write `certs/<name>` and `files/<name>` (names validated by contract.protocol) with mode 600."""
    root = workdir.resolve()
    for name, content in files.items():
        path = (workdir / name).resolve()
        if root not in path.parents:  # the protocol's pattern already forbids this; belt and braces
            raise ValueError(f"{name!r} is outside {workdir}")
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # keys inside: owner only
        create_file(path, content, 0o600)


def write_candidate(workdir: Path, config_text: str) -> Path:
    """The new config, beside the live one until `haproxy -c` accepts it."""
    return create_file(workdir / CANDIDATE_NAME, config_text, 0o600)


def promote(candidate: Path) -> Path:
    """Make the checked candidate the live haproxy.cfg (what a reload re-reads)."""
    live = candidate.with_name(CONFIG_NAME)
    os.replace(candidate, live)
    return live


def clear(workdir: Path) -> None:
    """Remove everything in `workdir` (the run's config, certs, files, sockets, pidfile)."""
    if not workdir.exists():
        return
    for entry in workdir.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
