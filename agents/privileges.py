"""Who the lab's processes run as on a lab host: never root, and never with a way back to the agent.

The agent runs as root on the local lab (network namespaces and tc need it), but the processes it
starts run what users wrote: HAProxy a user's config, nginx and MariaDB a user's target, the load
tools a user's requests and SQL. A gap in a validator, or a bug in one of those programs, must not
hand them the host or the agent's token (its state file). So when the agent is root, each starts
through util-linux `setpriv` as an unprivileged system user of its kind, created by
dev/prereqs.sh (and the agent image):

    HAProxy (and `haproxy -c`)           haplab-proxy    --haproxy-user   CAP_NET_BIND_SERVICE only
    nginx, mariadbd (the targets)        haplab-target   --target-user    no capability
    hey, wrk, h2load, vegeta,
    mariadb-slap (the load tools)        haplab-load     --load-user      no capability

with no supplementary groups and no_new_privs; HAProxy keeps CAP_NET_BIND_SERVICE (ambient, so a
frontend may listen below 1024); nginx and MariaDB listen on ports >= 1024 and the tools listen
on nothing, so they keep no capability at all. Each user owns its role's directory for the run
(0700) and nothing else of the agent's: the runtime directory above is traverse-only (0711) and
the state file 0600. A role refuses to start when its user is missing, is root, or cannot reach
its directory. The programs' own privilege switches (HAProxy's `user`, nginx's `user`) are never
used: the drop happens before they start, not by their choice. Every process also starts with
an empty environment and its program by absolute path (agents.programs).

When the agent is not root it cannot switch users: everything runs as the agent's own user, and
the hello says so (haproxy_user, target_user, load_user).

The agent (root) writes a run's inputs into these directories and reads the outputs back. A
process of the lab could have planted a symlink there, so the agent never follows one: files are
created afresh (O_CREAT | O_EXCL | O_NOFOLLOW) and read with O_NOFOLLOW (`create_file`,
`open_output`, `read_text`); the kernel's protected_hardlinks keeps a user from hard-linking
files it cannot read.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from agents.netns import in_netns
from agents.programs import program, resolved
from common.system_users import unprivileged_user


@dataclass(frozen=True)
class UserKind:
    """One kind of lab process and the system user it runs as."""

    key: str  # the hello's capability and AgentContext.extra key naming the user, e.g. "load_user"
    default: str  # the system user dev/prereqs.sh creates
    option: str  # the agent's option choosing another
    runs: str  # what runs as it, for messages
    capabilities: tuple[str, ...] = ()  # what it keeps of root's capabilities (setpriv names)


HAPROXY_USER = UserKind("haproxy_user", "haplab-proxy", "--haproxy-user", "HAProxy", ("net_bind_service",))
TARGET_USER = UserKind("target_user", "haplab-target", "--target-user", "nginx and MariaDB")
LOAD_USER = UserKind("load_user", "haplab-load", "--load-user", "the load tools")
USER_KINDS = (HAPROXY_USER, TARGET_USER, LOAD_USER)


@dataclass(frozen=True)
class LabUser:
    """The user one kind of lab process runs as on this host."""

    name: str
    uid: int
    gid: int
    switch: bool  # False: the agent is not root and its processes run as the agent's own user
    capabilities: tuple[str, ...] = ()

    def command(self, argv: Sequence[str], netns: str | None = None) -> list[str]:
        """How `argv` is started: its program by absolute path, as this user, inside `netns`
        (`ip netns exec` enters the namespace as root first; setpriv then drops to the user)."""
        return in_netns(netns, self.wrap(argv))

    def wrap(self, argv: Sequence[str]) -> list[str]:
        """`argv` (program resolved) started through setpriv as this user; as is when not switching."""
        if not self.switch:
            return resolved(argv)
        kept = "".join(f",+{name}" for name in self.capabilities)
        return [
            program("setpriv"),
            f"--reuid={self.uid}",
            f"--regid={self.gid}",
            "--clear-groups",
            "--no-new-privs",
            f"--inh-caps=-all{kept}",
            f"--ambient-caps=-all{kept}",
            f"--bounding-set=-all{kept}",
            "--",
            *resolved(argv),
        ]

    def own(self, path: Path) -> None:
        """Hand `path` and everything under it to this user (what the agent wrote as root)."""
        if not self.switch:
            return
        for entry in [path, *path.rglob("*")]:  # rglob does not descend into symlinked directories
            os.chown(entry, self.uid, self.gid, follow_symlinks=False)

    def private_directory(self, path: Path) -> Path:
        """Create `path` (not there yet) as this user's own directory, 0700."""
        path.mkdir(mode=0o700)
        path.chmod(0o700)  # whatever the umask
        if self.switch:
            os.chown(path, self.uid, self.gid, follow_symlinks=False)
        return path

    def describe(self) -> str:
        return (
            self.name if self.switch else f"{self.name} (the agent's own user: not root, so it cannot switch)"
        )


