"""A MariaDB client options file holding a run's account, readable only by the agent's user.

MariaDB clients (mariadb-slap on the injector, the target's readiness query) read the password
from here (`--defaults-file=PATH`, the first option), so it is on no command line, in no process
list, in no log and in no stored argv.
"""

from __future__ import annotations

import os
from pathlib import Path

from spec.protocol import SqlAccess


def write_client_options(path: Path, access: SqlAccess) -> Path:
    """Write `[client] user/password` to `path` with mode 0600 (created so, never widened)."""
    # SqlAccess admits only [A-Za-z0-9_-] in the user and the password: nothing to quote.
    text = f"[client]\nuser={access.user}\npassword={access.password}\n"
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(text)
    return path
