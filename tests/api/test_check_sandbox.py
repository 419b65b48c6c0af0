"""`haproxy -c` on the API host runs in a box that can read nothing of the host: no file outside
the check's directory, no environment, no other process, no network, not as root. Real bwrap,
real setpriv, real haproxy."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from backend.experiments import check_sandbox, config_check, haproxy_check
from tests.api.experiment_factories import make_experiment, small_spec
from tests.api.helpers import API, make_lab, new_member

SECRET_FILE_TEXT = "haplab-secret-file-7c1e0b5d"
SECRET_ENV_TEXT = "haplab-secret-env-94f2aa31"


@pytest.fixture
def secrets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A root-only secret file under a var/-like directory, and a secret in the API's environment."""
    var = tmp_path / "var"
    var.mkdir(mode=0o700)
    secret = var / "admin-token"
    secret.write_text(SECRET_FILE_TEXT + "\n")
    secret.chmod(0o600)
    monkeypatch.setenv("HAPLAB_TEST_SECRET", SECRET_ENV_TEXT)
    yield secret


@pytest.fixture
def box_dir() -> Iterator[Path]:
    """A check directory where the API makes them (the system temp dir, which every user may
    traverse; pytest's own tmp_path is root-only)."""
    with tempfile.TemporaryDirectory(prefix="haplab-test-box-") as tmp:
        yield Path(tmp)


