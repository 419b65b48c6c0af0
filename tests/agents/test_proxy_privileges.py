"""The proxy agent runs HAProxy as an unprivileged user (real setpriv, real HAProxy): never root,
only CAP_NET_BIND_SERVICE, no access beyond its own directory, and only HAProxy's messages about
the config go back — never a byte of a file HAProxy tried to read."""

from __future__ import annotations

import os
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from haproxy_upstream import http_upstream
from lab_processes import CAP_NET_BIND_SERVICE, assert_runs_as, children, environ
from proxy_setup import CollectedSamples, agent_context, proxy_config, rendered, short_runtime_dir

from agents.privileges import HAPROXY_USER, lab_user
from agents.roles.base import CommandFailed
from agents.roles.proxy import ProxyRole
from contract.haproxy.render import RenderContext, render
from contract.protocol import ApplyProxyConfig, StartSampling
from dev.services import free_port

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="switching users needs a root agent")

RUN = 41
SECRET = "haplab-root-only-3f9a1c"


@pytest.fixture
def role() -> Iterator[ProxyRole]:
    with short_runtime_dir() as runtime_dir:
        proxy = ProxyRole(agent_context(runtime_dir, CollectedSamples()))
        yield proxy
        proxy.close()


def test_haproxy_master_and_worker_run_unprivileged(role: ProxyRole, tmp_path: Path) -> None:
    user = lab_user(HAPROXY_USER)
    with http_upstream(tmp_path / "upstream") as upstream:
        data = role.handle(
            ApplyProxyConfig(
                run_id=RUN, config_text=rendered(proxy_config(free_port()), role.workdir, [upstream])
            )
        )
        master = data.pid
        assert isinstance(master, int)
        worker = data.worker_pid
        assert isinstance(worker, int) and worker in children(master)
        for pid in (master, worker):
            # ... and nothing of the agent's environment, only HAProxy's own HAPROXY_* variables
            assert_runs_as(pid, user, capabilities=CAP_NET_BIND_SERVICE, own_variables="HAPROXY_")
        # The agent (root) still drives it: stats socket and sampling work.
        assert role.api.show_info()["Pid"] == str(worker)
        role.handle(StartSampling(run_id=RUN, t0=datetime.now(UTC)))
        assert role.capabilities()["haproxy_user"] == user.name
        assert os.stat(role.workdir).st_uid == user.uid and (os.stat(role.workdir).st_mode & 0o777) == 0o700


def test_it_still_binds_a_port_below_1024(tmp_path: Path) -> None:
    netns = f"haplab-priv-{uuid.uuid4().hex[:8]}"
    subprocess.run(["ip", "netns", "add", netns], check=True, timeout=20)
    try:
        subprocess.run(
            ["ip", "netns", "exec", netns, "ip", "link", "set", "lo", "up"], check=True, timeout=20
        )
        with short_runtime_dir() as runtime_dir, http_upstream(tmp_path / "up", netns=netns) as upstream:
            role = ProxyRole(replace(agent_context(runtime_dir, CollectedSamples()), netns=netns))
            try:
                role.handle(
                    ApplyProxyConfig(
                        run_id=RUN, config_text=rendered(proxy_config(80), role.workdir, [upstream])
                    )
                )
                answered = subprocess.run(
                    [
                        "ip",
                        "netns",
                        "exec",
                        netns,
                        "curl",
                        "-s",
                        "-o",
                        "/dev/null",
                        "-w",
                        "%{http_code}",
                        "http://127.0.0.1:80/",
                    ],
                    capture_output=True,
                    text=True,
                    timeout=20,
                    check=False,
                )
                assert answered.stdout == "200"
            finally:
                role.close()
    finally:
        subprocess.run(["ip", "netns", "delete", netns], check=False, timeout=20)


@pytest.fixture
def root_only_secret() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp) / "private"
        directory.mkdir(mode=0o755)
        secret = directory / "token"
        secret.write_text(SECRET + "\n")
        secret.chmod(0o600)
        yield secret


@pytest.mark.parametrize(
    "line",
    [
        "acl x src -f {secret}",
        "http-request return status 200 content-type text/plain file {secret}",
        "errorfile 503 {secret}",
        "acl y src -f /proc/1/environ",
    ],
)
def test_a_config_reading_a_root_only_file_fails_without_its_content(
    role: ProxyRole, root_only_secret: Path, line: str
) -> None:
    """The agent gets config text from the worker; it must not trust it to have passed the API's
    allowlist. HAProxy, as its unprivileged user, cannot open the file, and nothing HAProxy
    printed about it goes back."""
    port = free_port()
    config = render(
        proxy_config(port, checked=False),
        RenderContext(runtime_dir=str(role.workdir), target_addresses=["127.0.0.1:9"]),
    )
    config = config.replace("backend be\n", f"backend be\n    {line.format(secret=root_only_secret)}\n")

    with pytest.raises(CommandFailed) as refused:
        role.handle(ApplyProxyConfig(run_id=RUN, config_text=config))

    message = str(refused.value)
    assert SECRET not in message
    assert "haproxy -c refused" in message
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/", timeout=1)


def test_a_missing_user_stops_the_role_with_a_clear_message() -> None:
    with short_runtime_dir() as runtime_dir:
        ctx = agent_context(runtime_dir, CollectedSamples())
        with pytest.raises(ValueError, match="does not exist"):
            ProxyRole(replace(ctx, extra={HAPROXY_USER.key: "no-such-user-here"}))
        with pytest.raises(ValueError, match="root"):
            ProxyRole(replace(ctx, extra={HAPROXY_USER.key: "root"}))


def test_a_runtime_dir_the_user_cannot_reach_is_refused() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        locked = Path(tmp) / "locked"
        locked.mkdir(mode=0o700)
        with pytest.raises(ValueError, match="cannot reach"):
            ProxyRole(agent_context(locked / "runtime", CollectedSamples()))


def test_haproxy_inherits_nothing_of_the_agents_environment(
    role: ProxyRole, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fetch the allowlist missed (`env(NAME)`) must find nothing of the agent's: HAProxy starts
    with an empty environment, and after a reload (the master re-executes itself) it holds only
    the HAPROXY_* variables HAProxy sets for itself. Checked in /proc: a config reading the
    environment cannot pass the allowlist."""
    monkeypatch.setenv("HAPLAB_AGENT_SECRET", SECRET)
    with http_upstream(tmp_path / "upstream") as upstream:
        config = rendered(proxy_config(free_port()), role.workdir, [upstream])
        first = role.handle(ApplyProxyConfig(run_id=RUN, config_text=config))
        reloaded = role.handle(ApplyProxyConfig(run_id=RUN, config_text=config))
        assert reloaded.pid == first.pid and reloaded.worker_pid != first.worker_pid
        for pid in (first.pid, first.worker_pid, reloaded.worker_pid):
            assert isinstance(pid, int)
            found = environ(pid) if Path(f"/proc/{pid}").exists() else []
            assert all(entry.startswith("HAPROXY_") for entry in found), found
            assert not any(SECRET in entry for entry in found)
