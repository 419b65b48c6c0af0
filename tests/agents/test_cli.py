"""The haplab-agent command line and its state file (what does not need a backend)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from agents.main import main
from agents.privileges import USER_KINDS, lab_user
from agents.roles import available_roles
from agents.roles import role_class as role_class_by_name
from agents.roles.base import Role
from agents.state import AgentState, StateFileError, keep_private, load_state, save_state
from dev.services import free_port

ROOT = Path(__file__).resolve().parents[2]


def state() -> AgentState:
    return AgentState(
        server="http://127.0.0.1:8000",
        agent_id=3,
        agent_token="hla_secret",
        lab_id=1,
        name="p1",
        roles=["proxy"],
    )


def test_the_state_file_is_private_from_the_start_and_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "etc" / "state.json"
    save_state(path, state())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_state(path) == state()
    save_state(path, state().model_copy(update={"agent_token": "hla_new"}))  # replaced, still private
    assert load_state(path).agent_token == "hla_new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["state.json"], "no temporary file left"


def test_the_state_directory_is_private_and_a_readable_state_file_is_narrowed(tmp_path: Path) -> None:
    path = tmp_path / "state" / "state.json"
    save_state(path, state())
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert not keep_private(path)  # already 600
    path.chmod(0o644)  # an older or hand-made file
    assert keep_private(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


@pytest.mark.skipif(os.geteuid() != 0, reason="other users exist to switch to only for a root agent")
def test_no_lab_user_can_read_the_state_file(runtime_dir: Path) -> None:
    """The token never reaches HAProxy's, the targets' or the tools' user, even where they can
    reach the directory (the runtime directory is traverse-only for them)."""
    path = runtime_dir / "state.json"
    save_state(path, state())
    for kind in USER_KINDS:
        user = lab_user(kind)
        read = subprocess.run(user.command(["cat", str(path)]), capture_output=True, text=True, timeout=10)
        assert read.returncode != 0 and "Permission denied" in read.stderr, (kind.default, read)
        assert "hla_secret" not in read.stdout


def test_a_missing_state_file_says_to_enroll(tmp_path: Path) -> None:
    with pytest.raises(StateFileError, match="run `haplab-agent enroll` first"):
        load_state(tmp_path / "missing.json")


def test_enroll_against_an_unreachable_server_fails_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    server = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    code = main(
        [
            "enroll",
            "--server",
            server,
            "--token",
            "hle_x",
            "--name",
            "p1",
            "--roles",
            "proxy",
            "--state-file",
            str(tmp_path / "s"),
        ]
    )
    assert code == 1
    assert "enrollment failed: cannot reach" in capsys.readouterr().err
    assert not (tmp_path / "s").exists()


def test_unknown_or_missing_roles_are_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["enroll", "--server", "http://x", "--token", "t", "--name", "n", "--roles", "proxy,balancer"])
    assert "unknown role(s) balancer" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["enroll", "--server", "http://x", "--token", "t", "--name", "n"])
    assert "the following arguments are required: --roles" in capsys.readouterr().err


def test_run_without_a_state_file_exits_1(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "agents",
            "run",
            "--state-file",
            str(tmp_path / "none.json"),
            "--runtime-dir",
            str(tmp_path / "rt"),
            "--data-address",
            "127.0.0.1",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 1
    assert "run `haplab-agent enroll` first" in done.stderr


def test_the_registry_offers_every_role_module_of_this_install() -> None:
    roles = available_roles()
    assert "proxy" in roles
    for name, role_class in roles.items():
        assert issubclass(role_class, Role) and role_class.name == name
    with pytest.raises(KeyError, match="not available in this install"):
        role_class_by_name("balancer")


@pytest.mark.parametrize("name", ["", "a" * 200])
def test_a_name_enrollment_would_refuse_is_refused_before_anything_is_sent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    # The request is contract.protocol.EnrollRequest, the model the API reads it with.
    server = f"http://127.0.0.1:{free_port()}"  # nothing listens there: a request would say so
    argv = ["enroll", "--server", server, "--token", "hle_x", "--name", name, "--roles", "proxy"]
    assert main([*argv, "--state-file", str(tmp_path / "s")]) == 1
    err = capsys.readouterr().err
    assert "enrollment failed" in err and "name" in err and "cannot reach" not in err, err
    assert not (tmp_path / "s").exists()