def _in_box(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """Run any program in the box exactly as `haproxy -c` runs there, to look around inside."""
    with tempfile.TemporaryDirectory(prefix="haplab-test-box-") as tmp:
        workdir, etc = Path(tmp) / "run", Path(tmp) / "etc"
        workdir.mkdir()
        (workdir / "haproxy.cfg").write_text("global\n")
        check_sandbox.prepare(workdir, etc, {"db.lab": "192.0.2.1"})
        return subprocess.run(
            check_sandbox.wrap(argv, workdir, etc),
            cwd=workdir,
            env=check_sandbox.environment(),
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )


def test_the_box_sees_only_usr_and_its_own_directory(secrets: Path) -> None:
    listing = _in_box(["/usr/bin/ls", "-a", "/", "/etc", "/haplab/run"])
    assert listing.returncode == 0, listing.stderr
    assert "var" not in listing.stdout.split() and "root" not in listing.stdout.split()
    assert "passwd" not in listing.stdout and "shadow" not in listing.stdout
    assert "haproxy.cfg" in listing.stdout

    reading = _in_box(["/usr/bin/cat", str(secrets), "/etc/passwd", "/proc/1/environ"])
    assert SECRET_FILE_TEXT not in reading.stdout + reading.stderr
    assert SECRET_ENV_TEXT not in reading.stdout + reading.stderr
    assert "root:" not in reading.stdout


def test_the_box_is_unprivileged_alone_and_offline() -> None:
    status = _in_box(["/usr/bin/cat", "/proc/self/status"]).stdout
    uid_line = next(line for line in status.splitlines() if line.startswith("Uid:"))
    cap_line = next(line for line in status.splitlines() if line.startswith("CapEff:"))
    assert int(cap_line.split()[1], 16) == 0
    assert uid_line
    processes = _in_box(["/usr/bin/ls", "/proc"]).stdout.split()
    assert sorted(int(p) for p in processes if p.isdigit()) == [1, 2]  # bwrap's init and ls
    interfaces = _in_box(["/usr/bin/cat", "/proc/net/dev"]).stdout
    assert [line.split(":")[0].strip() for line in interfaces.splitlines()[2:]] == ["lo"]
    environ = _in_box(["/usr/bin/cat", "/proc/self/environ"]).stdout
    assert sorted(environ.split("\0")[:-1]) == ["PATH=/usr/sbin:/usr/bin", "PWD=/haplab/run"]


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat[stat.rindex(")") + 2 :].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def test_seen_from_the_host_the_box_runs_as_the_unprivileged_check_user(box_dir: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("the box drops to the check user only when the API runs as root")
    workdir, etc = box_dir / "run", box_dir / "etc"
    workdir.mkdir()
    check_sandbox.prepare(workdir, etc, {})
    box = subprocess.Popen(
        check_sandbox.wrap(["/usr/bin/sleep", "5"], workdir, etc), env=check_sandbox.environment()
    )
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            sleepers = [
                p for p in _descendants(box.pid) if Path(f"/proc/{p}/comm").read_text().strip() == "sleep"
            ]
            if sleepers:
                break
            time.sleep(0.05)
        status = Path(f"/proc/{sleepers[0]}/status").read_text()
        uids = next(line for line in status.splitlines() if line.startswith("Uid:")).split()[1:]
        user = check_sandbox.check_user()
        assert user is not None and user.uid != 0
        assert {int(u) for u in uids} == {user.uid}  # real, effective, saved and fs uid
    finally:
        box.kill()
        box.wait()


BYPASSES = [
    "acl x dst_port -f {secret}",
    "acl x src -f /proc/self/environ",
    "acl x src -f /proc/1/environ",
    "acl x src -f /proc/{pid}/environ",
    "acl x src -f /proc/self/cwd/../../{secret}",
    "acl x src -f /proc/1/root{secret}",
    "errorfile 503 {secret}",
    "http-request return status 200 content-type text/plain file {secret}",
    "http-request set-header X %[src,map({secret})]",
    "http-request set-header X %[env(HAPLAB_TEST_SECRET)]",
]


@pytest.mark.parametrize("raw", BYPASSES)
def test_haproxy_in_the_box_reads_no_secret_even_past_the_allowlist(raw: str, secrets: Path) -> None:
    """The config text goes straight to the box, as if the allowlist had missed it."""
    line = raw.format(secret=secrets, pid=os.getpid())
    config = (
        "defaults\n    mode http\n    timeout client 1s\n    timeout server 1s\n    timeout connect 1s\n"
        f"listen x\n    bind 127.0.0.1:18999\n    {line}\n    server s 127.0.0.1:1\n"
    )
    result = config_check.check(config_check.RenderedConfig(config, ()))
    everything = result.output + "".join(e.message for e in result.errors)
    assert SECRET_FILE_TEXT not in everything and SECRET_ENV_TEXT not in everything
    if "env(" not in line:  # env() is empty in the box: HAProxy accepts it, and it reads nothing
        assert not result.ok, line


def test_the_raw_output_itself_holds_no_secret(box_dir: Path, secrets: Path) -> None:
    """Not only the filtered messages: what HAProxy printed in the box never held the secret."""
    workdir, etc = box_dir / "run", box_dir / "etc"
    workdir.mkdir()
    config = (
        f"listen x\n    bind 127.0.0.1:18999\n    acl a src -f {secrets}\n    acl b src -f /proc/1/environ\n"
    )
    check_sandbox.prepare(workdir, etc, {})
    (workdir / "haproxy.cfg").write_text(config)
    done = subprocess.run(
        check_sandbox.wrap(["/usr/sbin/haproxy", "-c", "-f", "haproxy.cfg"], workdir, etc),
        env=check_sandbox.environment(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert "failed to open pattern file" in done.stdout + done.stderr
    assert (
        SECRET_FILE_TEXT not in done.stdout + done.stderr and SECRET_ENV_TEXT not in done.stdout + done.stderr
    )


def test_server_host_names_resolve_inside_the_box_without_the_host(client: TestClient, db: Session) -> None:
    viewer = new_member(db, "viewer")
    lab = make_lab(db, viewer.team)
    lab.boundary_entries = [{"address": "db.example.internal", "port": 3306, "note": ""}]
    db.commit()
    spec = small_spec()
    spec["proxy"]["listens"][0]["servers"] = [{"name": "db", "address": "db.example.internal:3306"}]

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)

    assert r.status_code == 200, r.text
    assert "server db db.example.internal:3306" in r.json()["rendered_config"]


def test_no_response_carries_a_secret(client: TestClient, db: Session, secrets: Path) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    experiment = make_experiment(db, editor)
    seen = []
    for raw in [
        *BYPASSES,
        'acl x dst_port "-f" {secret}',
        'http-request set-header X "${{HAPLAB_TEST_SECRET}}"',
    ]:
        spec = small_spec()
        spec["proxy"]["listens"][0]["extra"] = [raw.format(secret=secrets, pid=os.getpid())]
        for response in (
            client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=editor.headers),
            client.post(f"{API}/experiments", json={"name": "x", "spec": spec}, headers=editor.headers),
            client.post(
                f"{API}/experiments/{experiment.id}/launch",
                json={
                    "lab_id": lab.id,
                    "overrides": {"proxy.listens.0.extra.0": raw.format(secret=secrets, pid=1)},
                },
                headers=editor.headers,
            ),
        ):
            assert response.status_code == 422, (raw, response.status_code, response.text)
            seen.append(response.text + str(response.headers))
    assert not any(SECRET_FILE_TEXT in text or SECRET_ENV_TEXT in text for text in seen)


def test_a_refused_sweep_value_of_a_raw_line_is_named_at_validate_and_launch(
    client: TestClient, db: Session
) -> None:
    editor = new_member(db, "editor")
    lab = make_lab(db, editor.team)
    spec = small_spec()
    spec["proxy"]["listens"][0]["extra"] = ["http-request set-header X-A a"]
    # The allowlist lets both values through; HAProxy knows no `bogus-action`.
    spec["sweep"] = {
        "axes": [
            {"path": "proxy.listens.0.extra.0", "values": ["http-request deny", "http-request bogus-action"]}
        ]
    }

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=editor.headers)

    assert r.status_code == 422, r.text
    (problem,) = [f for f in r.json()["fields"] if f["field"] == "spec.sweep"]
    assert "sweep point 1" in problem["message"] and "bogus-action" in problem["message"]
    assert r.json()["haproxy_check"]["ok"] is True  # the spec's own config is fine

    created = client.post(f"{API}/experiments", json={"name": "sweep", "spec": spec}, headers=editor.headers)
    assert created.status_code == 201, created.text
    launched = client.post(
        f"{API}/experiments/{created.json()['id']}/launch", json={"lab_id": lab.id}, headers=editor.headers
    )
    assert launched.status_code == 422, launched.text
    assert "sweep point 1" in launched.json()["message"]
    runs = client.get(f"{API}/runs", params={"experiment_id": created.json()["id"]}, headers=editor.headers)
    assert runs.json()["total"] == 0


def test_a_hostile_sweep_value_is_refused_by_the_model_naming_the_point(
    client: TestClient, db: Session
) -> None:
    editor = new_member(db, "editor")
    spec = small_spec()
    spec["proxy"]["listens"][0]["extra"] = ["http-request deny"]
    spec["sweep"] = {
        "axes": [
            {"path": "proxy.listens.0.extra.0", "values": ["http-request deny", 'acl x src "-f" /etc/passwd']}
        ]
    }

    r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=editor.headers)
    created = client.post(f"{API}/experiments", json={"name": "s", "spec": spec}, headers=editor.headers)

    for response in (r, created):
        assert response.status_code == 422
        (problem,) = [f for f in response.json()["fields"] if f["field"] == "spec.sweep"]
        assert "sweep point 1" in problem["message"] and "outside" in problem["message"]


