"""agents.privileges: how a lab process is started (setpriv, absolute paths, no environment) and
how the agent shares files with it without ever following a link it could have planted."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from agents.privileges import (
    HAPROXY_USER,
    LOAD_USER,
    TARGET_USER,
    USER_KINDS,
    LabUser,
    create_file,
    lab_user,
    open_input,
    open_output,
    read_text,
    unreachable,
)
from agents.programs import environment, program
from agents.proxy import files

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="switching users needs a root agent")
SOMEONE = LabUser("someone", 60_001, 60_001, switch=True)


def test_a_process_starts_by_absolute_path_as_its_user_with_only_its_capabilities() -> None:
    argv = SOMEONE.command(["nginx", "-t"], netns="lab-tgt")
    assert argv[:4] == [shutil.which("ip"), "netns", "exec", "lab-tgt"]
    assert argv[4] == shutil.which("setpriv")
    assert argv[5:13] == [
        "--reuid=60001",
        "--regid=60001",
        "--clear-groups",
        "--no-new-privs",
        "--inh-caps=-all",
        "--ambient-caps=-all",
        "--bounding-set=-all",
        "--",
    ]
    assert argv[13:] == [shutil.which("nginx"), "-t"]
    proxy = LabUser("p", 60_002, 60_002, switch=True, capabilities=HAPROXY_USER.capabilities)
    assert "--bounding-set=-all,+net_bind_service" in proxy.wrap(["haproxy"])
    # An agent that is not root runs them as itself: only the program is resolved.
    assert LabUser("me", 1000, 1000, switch=False).command(["wrk", "-v"]) == [shutil.which("wrk"), "-v"]
    assert environment() == {}
    assert program("/opt/x/vegeta") == "/opt/x/vegeta" and program("no-such-tool-here") == "no-such-tool-here"


@needs_root
def test_each_kind_has_its_own_unprivileged_user_and_root_is_refused() -> None:
    users = {kind.key: lab_user(kind) for kind in USER_KINDS}
    assert {user.name for user in users.values()} == {"haplab-proxy", "haplab-target", "haplab-load"}
    assert len({user.uid for user in users.values()}) == 3 and all(u.uid != 0 for u in users.values())
    for kind in (TARGET_USER, LOAD_USER):
        with pytest.raises(ValueError, match="root"):
            lab_user(kind, "root")
        with pytest.raises(ValueError, match=f"does not exist.*{kind.option}"):
            lab_user(kind, "no-such-user-here")


@needs_root
def test_a_program_the_user_cannot_run_or_reach_is_named(runtime_dir: Path) -> None:
    user = lab_user(LOAD_USER)
    tool = runtime_dir / "tool"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o700)
    assert "cannot run" in str(unreachable(tool, user, run=True))
    tool.chmod(0o755)
    assert unreachable(tool, user, run=True) is None
    hidden = runtime_dir / "hidden"
    hidden.mkdir(mode=0o700)
    assert "not traversable" in str(unreachable(hidden / "tool", user))


def test_files_are_created_afresh_never_through_a_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("untouched\n")
    planted = tmp_path / "config"
    planted.symlink_to(victim)
    create_file(planted, "new\n", 0o600)
    assert victim.read_text() == "untouched\n" and planted.read_text() == "new\n"
    assert not planted.is_symlink() and oct(planted.stat().st_mode & 0o777) == "0o600"

    linked_dir = tmp_path / "certs"
    linked_dir.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir()
    with pytest.raises(OSError):
        create_file(linked_dir / "key.pem", "secret")  # the directory itself is a link
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_outputs_are_read_and_written_without_following_links_or_waiting_on_fifos(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("root only\n")
    for name in ("stdout.txt", "error.log"):
        (tmp_path / name).symlink_to(secret)
    with pytest.raises(OSError):
        read_text(tmp_path / "error.log")
    with pytest.raises(OSError):
        open_output(tmp_path / "stdout.txt")
    assert secret.read_text() == "root only\n"

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        open_input(fifo)  # would block forever without O_NONBLOCK
    with pytest.raises(OSError):
        open_output(fifo)
    with open_output(tmp_path / "fresh.txt") as out:
        out.write(b"ok")
    assert read_text(tmp_path / "fresh.txt") == "ok"


def test_the_proxy_writes_its_files_only_inside_its_directory(tmp_path: Path) -> None:
    workdir = tmp_path / "proxy"
    workdir.mkdir()
    elsewhere = tmp_path / "etc"
    elsewhere.mkdir()
    (workdir / "certs").symlink_to(elsewhere, target_is_directory=True)  # left by HAProxy's user
    with pytest.raises(ValueError, match="outside"):
        files.write_files(workdir, {"certs/site.pem": "PEM"})
    (workdir / files.CANDIDATE_NAME).symlink_to(elsewhere / "cron")
    files.write_candidate(workdir, "global\n")
    assert list(elsewhere.iterdir()) == []


@needs_root
def test_a_lab_user_really_cannot_follow_what_the_agent_wrote_for_another(runtime_dir: Path) -> None:
    """One run directory per user, 0700: the load user cannot read the target's files."""
    target, load = lab_user(TARGET_USER), lab_user(LOAD_USER)
    directory = target.private_directory(runtime_dir / "run")
    create_file(directory / "client.cnf", "password=x\n", 0o600, owner=target)
    read = subprocess.run(
        load.command(["cat", str(directory / "client.cnf")]), capture_output=True, text=True, timeout=10
    )
    assert read.returncode != 0 and "Permission denied" in read.stderr
