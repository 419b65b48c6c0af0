"""Where the CLI finds haplab and its token: --url/--token, else HAPLAB_URL/HAPLAB_TOKEN, else
what `haplab login` stored in ~/.config/haplab/credentials.json (mode 600: the token is a secret)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def credentials_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "haplab" / "credentials.json"


def stored() -> dict[str, str]:
    try:
        data = json.loads(credentials_path().read_text())
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def resolve(url: str | None, token: str | None) -> tuple[str | None, str | None]:
    saved = stored()
    return (
        url or os.environ.get("HAPLAB_URL") or saved.get("url"),
        token or os.environ.get("HAPLAB_TOKEN") or saved.get("token"),
    )


def save(url: str, token: str) -> Path:
    """Store the URL and token for later commands, readable by this user only."""
    path = credentials_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump({"url": url, "token": token}, f)
        f.write("\n")
    os.chmod(path, 0o600)  # an existing file keeps its old mode through os.open
    return path
