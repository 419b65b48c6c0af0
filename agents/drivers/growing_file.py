"""A file another process is still writing, read as it grows (`tail -f` that knows when to stop).

The load tool writes its per-request output to a plain file, as it would without a reader: a
slow reader never slows the tool (a pipe would: vegeta's workers wait on its results channel,
and a worker that waits is a send that is late). A thread of the agent reads the new bytes every
POLL_S; once the tool has exited (`writer_done`), it reads what is left and stops, so nothing is
read twice and what remains at the end is at most the last poll's worth.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from agents.privileges import open_input

POLL_S = 0.05
CHUNK_BYTES = 1 << 18


class GrowingFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.appeared = False
        self._writer_done = threading.Event()
        self._stopped = threading.Event()

    def writer_done(self) -> None:
        """The writer has exited: read to the end once more, then stop."""
        self._writer_done.set()

    def stop(self) -> None:
        """Stop now, whatever is left unread (teardown)."""
        self._stopped.set()

    def chunks(self) -> Iterator[bytes]:
        """The file's bytes in order, as they are written; ends when the writer is done and
        everything was read (nothing at all when the file never appeared)."""
        handle = None
        try:
            while handle is None:
                done = self._writer_done.is_set()  # before the look: a file made just before counts
                try:
                    handle = open_input(self.path)  # the tool's user's directory: never a link
                except FileNotFoundError:
                    if done or self._stopped.wait(POLL_S):
                        return
            self.appeared = True
            while not self._stopped.is_set():
                done = self._writer_done.is_set()  # before the read: the writer's last bytes are in it
                chunk = handle.read(CHUNK_BYTES)
                if chunk:
                    yield chunk
                elif done:
                    return
                else:
                    self._stopped.wait(POLL_S)
        finally:
            if handle is not None:
                handle.close()
