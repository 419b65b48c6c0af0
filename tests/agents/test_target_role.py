"""The target role against real nginx (with the echo module) on loopback.

Replies are checked with real clients: httpx for HTTP/1.1, curl for h2c and TLS + ALPN h2.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from lab_processes import assert_runs_as, children, group_of, wait_for_exec
from pydantic import JsonValue

from agents.privileges import TARGET_USER, create_file, lab_user, read_text
from agents.roles.base import AgentContext, CommandFailed
from agents.roles.target import TargetRole
from agents.targets.nginx import NginxError, NginxProcess
from agents.targets.nginx_config import NginxLayout, ServerSettings, render_nginx_config
from agents.targets.ports import choose_ports
from backend.labs.certificates import issue_server, new_authority
from contract.protocol import StartTargets, Teardown, TlsCredentials
from contract.target import KIB, MIB, Endpoint, ManagedTarget

RUN = 1
SLOW_MS = 300
ENDPOINTS = [
    Endpoint(path="/fast"),
    Endpoint(path="/slow", delay_ms=SLOW_MS),
    Endpoint(path="/page", delay_ms=50, body_bytes=50 * KIB),
    Endpoint(path="/1mb", body_bytes=MIB),
    Endpoint(path="/down", status=503, body_bytes=10),
    Endpoint(path="/created", status=201, body_bytes=7, delay_ms=20),
    Endpoint(path="/empty-error", status=500),
]


def agent_context(runtime_dir: Path, data_address: str = "127.0.0.1") -> AgentContext:
    return AgentContext.local("target-1", runtime_dir, data_address=data_address)


def pid_alive(pid: int) -> bool:
    """True while `pid` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.fixture
def role(runtime_dir: Path) -> Iterator[TargetRole]:
    target = TargetRole(agent_context(runtime_dir))
    yield target
    target.close()


LAB_CA = new_authority("target tests")


def start(role: TargetRole, target: ManagedTarget, run_id: int = RUN) -> dict[str, JsonValue]:
    tls = None
    if target.tls:  # what the worker sends: a certificate from the lab CA (worker/phases/tls_files.py)
        issued = issue_server(LAB_CA, "haplab-target", ["127.0.0.1"])
        tls = TlsCredentials(certificate_pem=issued.certificate_pem, private_key_pem=issued.private_key_pem)
    return role.handle(StartTargets(run_id=run_id, target=target, tls=tls))


def addresses(data: dict[str, JsonValue]) -> list[str]:
    found = data.addresses
    assert isinstance(found, list)
    return [str(a) for a in found]


def curl(*args: str) -> str:
    done = subprocess.run(
        ["curl", "-s", "--max-time", "10", *args], capture_output=True, text=True, timeout=20
    )
    return done.stdout


def test_every_endpoint_answers_with_its_delay_size_and_status(role: TargetRole) -> None:
    data = start(role, ManagedTarget(servers=2, endpoints=ENDPOINTS))
    first, second = addresses(data)
    assert int(second.rsplit(":", 1)[1]) == int(first.rsplit(":", 1)[1]) + 1, "consecutive ports"
    assert data.nginx_version == "1.22.1"
    config = str(data.config_path)
    nginx = [shutil.which("nginx"), "-e", config.replace("nginx.conf", "error.log"), "-c", config]
    assert data.command_line[-7:] == [*nginx, "-g", "daemon off;"]

    for address in (first, second):
        with httpx.Client(base_url=f"http://{address}", timeout=10) as client:
            fast = client.get("/fast")
            assert (fast.status_code, fast.content) == (200, b"")

            slow = client.get("/slow")
            assert slow.status_code == 200
            # echo_sleep delays the reply; nginx's timers use its cached clock, so allow 5 ms early.
            assert slow.elapsed.total_seconds() >= (SLOW_MS - 5) / 1000

            page = client.get("/page")
            assert page.status_code == 200
            assert page.headers["content-length"] == str(50 * KIB) and len(page.content) == 50 * KIB

            big = client.get("/1mb")
            assert big.headers["content-length"] == str(MIB) and len(big.content) == MIB

            down = client.get("/down")
            assert (down.status_code, down.headers["content-length"], len(down.content)) == (503, "10", 10)

            created = client.get("/created")
            assert (created.status_code, len(created.content)) == (201, 7)

            empty = client.get("/empty-error")
            assert (empty.status_code, empty.content) == (500, b"")

            assert client.get("/health").status_code == 200
            assert client.get("/not-an-endpoint").status_code == 404


