"""Response bodies as files: nginx serves them with sendfile and a Content-Length.

Every endpoint gets a file of exactly `body_bytes` bytes (an empty one for 0), written once per
run and shared by all servers. Files keep 1 MB and 10 MB replies out of nginx's memory (echo
module buffers would be allocated per request).
"""

from __future__ import annotations

from pathlib import Path

from contract.target import Endpoint

CHUNK = (b"haplab synthetic response body " * 2200)[:65536]  # 64 KiB of plain ASCII


def body_path(directory: Path, index: int) -> Path:
    return directory / f"{index}.bin"


def write_bodies(endpoints: list[Endpoint], directory: Path) -> list[Path]:
    """One file per endpoint, in the endpoints' order."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for index, endpoint in enumerate(endpoints):
        path = body_path(directory, index)
        with path.open("wb") as out:
            remaining = endpoint.body_bytes
            while remaining > 0:
                piece = CHUNK[: min(remaining, len(CHUNK))]
                out.write(piece)
                remaining -= len(piece)
        paths.append(path)
    return paths
