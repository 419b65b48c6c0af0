"""`haplab` prints other people's text as it is: file positions (`typo.yaml:100:`), names of
experiments and labs, and the API's messages that quote them. Rich would read `:100:` as an emoji
code, `[bold]` as a style and `[link=...]` as a hyperlink, and pass an escape sequence to the
terminal; every one must come out as written. The real CLI against a real API server."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from backend.db import session_scope
from tests.api.helpers import make_lab, make_team_user, token_headers

HAPLAB = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "haplab"
# Names a person may give, each a piece of Rich's language.
LAB = "bench [bold]lab[/bold] :smile: :100:"
EXPERIMENT = "cap [link=https://evil.example]click[/link] :smile: [red]x"


def haplab(url: str, token: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    # A terminal on stdout would make no difference to what is printed: markup and emoji are off
    # either way; the environment asks for colours to show the CLI's own styles still work.
    env = {**os.environ, "HAPLAB_URL": url, "HAPLAB_TOKEN": token, "XDG_CONFIG_HOME": "/nonexistent"}
    env["FORCE_COLOR"] = "1"
    done = subprocess.run(
        [str(HAPLAB), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )
    print(f"$ haplab {' '.join(args)} -> exit {done.returncode}\n{done.stdout}{done.stderr}")
    return done


def _strip_colours(text: str) -> str:
    """What a person reads: the text without the CLI's own colour sequences (ESC [ ... m)."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


@pytest.fixture
def editor(live_api: Any) -> dict[str, Any]:
    with session_scope() as db:
        team, user = make_team_user(db, role="editor")
        make_lab(db, team, name=LAB)
        headers = token_headers(db, user, team, "editor")
    return {"url": live_api.url, "token": headers["Authorization"].removeprefix("Bearer ")}


def _experiment_file(path: Path, misspelt: dict[int, str]) -> Path:
    """An experiment file of `EXPERIMENT` whose `misspelt` keys (line -> `key: value`) sit at
    exactly those lines of the load section, the lines between filled with comments."""
    head = [
        f"name: {yaml.safe_dump(EXPERIMENT).strip()}",
        "description: '[bold]maxconn[/bold] :fire: at :100:'",
        "spec:",
        "  proxy:",
        "    listens:",
        "      - name: pool",
        "        bind: {port: 8080}",
        "        target_servers: {}",
        "  target: {kind: managed, servers: 1}",
        "  load:",
        "    driver: hey",
        "    path: /fast",
        "    duration_s: 5",
    ]
    lines = list(head)
    for number, key in sorted(misspelt.items()):
        while len(lines) < number - 1:
            lines.append(f"    # line {len(lines) + 1}")
        lines.append(f"    {key}")
    path.write_text("\n".join(lines) + "\n")
    return path


def test_file_positions_and_names_print_as_written(editor: dict[str, Any], tmp_path: Path) -> None:
    url, token = editor["url"], editor["token"]
    name = "typo :smile: [bold].yaml"
    typo = _experiment_file(tmp_path / name, {100: "conections: 20", 200: "duraton_s: 9"})

    validated = haplab(url, token, "validate", name, cwd=tmp_path)
    said = _strip_colours(validated.stderr)
    assert validated.returncode == 3
    assert f"{name}:100: spec.load.conections: " in said, said
    assert f"{name}:200: spec.load.duraton_s: " in said, said
    assert "💯" not in said and "😄" not in said
    # The CLI's own emphasis is a style, not markup: the word stays, coloured.
    assert f"\x1b[31merror:\x1b[0m {name}: not valid (2 problems)" in validated.stderr

    # `run` refuses the same file at the same lines, before anything is created.
    ran = haplab(url, token, "run", str(typo), "--lab", LAB, "--no-wait", cwd=tmp_path)
    assert ran.returncode == 3
    said = _strip_colours(ran.stderr)
    assert f"{typo}:100: spec.load.conections: " in said and f"{typo}:200: spec.load.duraton_s: " in said

    # A lab that is not there: its name and the team's lab names, as typed.
    missing = haplab(url, token, "run", str(typo), "--lab", "[bold]nope :smile:", cwd=tmp_path)
    said = _strip_colours(missing.stderr)
    assert missing.returncode == 3
    assert "error: no lab named '[bold]nope :smile:'; the team's labs: " in said
    assert repr(LAB) in said


def test_experiment_names_print_as_written(editor: dict[str, Any], tmp_path: Path) -> None:
    url, token = editor["url"], editor["token"]
    good = _experiment_file(tmp_path / "cap.yaml", {})

    ran = haplab(url, token, "run", good.name, "--lab", LAB, "--no-wait", cwd=tmp_path)
    said = _strip_colours(ran.stdout + ran.stderr)
    assert ran.returncode == 0, said  # launched: the run waits in the lab's queue
    assert "cap.yaml: created experiment " in said
    assert f"launched 1 run(s) on lab {LAB!r} " in said

    listed = haplab(url, token, "runs", "list", cwd=tmp_path)
    table = _strip_colours(listed.stdout)
    # A table cell keeps every character of the name (the table may wrap it, never restyle it).
    assert "".join(table.split()).count("".join(EXPERIMENT.split())) == 1, table
    run_id = next(line.split()[1] for line in table.splitlines() if "cap" in line)
    shown = haplab(url, token, "runs", "show", run_id, cwd=tmp_path)
    assert f"of {EXPERIMENT} v1: queued" in _strip_colours(shown.stdout)


def test_control_characters_in_what_is_printed_are_shown_not_obeyed() -> None:
    """A name carrying an escape sequence would recolour or rewrite the terminal: it is shown as
    \\x1b, the way Python writes it."""
    from haplab_cli.terminal import visible

    assert visible("lab\x1b[2J\x07 ok\ttab\nline\x9b") == "lab\\x1b[2J\\x07 ok\ttab\nline\\x9b"