def lab_user(kind: UserKind, name: str | None = None) -> LabUser:
    """The user `kind` runs as (`name`, default the kind's); ValueError when the agent is root and
    that is no unprivileged user of this host."""
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.geteuid())
        return LabUser(me.pw_name, me.pw_uid, me.pw_gid, switch=False)
    name = name or kind.default
    hint = (
        f"create it (dev/prereqs.sh, or useradd --system --no-create-home --shell /usr/sbin/nologin "
        f"{name}) or pass {kind.option} NAME; {kind.runs} never run as root"
    )
    entry = unprivileged_user(name, f"the user of {kind.runs}", hint)  # a ValueError
    return LabUser(name, entry.pw_uid, entry.pw_gid, switch=True, capabilities=kind.capabilities)


def unreachable(path: Path, user: LabUser, *, run: bool = False) -> str | None:
    """Why `user` could not reach `path` (a directory above it it may not traverse) or, with
    `run`, could not execute it; None when it can."""
    if not user.switch:
        return None
    for parent in reversed(path.resolve().parents):
        if not _may_execute(parent.stat(), user):
            return (
                f"{user.name} cannot reach {path}: {parent} is not traversable by it "
                f"(chmod o+x {parent}, or choose a --runtime-dir it can reach)"
            )
    if run and not _may_execute(path.stat(), user):
        return f"{user.name} cannot run {path} (chmod o+x {path})"
    return None


def _may_execute(found: os.stat_result, user: LabUser) -> bool:
    """The execute (search) bit of the class `user` falls in: owner, group (its only one), other."""
    if found.st_uid == user.uid:
        return bool(found.st_mode & stat.S_IXUSR)
    if found.st_gid == user.gid:
        return bool(found.st_mode & stat.S_IXGRP)
    return bool(found.st_mode & stat.S_IXOTH)


def role_directory(path: Path, user: LabUser) -> Path:
    """A role's directory under the runtime directory: traverse-only for others (0711), so its
    user reaches the run directories inside and lists nothing; ValueError if it cannot."""
    path.mkdir(mode=0o711, parents=True, exist_ok=True)
    path.chmod(0o711)
    if (problem := unreachable(path, user)) is not None:
        raise ValueError(problem)
    return path


# ---------------------------------------------------------------- files shared with a lab process
#
# Every file is opened relative to its directory, itself opened without following a link: a lab
# process that swapped the directory (or the file) for a link cannot make the agent write or read
# elsewhere, even racing it. The directories above are the agent's (the runtime directory and
# each role's are root's), so the path to the directory itself cannot be redirected.

_NO_LINK = os.O_NOFOLLOW | os.O_CLOEXEC


@contextlib.contextmanager
def _directory_of(path: Path) -> Iterator[int]:
    fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | _NO_LINK)
    try:
        yield fd
    finally:
        os.close(fd)


def create_file(path: Path, content: str | bytes, mode: int = 0o600, owner: LabUser | None = None) -> Path:
    """Write `content` to a new `path` (whatever was there is removed first, a link included, and
    never followed), with `mode` from the start; then hand it to `owner`, if any."""
    with _directory_of(path) as directory:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path.name, dir_fd=directory)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINK
        fd = os.open(path.name, flags, mode, dir_fd=directory)
    with os.fdopen(fd, "wb") as out:
        out.write(content.encode() if isinstance(content, str) else content)
        if owner is not None and owner.switch:
            os.fchown(out.fileno(), owner.uid, owner.gid)
    return path


def open_output(path: Path, *, append: bool = False) -> BinaryIO:
    """A file a process's output goes to: created (or, with `append`, continued), never followed."""
    flags = os.O_WRONLY | os.O_CREAT | _NO_LINK | (os.O_APPEND if append else os.O_TRUNC)
    return os.fdopen(_open_regular(path, flags, 0o644), "wb")


def open_input(path: Path) -> BinaryIO:
    """A file a lab process wrote, opened for reading without following a link
    (FileNotFoundError when it is not there, OSError when it or its directory is a link, or it is
    no regular file)."""
    return os.fdopen(_open_regular(path, os.O_RDONLY | _NO_LINK), "rb")


def _open_regular(path: Path, flags: int, mode: int = 0o600) -> int:
    """`path` opened in its directory; a FIFO or device left in its place is refused, not waited
    on (O_NONBLOCK makes the open itself return; it changes nothing for a regular file)."""
    with _directory_of(path) as directory:
        fd = os.open(path.name, flags | os.O_NONBLOCK, mode, dir_fd=directory)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(f"{path} is not a regular file")
    os.set_blocking(fd, True)
    return fd


def read_text(path: Path) -> str:
    """The text of a file a lab process wrote (`open_input`), undecodable bytes replaced."""
    with open_input(path) as handle:
        return handle.read().decode(errors="replace")