def test_a_missing_check_user_fails_closed(monkeypatch: pytest.MonkeyPatch, box_dir: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("the check user is only used when the API runs as root")
    from backend.settings import get_settings

    monkeypatch.setattr(get_settings(), "check_user", "no-such-user-here")
    workdir, etc = box_dir / "run", box_dir / "etc"
    workdir.mkdir()
    result = haproxy_check.check_config("global\n", workdir, etc_dir=etc)
    assert not result.ok
    assert "cannot run safely" in result.errors[0].message


# Text after the runtime directory that a path join would take outside the box: an absolute
# remainder (`//`), dot segments, and each in places HAProxy reads as plain text.
OUTSIDE_NAMES = [
    "/haplab/run//{out}",
    "/haplab/run///{out}",
    "/haplab/run/.//{out}",
    "/haplab/run/./../..{out}",
    "/haplab/run/x/../../..{out}",
    "{{runtime_dir}}//{out}",
]
PLACES = [
    ("global", "description {name}"),
    ("global", "node {name}"),
    ("listens", "http-request set-header X-Probe {name}"),
    ("listens", "http-response add-header X-Probe {name}"),
    ("listens", "http-request deny  # {name}"),
]


@pytest.mark.parametrize("pattern", OUTSIDE_NAMES)
def test_validate_creates_nothing_outside_the_box(client: TestClient, db: Session, pattern: str) -> None:
    """The check makes the files a config names under its runtime directory; a name that joins
    to a path outside the check's directory makes nothing there, as root or not."""
    viewer = new_member(db, "viewer")
    make_lab(db, viewer.team)
    with tempfile.TemporaryDirectory(prefix="haplab-probe-") as outside:
        for section, line in PLACES:
            target = Path(outside) / f"{section}-{len(line)}" / "probe"
            spec = small_spec()
            name = pattern.format(out=target)
            if section == "global":
                spec["proxy"]["global"]["extra"] = [line.format(name=name)]
            else:
                spec["proxy"]["listens"][0]["extra"] = [line.format(name=name)]

            r = client.post(f"{API}/experiments/validate", json={"spec": spec}, headers=viewer.headers)

            assert r.status_code in (200, 422), r.text
            assert not target.exists() and not target.parent.exists(), (line, name)
        assert list(Path(outside).iterdir()) == []


def test_names_inside_the_box_are_still_provided(box_dir: Path) -> None:
    """What HAProxy opens under the runtime directory exists for the check, however it is spelt."""
    config = (
        "defaults\n    mode http\n    timeout client 1s\n    timeout server 1s\n    timeout connect 1s\n"
        "listen x\n    bind 127.0.0.1:18999\n"
        "    http-request set-header X %[src,map(/haplab/run//files/a.map)]\n"
        "    http-request set-header Y %[src,map(/haplab/run/./files//b.map)]\n"
        "    server s 127.0.0.1:1\n"
    )
    result = config_check.check(config_check.RenderedConfig(config, ()))
    assert result.ok, result.output


def test_box_paths_stay_strictly_inside(box_dir: Path) -> None:
    workdir = box_dir / "run"
    workdir.mkdir()
    inside = {"files/a.map": "files/a.map", "/files//a": "files/a", "./certs/c.pem": "certs/c.pem"}
    for name, expected in inside.items():
        assert config_check.box_path(workdir, name) == workdir.resolve() / expected
    for name in ["", "/", ".", "./", "..", "../x", "a/../../x", "/../etc", "haproxy.sock", "/haproxy.pid"]:
        assert config_check.box_path(workdir, name) is None, name
    (workdir / "link").symlink_to("/etc")
    assert config_check.box_path(workdir, "link/passwd") is None


def test_a_fork_bomb_in_the_box_stops_at_the_process_cap() -> None:
    """prlimit caps the processes a box may add to its user's; beyond, fork fails."""
    from backend.settings import get_settings

    cap = get_settings().check_processes
    forks = 4 * cap
    script = f"n=0; for i in $(seq {forks}); do /usr/bin/sleep 2 & n=$((n+1)); done; echo started $n; wait"
    done = _in_box(["/usr/bin/sh", "-c", script])
    assert "fork" in done.stderr.lower() or "resource temporarily unavailable" in done.stderr.lower(), (
        done.stdout,
        done.stderr,
    )
    limits = _in_box(["/usr/bin/cat", "/proc/self/limits"]).stdout
    (line,) = [line for line in limits.splitlines() if line.startswith("Max processes")]
    assert line.split()[2] != "unlimited"
