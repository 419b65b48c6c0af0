"""`make up`'s supervisor (dev/up.py) with real child processes, without the stack: an agent that
exits because it was revoked (contract.protocol.AGENT_EXIT_REVOKED) is left down, said once, never
restarted (restarting it would only exit again, and five deaths would stop all of haplab); any
other death is restarted after its backoff, as before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from backend.settings import get_settings
from contract.protocol import AGENT_EXIT_REVOKED
from dev.up import Child, Supervisor


def exited(code: int) -> subprocess.Popen[bytes]:
    # A session of its own, as dev/lab.py starts agents: the supervisor ends the dead child's group.
    proc = subprocess.Popen([sys.executable, "-c", f"raise SystemExit({code})"], start_new_session=True)
    proc.wait(30)
    return proc


def test_a_revoked_agent_is_left_down_and_another_death_is_restarted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    restarted: list[str] = []

    def restart(name: str) -> subprocess.Popen[bytes]:
        restarted.append(name)
        return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True)

    final = frozenset({AGENT_EXIT_REVOKED})
    log = tmp_path / "agent.log"
    log.write_text("the backend revoked this agent\n")
    supervisor = Supervisor(get_settings())
    revoked = Child(
        "injector-1",
        exited(AGENT_EXIT_REVOKED),
        log,
        lambda: None,
        lambda: restart("injector-1"),
        final_exits=final,
    )
    crashed = Child("proxy-1", exited(1), log, lambda: None, lambda: restart("proxy-1"), final_exits=final)
    supervisor.children = [revoked, crashed]
    try:
        for _ in range(8):  # more than MAX_DEATHS checks: a revoked agent never counts as dying
            supervisor.tend_children()
            if crashed.restart_at is not None:
                crashed.restart_at = 0.0  # its backoff is over
        assert restarted == ["proxy-1"]
        assert revoked.left_down and revoked.deaths == []
        said = capsys.readouterr().out
        assert said.count("injector-1") == 1 and "it was revoked, so it is not restarted" in said
    finally:
        if crashed.proc.poll() is None:
            crashed.proc.kill()
            crashed.proc.wait(10)