def test_other_methods_get_the_same_reply_as_get(role: TargetRole) -> None:
    (address,) = addresses(start(role, ManagedTarget(endpoints=ENDPOINTS)))
    with httpx.Client(base_url=f"http://{address}", timeout=10) as client:
        for method in ("POST", "PUT", "DELETE"):
            page = client.request(method, "/page", content=b"x" * 1000)
            assert (page.status_code, len(page.content)) == (200, 50 * KIB), method
            assert client.request(method, "/fast", content=b"abc").status_code == 200
            assert client.request(method, "/down").status_code == 503
        # The request bodies were consumed: the kept-alive connection still works.
        assert client.get("/fast").status_code == 200


def test_a_user_defined_health_endpoint_replaces_the_default(role: TargetRole) -> None:
    target = ManagedTarget(endpoints=[Endpoint(path="/health", status=503)])
    (address,) = addresses(start(role, target))  # readiness does not depend on /health
    assert httpx.get(f"http://{address}/health").status_code == 503


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl checks HTTP/2 from outside the agent")
def test_h2c_servers_speak_http2_with_prior_knowledge(role: TargetRole) -> None:
    (address,) = addresses(start(role, ManagedTarget(protocol="h2c", endpoints=ENDPOINTS)))
    reply = curl(
        "--http2-prior-knowledge",
        "-o",
        "/dev/null",
        "-w",
        "%{http_code} %{http_version}",
        f"http://{address}/page",
    )
    assert reply == "200 2"
    # An h2c port speaks only HTTP/2: HTTP/1.1 gets no reply.
    assert curl("--http1.1", "-o", "/dev/null", "-w", "%{http_code}", f"http://{address}/fast") == "000"


@pytest.mark.skipif(shutil.which("curl") is None, reason="curl checks TLS and ALPN from outside the agent")
def test_tls_servers_negotiate_h2_or_http11_with_the_lab_certificate(
    role: TargetRole, tmp_path: Path
) -> None:
    h2 = addresses(start(role, ManagedTarget(protocol="h2c", tls=True), run_id=2))[0]
    h1 = addresses(start(role, ManagedTarget(protocol="h1", tls=True), run_id=3))[0]
    # Verified against the lab CA (no -k): the servers present the certificate the worker sent.
    ca = tmp_path / "lab-ca.pem"
    ca.write_text(LAB_CA.certificate_pem)
    version = ("--cacert", str(ca), "--http2", "-o", "/dev/null", "-w", "%{http_version}")
    assert curl(*version, f"https://{h2}/fast") == "2"
    assert curl(*version, f"https://{h1}/fast") == "1.1"
    key = role.workdir(3) / "tls" / "key.pem"
    assert key.stat().st_mode & 0o777 == 0o600


def test_tls_target_without_credentials_is_refused_by_the_protocol() -> None:
    with pytest.raises(ValueError, match=r"tls: credentials go with target\.tls"):
        StartTargets(run_id=RUN, target=ManagedTarget(tls=True))


def test_teardown_stops_nginx_and_removes_its_files(role: TargetRole) -> None:
    data = start(role, ManagedTarget(servers=3))
    pid = data.pid
    assert isinstance(pid, int) and pid_alive(pid)
    workdir = role.workdir(RUN)
    assert (workdir / "nginx.conf").is_file()

    role.handle(Teardown(run_id=RUN))

    assert not pid_alive(pid)
    assert not workdir.exists()
    for address in addresses(data):
        host, port = address.rsplit(":", 1)
        with pytest.raises(OSError), socket.create_connection((host, int(port)), timeout=1):
            pass
    role.handle(Teardown(run_id=RUN))  # idempotent


def test_starting_again_for_a_run_replaces_the_servers(role: TargetRole) -> None:
    old = start(role, ManagedTarget())
    new = start(role, ManagedTarget(endpoints=[Endpoint(path="/only")]))
    assert isinstance(old.pid, int) and not pid_alive(old.pid)
    (address,) = addresses(new)
    assert httpx.get(f"http://{address}/only").status_code == 200
    assert httpx.get(f"http://{address}/fast").status_code == 404


def test_a_path_nginx_cannot_match_exactly_is_refused_naming_the_field(role: TargetRole) -> None:
    target = ManagedTarget(endpoints=[Endpoint(path="/fast"), Endpoint(path="/search?q=1")])
    with pytest.raises(CommandFailed, match=r"endpoints\.1\.path"):
        start(role, target)
    assert not role.workdir(RUN).exists()


