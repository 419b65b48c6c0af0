"""The rule for the system users haplab drops to (on lab hosts HAProxy, nginx and MariaDB, the load
tools: agents/privileges.py; `haproxy -c` on the API): they must exist and must not be root.
Written once, for agents, backend and the local lab (dev/lab.py) alike."""

from __future__ import annotations

import pwd


class UnprivilegedUserError(ValueError):
    """The user is missing or is root; the message says which and how to fix it."""


def unprivileged_user(name: str, role: str, create_hint: str) -> pwd.struct_passwd:
    """The passwd entry of `name`; UnprivilegedUserError when it does not exist or is root.

    `role` names the user in the message ("HAProxy's user"), `create_hint` says how to create it.
    """
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        raise UnprivilegedUserError(f"{role} {name!r} does not exist: {create_hint}") from None
    if entry.pw_uid == 0:
        raise UnprivilegedUserError(f"{role} {name!r} is root; it must be an unprivileged user")
    return entry
