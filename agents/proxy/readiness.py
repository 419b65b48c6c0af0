"""Wait until HAProxy serves: every frontend OPEN, every server UP, on the current worker.

A server with health checks starts as "UP 1/3" with check status INI (no check done yet), so
ready means: status exactly UP (or "no check" for servers without checks) and a finished check.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from agents.proxy.metrics import BACKEND_ROW, FRONTEND_ROW, SERVER_ROW
from agents.proxy.runtime_api import RuntimeApi, RuntimeApiError


@dataclass(frozen=True)
class NotReady:
    """One thing that is not ready yet: `subject` is `state` (because `detail`)."""

    subject: str
    state: str
    detail: str = ""

    def describe(self, waited_s: float) -> str:
        text = f"{self.subject} is {self.state} after {waited_s:g} s"
        return f"{text}: {self.detail}" if self.detail else text


def not_ready(rows: list[dict[str, str]]) -> list[NotReady]:
    """Everything in `show stat` rows that keeps the proxy from being ready."""
    problems = []
    for row in rows:
        kind, status = row.get("type"), row.get("status", "")
        proxy, server = row.get("pxname", ""), row.get("svname", "")
        if kind == FRONTEND_ROW and status != "OPEN":
            problems.append(NotReady(f"frontend {proxy}", status or "not open"))
        elif kind == SERVER_ROW:
            check = row.get("check_status", "")
            if status == "no check":
                continue
            if status != "UP" or check.startswith("INI") or check == "":
                reason = check
                if row.get("last_chk"):
                    reason = f"{check} ({row['last_chk']})" if check else row["last_chk"]
                problems.append(NotReady(f"server {proxy}/{server}", status or "unknown", reason))
        elif kind == BACKEND_ROW and status not in ("UP", ""):
            problems.append(NotReady(f"backend {proxy}", status))
    # Servers first: a DOWN backend is only the consequence of its DOWN servers.
    return sorted(problems, key=lambda p: not p.subject.startswith("server"))


def wait_until_ready(
    api: RuntimeApi,
    worker_pid: int,
    timeout_s: float,
    *,
    cancelled: threading.Event,
    check_alive: Callable[[], None],
) -> None:
    """Return when the worker `worker_pid` is ready; raise TimeoutError naming what is not."""
    started = time.monotonic()
    problems = [NotReady("the stats socket", "silent")]
    while True:
        check_alive()
        if cancelled.is_set():
            raise InterruptedError("cancelled while waiting for HAProxy to be ready")
        try:
            pid = api.show_info().get("Pid")
            if pid != str(worker_pid):
                problems = [NotReady("the new worker", "not serving the stats socket yet", f"pid {pid}")]
            else:
                problems = not_ready(api.show_stat())
                if not problems:
                    return
        except RuntimeApiError as exc:
            problems = [NotReady("the stats socket", "not answering", str(exc))]
        if time.monotonic() - started > timeout_s:
            raise TimeoutError("; ".join(p.describe(timeout_s) for p in problems[:5]))
        time.sleep(0.1)
