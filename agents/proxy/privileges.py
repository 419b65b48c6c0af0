"""Who HAProxy runs as on a lab host: never root.

The agent runs as root on the local lab (network namespaces and tc need it), but HAProxy runs a
user's config: a mistake in the allowlist or in HAProxy must not hand that config the host. So
when the agent is root, `haproxy -c` and HAProxy itself start through util-linux `setpriv` as an
unprivileged system user (`--haproxy-user`, haplab-proxy by default, created by dev/prereqs.sh):
no supplementary groups, no_new_privs, and of all capabilities only CAP_NET_BIND_SERVICE (ambient,
so a frontend may still listen below port 1024). That user owns the role's directory (config,
certificates, sockets, pidfile) and nothing else of the agent's. HAProxy's own `user`/`group`
keywords stay refused in configs: the drop happens before HAProxy starts, not by its choice.

When the agent is not root it cannot switch users: HAProxy runs as the agent's own user, and the
hello says so (`haproxy_user`).
"""

from __future__ import annotations

import os
import pwd
import stat
from dataclasses import dataclass
from pathlib import Path

from common.users import unprivileged_user

DEFAULT_USER = "haplab-proxy"
_CAPABILITY = "net_bind_service"


@dataclass(frozen=True)
class HAProxyUser:
    name: str
    uid: int
    gid: int
    switch: bool  # False: the agent is not root and HAProxy runs as the agent's own user

    def wrap(self, argv: list[str]) -> list[str]:
        """`argv` (HAProxy) started as this user, with only the capability to bind low ports."""
        if not self.switch:
            return argv
        return [
            "setpriv",
            f"--reuid={self.uid}",
            f"--regid={self.gid}",
            "--clear-groups",
            "--no-new-privs",
            f"--inh-caps=-all,+{_CAPABILITY}",
            f"--ambient-caps=-all,+{_CAPABILITY}",
            f"--bounding-set=-all,+{_CAPABILITY}",
            "--",
            *argv,
        ]

    def own(self, directory: Path) -> None:
        """Hand `directory` and everything in it to this user (files the agent wrote as root)."""
        if not self.switch:
            return
        for path in [directory, *directory.rglob("*")]:
            os.chown(path, self.uid, self.gid, follow_symlinks=False)

    def describe(self) -> str:
        return (
            self.name if self.switch else f"{self.name} (the agent's own user: not root, so it cannot switch)"
        )


def haproxy_user(name: str = DEFAULT_USER) -> HAProxyUser:
    """The user HAProxy runs as; ValueError when the agent is root and `name` is no unprivileged user."""
    if os.geteuid() != 0:
        me = pwd.getpwuid(os.geteuid())
        return HAProxyUser(me.pw_name, me.pw_uid, me.pw_gid, switch=False)
    hint = f"create it (useradd --system {name}) or pass --haproxy-user NAME; HAProxy never runs as root"
    entry = unprivileged_user(name, "HAProxy's user", hint)  # a ValueError, as callers expect
    return HAProxyUser(name, entry.pw_uid, entry.pw_gid, switch=True)


def unreachable(directory: Path, user: HAProxyUser) -> str | None:
    """Why `user` could not reach files in `directory` (a parent it may not traverse), else None."""
    if not user.switch:
        return None
    for parent in reversed(directory.resolve().parents):
        mode = parent.stat()
        if mode.st_uid == user.uid:
            allowed = bool(mode.st_mode & stat.S_IXUSR)
        elif mode.st_gid == user.gid:
            allowed = bool(mode.st_mode & stat.S_IXGRP)
        else:
            allowed = bool(mode.st_mode & stat.S_IXOTH)
        if not allowed:
            return (
                f"HAProxy's user {user.name} cannot reach {directory}: {parent} is not traversable "
                f"by it (chmod o+x {parent}, or choose a --runtime-dir it can reach)"
            )
    return None