def test_the_config_uses_absolute_paths_and_keeps_connections_alive(tmp_path: Path) -> None:
    layout = NginxLayout(tmp_path / "run")
    settings = ServerSettings("127.0.0.1", [20001, 20002], open_files=20_000)
    text = render_nginx_config(ManagedTarget(servers=2, endpoints=ENDPOINTS), layout, settings)

    assert "load_module /usr/lib/nginx/modules/ngx_http_echo_module.so;" in text
    assert "keepalive_requests 1000000;" in text
    assert "access_log off;" in text
    assert text.count("listen 127.0.0.1:") == 2
    for directive in ("pid", "error_log", "client_body_temp_path", "proxy_temp_path", "alias"):
        for line in text.splitlines():
            if line.strip().startswith(directive + " "):
                assert line.split()[1].startswith(str(tmp_path)), line
    assert "user " not in text  # nginx starts as the target user itself (agents.privileges)


def test_ports_already_taken_are_not_chosen() -> None:
    seed = 7
    first_choice = choose_ports("127.0.0.1", 2, can_check=True, rng=random.Random(seed))
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", first_choice[1]))
        holder.listen()
        again = choose_ports("127.0.0.1", 2, can_check=True, rng=random.Random(seed))
    assert first_choice[1] not in again and again[1] == again[0] + 1


def test_a_data_address_of_another_host_is_refused(runtime_dir: Path) -> None:
    role = TargetRole(agent_context(runtime_dir, data_address="192.0.2.1"))  # TEST-NET-1
    with pytest.raises(CommandFailed, match=r"192\.0\.2\.1 is not an address of this host"):
        start(role, ManagedTarget())
    assert not role.workdir(RUN).exists()


def test_nginx_that_cannot_start_is_reported_with_its_own_words(runtime_dir: Path) -> None:
    user = lab_user(TARGET_USER)
    layout = NginxLayout(runtime_dir / "run")
    layout.root.mkdir()
    layout.config.write_text("events {}\nhttp { server { listen 127.0.0.1:1 bogus_option; } }\n")
    user.own(layout.root)
    process = NginxProcess(layout, netns=None, user=user)
    process.start()
    with pytest.raises(NginxError, match=r"\[emerg\].*bogus_option"):
        process.wait_ready(["127.0.0.1:1"], h2=False, tls=False, timeout_s=10)
    process.stop()
    assert process.pid is not None and not pid_alive(process.pid)


def test_every_nginx_process_runs_as_the_target_user_without_privileges(role: TargetRole) -> None:
    """From /proc: the master and each worker as the target user, no group, no capability (the
    ports are >= 20000), no_new_privs, no environment; the run's files are that user's alone."""
    data = start(role, ManagedTarget(tls=True, endpoints=ENDPOINTS))
    master = data.pid
    assert isinstance(master, int)
    wait_for_exec(master, "nginx")
    workers = children(master)
    assert workers, "nginx started no worker"
    assert sorted([master, *workers]) == group_of(master)
    for pid in (master, *workers):
        assert_runs_as(pid, role.user)
    if os.geteuid() == 0:
        assert role.user.switch and role.user.name == TARGET_USER.default
    run_dir = role.workdir(RUN)
    assert (run_dir.stat().st_uid, stat.S_IMODE(run_dir.stat().st_mode)) == (role.user.uid, 0o700)
    key = run_dir / "tls" / "key.pem"
    assert (key.stat().st_uid, stat.S_IMODE(key.stat().st_mode)) == (role.user.uid, 0o600)
    assert role.capabilities()[TARGET_USER.key] == role.user.name
    for address in addresses(data):
        assert (
            curl("-k", "--http2", f"https://{address}/fast", "-o", "/dev/null", "-w", "%{http_code}") == "200"
        )


def test_nginx_never_writes_through_a_link_left_in_its_directory(role: TargetRole, runtime_dir: Path) -> None:
    """The agent writes a run's config again after a port clash, into a directory nginx's user
    owns: a symlink planted there is replaced, never followed."""
    victim = runtime_dir / "victim"
    victim.write_text("untouched\n")
    layout = NginxLayout(role.workdir(RUN))
    role.user.private_directory(layout.root)
    layout.config.symlink_to(victim)
    create_file(layout.config, "events {}\n", 0o600, owner=role.user)
    assert victim.read_text() == "untouched\n" and not layout.config.is_symlink()
    layout.error_log.unlink(missing_ok=True)
    layout.error_log.symlink_to(victim)
    with pytest.raises(OSError):
        read_text(layout.error_log)
