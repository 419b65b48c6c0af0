"""A MariaDB client options file holding a run's account, readable only by its owner.

MariaDB clients (mariadb-slap on the injector, the target's readiness query) read the password
from here (`--defaults-file=PATH`, the first option), so it is on no command line, in no process
list, in no log and in no stored argv. The agent writes it into the run's directory, which it
then hands to the client's unprivileged user (agents.privileges): that user alone (and root)
can read it.
"""

from __future__ import annotations

from pathlib import Path

from agents.privileges import create_file
from contract.protocol import SqlAccess


def write_client_options(path: Path, access: SqlAccess) -> Path:
    """Write `[client] user/password` to `path` with mode 0600 (created so, never widened)."""
    # SqlAccess admits only [A-Za-z0-9_-] in the user and the password: nothing to quote.
    return create_file(path, f"[client]\nuser={access.user}\npassword={access.password}\n", 0o600)
