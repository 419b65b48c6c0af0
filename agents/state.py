"""The agent's state file: who it is after enrollment (server, ids, its own secret token).

Written once by `haplab-agent enroll`, read by `haplab-agent run`. It holds a secret, so it is
created with mode 600 from the start (os.open with the mode, never chmod after writing), in a
directory made 700 when enroll creates it, and replaced atomically, so a crash mid-write cannot
leave a half-written token behind. `run` narrows a file that others could read back to 600 (an
older or hand-made one): the lab's processes run as other users (agents.privileges) and must
never read the token.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from contract.protocol import Role


class AgentState(BaseModel):
    """What `enroll` learned and `run` needs."""

    model_config = ConfigDict(extra="forbid")

    server: str = Field(description="Base URL of the haplab backend, e.g. https://haplab.example.com.")
    agent_id: int
    agent_token: str = Field(min_length=1)
    lab_id: int
    name: str = Field(min_length=1)
    roles: list[Role] = Field(min_length=1)


class StateFileError(Exception):
    """The state file is missing or unreadable; the message says what to do."""


def save_state(path: Path, state: AgentState) -> None:
    """Write `state` to `path` with mode 600, atomically."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(state.model_dump_json(indent=2) + "\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


def keep_private(path: Path) -> bool:
    """Make the state file readable by its owner alone (600) if it is not; True when it was not."""
    mode = stat.S_IMODE(os.stat(path).st_mode)
    if mode & 0o077 == 0:
        return False
    os.chmod(path, mode & 0o600)
    return True


def load_state(path: Path) -> AgentState:
    """Read the state file written by `enroll`."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise StateFileError(f"{path} does not exist: run `haplab-agent enroll` first") from None
    except OSError as exc:
        raise StateFileError(f"cannot read {path}: {exc}") from None
    try:
        return AgentState.model_validate_json(text)
    except ValueError as exc:
        raise StateFileError(f"{path} is not a valid agent state file: {exc}") from None
