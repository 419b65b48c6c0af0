"""`haplab login`'s stored token (the `haplab` command against a real API): it goes only to the
origin it was stored for, and its file is kept like an ssh private key (mode 600, written
atomically, never read through a symbolic link, refused when others may read or swap it)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from haplab_cli.config import Origin, origin_of

pytestmark = pytest.mark.slow

HAPLAB = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "haplab"


@dataclass
class Listener:
    """A TCP port that records every byte sent to it (and answers nothing): where a token that
    leaked would land."""

    port: int
    received: list[bytes] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def listener() -> Iterator[Listener]:
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    found = Listener(port=server.getsockname()[1])
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(2)
                with contextlib.suppress(OSError):
                    found.received.append(conn.recv(65536))

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield found
    stop.set()
    thread.join(5)
    server.close()


@dataclass
class Cli:
    home: Path
    api_url: str
    token: str

    @property
    def credentials(self) -> Path:
        return self.home / "haplab" / "credentials.json"

    def __call__(self, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
        clean = {k: v for k, v in os.environ.items() if k not in ("HAPLAB_URL", "HAPLAB_TOKEN")}
        done = subprocess.run(
            [str(HAPLAB), *args],
            env={**clean, "XDG_CONFIG_HOME": str(self.home), **(env or {})},
            capture_output=True,
            text=True,
            timeout=60,
        )
        print(f"$ haplab {' '.join(args)}  -> exit {done.returncode}\n{done.stdout}{done.stderr}")
        return done

    def login(self) -> None:
        done = self("login", "--url", self.api_url, "--token", self.token)
        assert done.returncode == 0, done.stderr


@pytest.fixture
def cli(live_api: Any, lab_admin_token: str, tmp_path: Path) -> Cli:
    home = tmp_path / "config"
    home.mkdir(mode=0o700)
    return Cli(home=home, api_url=live_api.url, token=lab_admin_token)


def test_the_stored_token_goes_to_its_own_origin_only(cli: Cli, listener: Listener) -> None:
    cli.login()
    assert json.loads(cli.credentials.read_text()) == {"url": cli.api_url, "token": cli.token}
    assert cli("runs", "list").returncode == 0
    # The same origin written another way is the same haplab.
    port = cli.api_url.rsplit(":", 1)[1]
    assert cli("runs", "list", "--url", f"HTTP://127.0.0.1:{port}/").returncode == 0

    for elsewhere in [listener.url, f"http://localhost:{port}", f"https://127.0.0.1:{port}"]:
        for how in (["--url", elsewhere], []):
            env = {} if how else {"HAPLAB_URL": elsewhere}
            refused = cli("runs", "list", *how, env=env)
            assert refused.returncode == 3
            assert f"saved for {cli.api_url}, not {elsewhere}" in refused.stderr
            assert "haplab login --url" in refused.stderr
    assert listener.received == []  # nothing was even sent

    # A token given explicitly goes where the user says (and this one leaks, by their choice).
    cli("runs", "list", "--url", listener.url, "--token", "hl_explicit")
    assert any(b"hl_explicit" in sent for sent in listener.received)
    assert not any(cli.token.encode() in sent for sent in listener.received)


def test_a_symbolic_link_is_never_followed_to_a_token(cli: Cli, tmp_path: Path) -> None:
    cli.login()
    elsewhere = tmp_path / "planted.json"
    cli.credentials.rename(elsewhere)
    cli.credentials.symlink_to(elsewhere)

    refused = cli("runs", "list")
    assert refused.returncode == 3 and "symbolic link" in refused.stderr

    # login replaces the link with a file of its own and leaves the link's target as it was.
    planted = elsewhere.read_bytes()
    cli.login()
    assert not cli.credentials.is_symlink()
    assert elsewhere.read_bytes() == planted
    assert cli("runs", "list").returncode == 0


def test_a_file_others_may_read_or_swap_is_refused(cli: Cli) -> None:
    cli.login()
    cli.credentials.chmod(0o644)
    refused = cli("runs", "list")
    assert refused.returncode == 3 and "may be read by others (mode 644)" in refused.stderr
    cli.credentials.chmod(0o600)
    assert cli("runs", "list").returncode == 0

    cli.credentials.parent.chmod(0o777)
    refused = cli("runs", "list")
    assert refused.returncode == 3 and "writable by others" in refused.stderr
    assert cli("login", "--url", cli.api_url, "--token", cli.token).returncode == 3
    cli.credentials.parent.chmod(0o700)

    if os.getuid() == 0:  # another owner (nobody): only root can make one
        os.chown(cli.credentials, 65534, 65534)
        refused = cli("runs", "list")
        assert refused.returncode == 3 and "belongs to another user" in refused.stderr


def test_login_writes_a_new_file_of_mode_600_whatever_the_umask(cli: Cli) -> None:
    cli.credentials.parent.mkdir(mode=0o700)
    cli.credentials.write_text('{"url": "http://old", "token": "old"}\n')
    cli.credentials.chmod(0o644)
    old_inode = cli.credentials.stat().st_ino

    done = subprocess.run(
        [str(HAPLAB), "login", "--url", cli.api_url, "--token", cli.token],
        env={**os.environ, "XDG_CONFIG_HOME": str(cli.home)},
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: os.umask(0),  # the child's umask, before exec
    )
    assert done.returncode == 0, done.stderr
    info = cli.credentials.stat()
    assert stat.S_IMODE(info.st_mode) == 0o600 and info.st_ino != old_inode  # renamed into place
    assert sorted(p.name for p in cli.credentials.parent.iterdir()) == ["credentials.json"]
    assert json.loads(cli.credentials.read_text())["token"] == cli.token


def test_a_url_is_not_stored_unless_it_is_http(cli: Cli) -> None:
    for url in ["ftp://127.0.0.1/", "file:///etc/passwd", "127.0.0.1:8300"]:
        done = cli("login", "--url", url, "--token", cli.token)
        assert done.returncode == 3 and "http:// or https://" in done.stderr, url
    assert not cli.credentials.exists()


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("HTTP://Example.COM", Origin("http", "example.com", 80)),
        ("http://example.com:80/a/b?c", Origin("http", "example.com", 80)),
        ("https://EXAMPLE.com.:443", Origin("https", "example.com", 443)),
        ("https://user:secret@example.com/", Origin("https", "example.com", 443)),
        ("http://[::1]:8300", Origin("http", "::1", 8300)),
        ("https://bücher.example", Origin("https", "xn--bcher-kva.example", 443)),
    ],
)
def test_origins_are_compared_normalized(url: str, origin: Origin) -> None:
    assert origin_of(url) == origin


def test_other_ports_schemes_and_hosts_are_other_origins() -> None:
    base = origin_of("https://haplab.example")
    for other in ["http://haplab.example", "https://haplab.example:8443", "https://haplab.example.evil"]:
        assert origin_of(other) != base, other
    for bad in ["ftp://haplab.example", "https://", "https://haplab.example:70000", "haplab.example"]:
        with pytest.raises(ValueError):
            origin_of(bad)
