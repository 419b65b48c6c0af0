"""The local lab: haplab agents on this machine (injector-1 ... injector-N, proxy-1, target-1).

N, the number of injectors, is 1 unless asked (`injectors=`; `make up` reads
HAPLAB_LOCAL_INJECTORS): each injector is an agent of its own with a namespace and a veth to the
proxy of its own, and the worker sends every run's load to each of them. As root, each host's data
plane (HAProxy, nginx, the load tool) lives in a network namespace of its own (dev/lab_netns.py),
so traffic crosses real veth interfaces that `tc` can shape. The agents themselves run in the root
namespace, where they reach the API on 127.0.0.1, and start their data-plane processes with
`ip netns exec` (`--netns`). Without root, everything is on loopback (every injector agent too)
and links cannot be shaped.

Used by `make up` (dev/up.py, lab dir var/lab) and by the tests (the `local_lab` fixture):

    with LocalLab.create(root) as lab:          # namespaces (or loopback); destroyed on exit
        lab.enroll_agents(api_url, admin_token)  # the lab "local lab" via REST, one token per agent
        lab.start_agents()                       # `haplab-agent run ...`, each in its own session
        lab.wait_online(30)                      # until GET /labs/{id} shows them all online

or `running_local_lab(root, api_url, admin_token)` for all of it.

Several labs on one machine (`make up` with HAPLAB_LOCAL_LABS=N; `running_local_labs(roots, ...)`)
are several LocalLabs, each with a lab dir of its own (its lab.json, agents' state files, runtime
dirs, logs), a namespace prefix of its own (`hlXXXX`, reserved atomically by dev/lab_netns.py) and
a lab of its own in the API ("local lab", "local lab 2" ...). Their addresses and ports are the
same in every lab, which is why they need the namespaces: on loopback their proxies would share
127.0.0.1's ports.

`lab.json` in the lab dir remembers the namespace prefix while namespaces exist (a run killed with
SIGKILL leaves them; the next `create` removes them) and which lab the agents' state files
belong to (a second `make up` reuses them instead of enrolling duplicate agents).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from agents.privileges import USER_KINDS
from common.process_groups import stop_session
from common.system_users import UnprivilegedUserError, unprivileged_user
from dev.lab_netns import (
    LAB_NETWORKS,
    MAX_INJECTORS,
    PROXY,
    PROXY_ADDRESS,
    SYSCTLS,
    LinkName,
    PrefixTaken,
    Topology,
    VethEnd,
    check_injector_count,
    data_address,
    host_names,
    injector_name,
    list_netns,
    netns_usable,
    new_prefix,
    role_of,
)

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"
# The environment variable `make up` reads for the number of injectors (default 1).
INJECTORS_ENV = "HAPLAB_LOCAL_INJECTORS"
# ... and for the number of local labs it builds (default 1).
LABS_ENV = "HAPLAB_LOCAL_LABS"
# Each lab is three agents and three data planes sharing the machine's cores: a bound that keeps a
# typo (HAPLAB_LOCAL_LABS=30) from filling the machine, well above what two cores carry honestly.
MAX_LOCAL_LABS = 8
# The name of the first local lab in the API; the others are "local lab 2", "local lab 3" ...
LOCAL_LAB_NAME = "local lab"
# How many times LocalLab.create draws another namespace prefix when a lab being built at the same
# moment (another test process) took the one it drew.
PREFIX_ATTEMPTS = 5
ENROLL_TIMEOUT = 30.0
STOP_TIMEOUT = 15.0
HTTP_TIMEOUT = 10.0
# Longest runtime root kept under the lab dir: leaves room for NAME/proxy/haproxy.sock within 97.
MAX_RUNTIME_ROOT = 50


class LabError(RuntimeError):
    """The local lab could not be set up; the message says what to look at."""


@dataclass(frozen=True)
class LabHost:
    """One agent of the lab and where its data plane lives."""

    role: str
    agent: str
    netns: str | None
    data_address: str
    allow_load_to: tuple[str, ...] = ()


@dataclass
class AgentProcess:
    host: LabHost
    proc: subprocess.Popen[bytes]
    log: Path
    stopped: bool = False

    @property
    def pid(self) -> int:
        return self.proc.pid

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return "(no log)"


def agent_command() -> list[str]:
    """The agent CLI of this Python environment: its console script, else `python -m agents`."""
    script = Path(sys.executable).parent / "haplab-agent"
    return [str(script)] if script.exists() else [sys.executable, "-m", "agents"]


def parse_injector_count(text: str | None) -> int:
    """The number of injectors from HAPLAB_LOCAL_INJECTORS (parse_count)."""
    return parse_count(INJECTORS_ENV, text, MAX_INJECTORS, "the number of injectors")


def parse_lab_count(text: str | None) -> int:
    """The number of local labs from HAPLAB_LOCAL_LABS (parse_count)."""
    return parse_count(LABS_ENV, text, MAX_LOCAL_LABS, "the number of local labs")


def parse_count(variable: str, text: str | None, maximum: int, what: str) -> int:
    """A count from an environment variable: unset or empty is 1; otherwise plain ASCII digits (no
    sign, no spaces, no other scripts' digits, which int() would take) from 1 to `maximum`.
    Anything else is refused, naming the variable."""
    if text is None or text == "":
        return 1
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= maximum:
        raise LabError(f"{variable}={text!r}: {what}, a whole number from 1 to {maximum}")
    return int(text)


def local_lab_name(index: int) -> str:
    """The API name of the index-th local lab (1-based): "local lab", "local lab 2" ..."""
    return LOCAL_LAB_NAME if index == 1 else f"{LOCAL_LAB_NAME} {index}"


def hosts_for(topology: Topology | None, injectors: int = 1) -> list[LabHost]:
    """Every host: the injectors in order, then proxy and target. An injector may load only the
    proxy (its data address, a lab's own address)."""
    if topology is not None:
        injectors = topology.injectors
    hosts = []
    for name in host_names(injectors):
        role = role_of(name)
        if topology is None:
            netns, address, proxy = None, LOOPBACK, LOOPBACK
        else:
            netns, address, proxy = topology.namespaces[name], data_address(name), PROXY_ADDRESS
        hosts.append(LabHost(role, name, netns, address, (proxy,) if role == "injector" else ()))
    return hosts


@dataclass
class LocalLab:
    root: Path
    topology: Topology | None
    loopback_reason: str | None = None
    injectors: int = 1
    log_dir: Path | None = None
    api_url: str | None = None
    token: str | None = None
    lab_id: int | None = None
    agents: list[AgentProcess] = field(default_factory=list)

    # --- the network --------------------------------------------------------------------------

    @classmethod
    def create(
        cls, root: Path, use_netns: bool | None = None, log_dir: Path | None = None, injectors: int = 1
    ) -> LocalLab:
        """Namespaces when `use_netns` (None: when root and `ip netns add` works), else loopback;
        `injectors` injector hosts (1 to MAX_INJECTORS).

        First removes namespaces a killed earlier run of this lab dir left behind.
        """
        check_injector_count(injectors)
        root.mkdir(parents=True, exist_ok=True)
        # HAProxy, nginx, MariaDB and the load tools run as unprivileged users that must reach
        # their agents' runtime directories below: traverse only, no listing (agents.privileges).
        root.chmod(0o711)
        remove_leftovers(root)
        reason = None
        if use_netns is None:
            reason = netns_usable()
        elif not use_netns:
            reason = "loopback was asked for"
        if reason is not None:
            return cls(root, None, loopback_reason=reason, log_dir=log_dir, injectors=injectors)
        for attempt in range(1, PREFIX_ATTEMPTS + 1):
            prefix = new_prefix()
            _update_state(root, prefix=prefix)  # before creating: a kill half-way is cleaned up next time
            try:
                topology = Topology.create(prefix, injectors)
            except PrefixTaken:
                _update_state(root, prefix=None)  # another lab's: never ours to remove
                if attempt == PREFIX_ATTEMPTS:
                    raise
                continue
            except BaseException:
                _update_state(root, prefix=None)  # Topology.create removed what it made
                raise
            return cls(root, topology, log_dir=log_dir, injectors=injectors)
        raise AssertionError("unreachable")  # the loop returns or raises

    @property
    def all_hosts(self) -> list[LabHost]:
        """Every host, one agent each: injector-1 ... injector-N, proxy-1, target-1."""
        return hosts_for(self.topology, self.injectors)

    @property
    def hosts(self) -> dict[str, LabHost]:
        """role -> the role's first host (injector-1 for "injector"); `all_hosts` has them all."""
        by_role: dict[str, LabHost] = {}
        for host in self.all_hosts:
            by_role.setdefault(host.role, host)
        return by_role

    @property
    def injector_hosts(self) -> list[LabHost]:
        return [host for host in self.all_hosts if host.role == "injector"]

    @property
    def addresses(self) -> dict[str, str]:
        """role -> the address its peer uses (what the agent's --data-address says), for the
        role's first host; every injector has its own (`injector_hosts`)."""
        return {role: host.data_address for role, host in self.hosts.items()}

    def shape_link(self, link: LinkName, rate_mbit: float) -> None:
        """tbf on the proxy's end of `link`: of each injector's veth for "inj-prx", of the
        target's for "prx-tgt"; needs the namespaces."""
        self._require_topology().shape_link(link, rate_mbit)

    def unshape(self, link: LinkName) -> None:
        self._require_topology().unshape(link)

    def open_direct_path(self) -> None:
        """Let every injector reach the target straight (load.via "direct" baselines); on loopback it
        already can. Opt-in: by default the injector reaches only the proxy."""
        if self.topology is not None:
            self.topology.open_direct_path()

    def close_direct_path(self) -> None:
        if self.topology is not None:
            self.topology.close_direct_path()

    def _require_topology(self) -> Topology:
        if self.topology is None:
            raise LabError(
                f"link shaping needs the network namespaces; this lab is on loopback ({self.loopback_reason})"
            )
        return self.topology

    def destroy(self) -> None:
        """Delete the namespaces (idempotent); stop the agents first."""
        if self.topology is not None:
            self.topology.destroy()
            _update_state(self.root, prefix=None)
        if not self.runtime_root.is_relative_to(self.root.resolve()):
            shutil.rmtree(self.runtime_root, ignore_errors=True)

    # --- the lab in the API -------------------------------------------------------------------

    def enroll_agents(self, api_url: str, admin_token: str, lab_name: str = LOCAL_LAB_NAME) -> int:
        """Create (or find) the lab `lab_name` and make sure its agents are enrolled.

        State files of a previous start are reused when they belong to this very lab (same id and
        creation time: a recreated database hands out the same ids again) and the API still lists
        their agent (live); otherwise the agent is enrolled with a fresh one-time token, which
        replaces an agent of that name the lab still has. Injectors a start with more of them
        enrolled (injector-3 when there are two now) are revoked: the worker would otherwise wait
        for them. Returns the lab id.
        """
        self.api_url, self.token = api_url.rstrip("/"), admin_token
        with self._client() as client:
            lab, created = _find_or_create_lab(client, lab_name, self.describe_for_api())
            self.lab_id = int(lab["id"])
            if self.topology is not None:
                _allow_lab_networks(client, lab)
            known = {a["name"]: a for a in lab["agents"]}
            same_lab = not created and _read_state(self.root).get("lab") == _lab_identity(lab)
            # Recorded before enrolling: if one enrollment fails, the next start keeps the others.
            _update_state(self.root, lab=_lab_identity(lab))
            self._revoke_extra_injectors(client, lab)
            for host in self.all_hosts:
                state_file = self.state_file(host)
                saved = _read_json(state_file) if same_lab else None
                agent = known.get(host.agent)
                if (
                    agent is not None
                    and saved is not None
                    and saved.get("agent_id", agent["id"]) == agent["id"]
                ):
                    if saved.get("server", self.api_url) != self.api_url:
                        raise LabError(
                            f"{state_file} points {host.agent} at {saved['server']}, but the API is now at "
                            f"{self.api_url}; start the API on its old address, or delete the lab "
                            f"(DELETE /api/v1/labs/{self.lab_id}) to enroll the agents again"
                        )
                    continue
                if agent is not None:
                    # Its token is lost with its state file: enrolling the name again replaces
                    # that agent (rotation; the old token is revoked, backend/labs/enrollment.py).
                    print(
                        f"[lab] {state_file} is missing or not {host.agent}'s own: enrolling {host.agent} "
                        "again (the agent enrolled before is revoked)",
                        flush=True,
                    )
                state_file.unlink(missing_ok=True)  # left from another lab or an older database
                response = client.post(
                    f"/api/v1/labs/{self.lab_id}/enrollment-tokens",
                    json={"roles": [host.role], "expires_in_minutes": 10},
                )
                _raise_for(response, f"enrollment token for {host.agent}")
                self._enroll(host, response.json()["token"])
        return self.lab_id

    def _revoke_extra_injectors(self, client: httpx.Client, lab: dict[str, Any]) -> None:
        """Revoke the live injectors an earlier start with more injectors enrolled (only names
        this module gives out: an injector a lab admin enrolled by hand under another name stays)."""
        ours = {injector_name(i) for i in range(1, MAX_INJECTORS + 1)}
        extra = ours - {host.agent for host in self.all_hosts}
        for agent in lab["agents"]:  # the live ones
            if agent["name"] not in extra:
                continue
            print(
                f"[lab] revoking {agent['name']}: this lab has {self.injectors} injector(s) now", flush=True
            )
            response = client.post(f"/api/v1/labs/{lab['id']}/agents/{agent['id']}/revoke")
            _raise_for(response, f"revoke {agent['name']}")
            (self.root / "agents" / f"{agent['name']}.json").unlink(missing_ok=True)

    def state_file(self, host: LabHost) -> Path:
        return self.root / "agents" / f"{host.agent}.json"

    @property
    def runtime_root(self) -> Path:
        """Where the agents' runtime dirs go: ROOT/runtime, unless that path is too long or the
        lab's unprivileged users cannot traverse to it.

        HAProxy's stats socket lives in there and UNIX socket paths are short (HAProxy takes 97
        characters), so a deep lab dir (a test's tmp_path) gets a short one in the temp dir
        instead, named after the lab dir so a restart finds the same one; `destroy` removes it.
        The same goes for a lab dir below a directory only its owner may enter (a checkout in a
        0700 directory): HAProxy, nginx and the tools run as other users (agents.privileges).
        """
        runtime = self.root.resolve() / "runtime"
        if len(str(runtime)) <= MAX_RUNTIME_ROOT and _traversable_by_others(runtime.parent):
            return runtime
        digest = hashlib.sha256(str(runtime).encode()).hexdigest()[:10]
        return Path(tempfile.gettempdir()) / f"haplab-rt-{digest}"

    def _enroll(self, host: LabHost, token: str) -> None:
        assert self.api_url is not None
        state_file = self.state_file(host)
        # The agents' tokens: nothing of the lab's unprivileged users may list or read them.
        state_file.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        state_file.parent.chmod(0o700)
        argv = [
            *agent_command(),
            "enroll",
            "--server",
            self.api_url,
            "--token",
            token,
            "--name",
            host.agent,
            "--roles",
            host.role,
            "--state-file",
            str(state_file),
        ]
        try:
            result = subprocess.run(
                argv,
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=ENROLL_TIMEOUT,
                stdin=subprocess.DEVNULL,
                check=False,
            )
        except subprocess.TimeoutExpired as e:
            raise LabError(f"`haplab-agent enroll` for {host.agent} took more than {ENROLL_TIMEOUT}s") from e
        if result.returncode != 0 or not state_file.exists():
            raise LabError(
                f"`haplab-agent enroll` for {host.agent} failed (exit {result.returncode}):\n"
                f"{(result.stdout + result.stderr).strip()[-2000:]}"
            )

    def _client(self) -> httpx.Client:
        assert self.api_url is not None and self.token is not None
        return httpx.Client(
            base_url=self.api_url, headers={"Authorization": f"Bearer {self.token}"}, timeout=HTTP_TIMEOUT
        )

    # --- the agent processes ------------------------------------------------------------------

    def start_agents(self) -> None:
        """`haplab-agent run` for each host, in a session of its own, logging to LOG_DIR/agent-NAME.log."""
        if (missing := missing_lab_users()) is not None:
            raise LabError(missing)
        try:
            for host in self.all_hosts:
                self.agents.append(self._spawn_agent(host))
        except BaseException:
            self.stop()
            raise

    def restart_agent(self, agent: AgentProcess) -> AgentProcess:
        """Start `agent`'s host again (same state file, runtime dir and namespace) in its place.

        The new process stops whatever the dead one left running in its runtime dir before it
        takes commands (agents/sessions.py), so a stale HAProxy does not hold the lab's ports.
        """
        fresh = self._spawn_agent(agent.host)
        self.agents[self.agents.index(agent)] = fresh
        return fresh

    def _spawn_agent(self, host: LabHost) -> AgentProcess:
        log_dir = self.log_dir or self.root / "log"
        log_dir.mkdir(parents=True, exist_ok=True)
        runtime_dir = self.runtime_root / host.agent
        runtime_dir.mkdir(parents=True, exist_ok=True)
        argv = [
            *agent_command(),
            "run",
            "--state-file",
            str(self.state_file(host)),
            "--runtime-dir",
            str(runtime_dir),
            "--data-address",
            host.data_address,
        ]
        if host.netns:
            argv += ["--netns", host.netns]
        for address in host.allow_load_to:
            argv += ["--allow-load-to", address]
        log = log_dir / f"agent-{host.agent}.log"
        with open(log, "ab") as out:
            out.write(f"\n----- {host.agent} starting at {time.strftime('%F %T')} -----\n".encode())
            out.flush()
            proc = subprocess.Popen(
                argv,
                cwd=ROOT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        return AgentProcess(host, proc, log)

    def wait_online(self, timeout: float = 30.0) -> None:
        """Poll the lab until all its agents are online (busy counts) and have said hello; fail fast
        if one exits."""
        assert self.lab_id is not None, "enroll_agents first"
        deadline = time.monotonic() + timeout
        waiting: list[str] = [h.agent for h in self.all_hosts]
        with self._client() as client:
            while True:
                for agent in self.agents:
                    if agent.proc.poll() is not None:
                        raise LabError(
                            f"agent {agent.host.agent} (pid {agent.pid}) exited with "
                            f"{agent.proc.returncode} (log: {agent.log}); its last lines:\n{agent.tail()}"
                        )
                with contextlib.suppress(httpx.HTTPError):
                    response = client.get(f"/api/v1/labs/{self.lab_id}")
                    if response.status_code == 200:
                        # Online and past its hello (its version said): an agent's clock exchange,
                        # which comes first, already counts as a sign of life (backend/fleet).
                        ready = {
                            a["name"]
                            for a in response.json()["agents"]
                            if a["status"] != "offline" and a["version"] and a["revoked_at"] is None
                        }
                        waiting = [h.agent for h in self.all_hosts if h.agent not in ready]
                        if not waiting:
                            return
                if time.monotonic() > deadline:
                    raise LabError(f"agents not online after {timeout:.0f}s: {', '.join(waiting)}")
                time.sleep(0.3)

    def stop(self) -> list[int]:
        """SIGTERM every agent by PID, wait (bounded), then SIGKILL what is left of its session.

        Idempotent. Returns the PIDs still alive afterwards (should be none).
        """
        running = [a for a in self.agents if not a.stopped]
        for agent in running:
            if agent.proc.poll() is None:
                agent.proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_TIMEOUT
        for agent in running:
            with contextlib.suppress(subprocess.TimeoutExpired):
                agent.proc.wait(max(0.1, deadline - time.monotonic()))
            # The agent itself if it ignored SIGTERM, or a child it did not stop: its session is
            # our process group (start_new_session), so ours to kill (SIGTERM was sent above).
            stop_session(agent.proc, [], kill_wait_s=5)
            agent.stopped = True
        return [a.pid for a in self.agents if a.proc.poll() is None]

    # --- context manager and description ------------------------------------------------------

    def __enter__(self) -> LocalLab:
        return self

    def __exit__(self, *_exc: object) -> None:
        try:
            self.stop()
        finally:
            self.destroy()

    def describe(self) -> list[str]:
        """The lab's shape, one line each, for `make up` to print."""
        if self.topology is None:
            return [
                f"loopback ({self.loopback_reason}): {self._roles_text()} all on {LOOPBACK};"
                " no network namespaces, no link shaping",
            ]
        namespaces = self.topology.namespaces
        lines = ["network namespaces joined by veth pairs (traffic crosses real interfaces)"]
        for host in self.all_hosts:
            ends = [
                f"{end.address.split('/')[0]} ({end.interface})"
                for veth in self.topology.veths
                for end in veth.ends
                if end.host == host.agent
            ]
            lines.append(f"{host.agent:<11} netns {namespaces[host.agent]:<11}  {', '.join(ends)}")
        if self.injectors > 1:
            lines.append(f"every injector loads the proxy at {PROXY_ADDRESS}, over its own veth")
        lines.append(f"sysctls in each: {', '.join(f'{k}={v}' for k, v in SYSCTLS.items())}")
        links = ", ".join(f"{veth.proxy_end.interface}: {veth.link}" for veth in self.topology.veths)
        lines.append(f"shape a link: tc -n {namespaces[PROXY]} qdisc show  ({links})")
        return lines

    def _roles_text(self) -> str:
        injectors = "injector" if self.injectors == 1 else f"{self.injectors} injectors"
        return f"{injectors}, proxy and target"

    def describe_for_api(self) -> tuple[str, dict[str, Any]]:
        """The lab's description and its `settings.local_lab` (recorded with the lab in the API)."""
        count = f"{len(self.all_hosts)} agents on one machine"
        hosts = {host.agent: _host_json(host) for host in self.all_hosts}
        if self.topology is None:
            text = (
                f"{count} ({self._roles_text()}), all on loopback {LOOPBACK} ({self.loopback_reason}): "
                "no network namespaces, links cannot be shaped. Started by dev/lab.py."
            )
            return text, {"mode": "loopback", "reason": self.loopback_reason, "hosts": hosts}
        if self.injectors == 1:
            shape = (
                f"injector 10.77.1.1 <-> {PROXY_ADDRESS} proxy 10.77.2.1 <-> 10.77.2.2 target. The injector "
                "reaches only the proxy. Links can be shaped with tc tbf on the proxy's side."
            )
        else:
            injectors = ", ".join(f"{host.agent} {host.data_address}" for host in self.injector_hosts)
            shape = (
                f"{injectors}, each on a veth of its own to the proxy (every injector loads the proxy at "
                f"{PROXY_ADDRESS}); proxy 10.77.2.1 <-> 10.77.2.2 target. An injector reaches only the "
                "proxy. Links can be shaped with tc tbf on the proxy's side (inj-prx: each injector's veth)."
            )
        text = (
            f"{count}; {self._roles_text()} in network namespaces joined by veth pairs: {shape} "
            f"Sysctls in each namespace: {', '.join(f'{k}={v}' for k, v in SYSCTLS.items())}. "
            "Started by dev/lab.py."
        )
        links: dict[str, Any] = {}
        for veth in self.topology.veths:
            link = links.setdefault(veth.link, {"veths": [], "shaped_at": "proxy egress (tbf), on each veth"})
            link["veths"].append([_end_json(end) for end in veth.ends])
        settings = {"mode": "netns", "hosts": hosts, "links": links, "sysctls": dict(SYSCTLS)}
        return text, settings


@contextlib.contextmanager
def running_local_lab(
    root: Path,
    api_url: str,
    admin_token: str,
    lab_name: str = LOCAL_LAB_NAME,
    use_netns: bool | None = None,
    online_timeout: float = 30.0,
    log_dir: Path | None = None,
    injectors: int = 1,
) -> Iterator[LocalLab]:
    """The whole lab, up and online; on exit agents stopped and namespaces gone (also on errors)."""
    with running_local_labs(
        [root],
        api_url,
        admin_token,
        [lab_name],
        use_netns=use_netns,
        online_timeout=online_timeout,
        log_dirs=[log_dir],
        injectors=injectors,
    ) as (lab,):
        yield lab


@contextlib.contextmanager
def running_local_labs(
    roots: Sequence[Path],
    api_url: str,
    admin_token: str,
    lab_names: Sequence[str] | None = None,
    use_netns: bool | None = None,
    online_timeout: float = 30.0,
    log_dirs: Sequence[Path | None] | None = None,
    injectors: int = 1,
    direct_path: bool = False,
) -> Iterator[list[LocalLab]]:
    """Several labs, one per lab dir in `roots`, up and online at once: each its own namespaces,
    agents and lab in the API (`lab_names`, default "local lab", "local lab 2" ...). On exit every
    lab's agents are stopped and its namespaces gone (also on errors).

    The namespaces are made one lab after the other (quick); the agents of every lab enroll and
    start together, so the labs' few seconds of imports overlap instead of adding up. More than one
    lab needs the namespaces: on loopback the proxies would share 127.0.0.1's ports.
    `direct_path` opens each lab's injector -> target path (`open_direct_path`) before its agents
    start.
    """
    default_names = [local_lab_name(i) for i in range(1, len(roots) + 1)]
    names = list(lab_names) if lab_names is not None else default_names
    logs = list(log_dirs) if log_dirs is not None else [None] * len(roots)
    dirs = [root.resolve() for root in roots]
    if not dirs or len(names) != len(dirs) or len(logs) != len(dirs):
        raise ValueError("one lab name and one log dir (or None) per lab dir, at least one lab")
    if len(set(dirs)) != len(dirs) or len(set(names)) != len(names):
        raise ValueError(f"every local lab needs a lab dir and a name of its own: {dirs}, {names}")
    with contextlib.ExitStack() as stack:
        labs = []
        for root, log_dir in zip(roots, logs, strict=True):
            lab = LocalLab.create(root, use_netns=use_netns, log_dir=log_dir, injectors=injectors)
            stack.enter_context(lab)
            labs.append(lab)
            if len(roots) > 1 and lab.topology is None:
                raise LabError(
                    f"{len(roots)} local labs need network namespaces, and this one is on loopback "
                    f"({lab.loopback_reason}): their proxies would share 127.0.0.1's ports"
                )
            if direct_path:
                lab.open_direct_path()
        if len(labs) > 1:
            # The labs in the API in name order ("local lab" gets the lowest id), before their
            # enrollments run together and would create them in whatever order they reach the API.
            for lab, name in zip(labs, names, strict=True):
                lab.api_url, lab.token = api_url.rstrip("/"), admin_token
                with lab._client() as client:
                    _find_or_create_lab(client, name, lab.describe_for_api())
        with ThreadPoolExecutor(len(labs)) as pool:
            # list(): an enrollment's error is raised here, not lost in the pool
            list(pool.map(lambda lab, name: lab.enroll_agents(api_url, admin_token, name), labs, names))
        for lab in labs:
            lab.start_agents()
        for lab in labs:
            lab.wait_online(online_timeout)
        yield labs


def missing_lab_users() -> str | None:
    """What is wrong with the users the agents drop to (they refuse to start without them), or
    None. Only a root agent switches users."""
    if os.geteuid() != 0:
        return None
    for kind in USER_KINDS:
        try:
            unprivileged_user(kind.default, f"the user of {kind.runs}", "run dev/prereqs.sh apt")
        except UnprivilegedUserError as exc:
            return str(exc)
    return None


def remove_leftovers(root: Path) -> list[str]:
    """Delete the namespaces (and processes inside them) a killed earlier run of this lab dir
    left behind; returns the names that were still there."""
    prefix = _read_state(root).get("prefix")
    if not prefix:
        return []
    topology = Topology(prefix)
    left = sorted(name for name in list_netns() if name.startswith(f"{prefix}-"))
    topology.destroy()  # every namespace of the prefix, whatever number of injectors it had
    _update_state(root, prefix=None)
    return left


# --- helpers --------------------------------------------------------------------------------------


def _host_json(host: LabHost) -> dict[str, Any]:
    return {
        "agent": host.agent,
        "netns": host.netns,
        "data_address": host.data_address,
        "allow_load_to": list(host.allow_load_to),
    }


def _end_json(end: VethEnd) -> dict[str, str]:
    return {"host": end.host, "role": end.role, "interface": end.interface, "address": end.address}


def _lab_identity(lab: dict[str, Any]) -> dict[str, Any]:
    """Id and creation time: a recreated database can hand out the same id to a new lab."""
    return {"id": lab["id"], "created_at": lab["created_at"]}


def _find_or_create_lab(
    client: httpx.Client, name: str, described: tuple[str, dict[str, Any]]
) -> tuple[dict[str, Any], bool]:
    """(lab detail, created now). An existing lab gets the current description and shape."""
    description, shape = described
    response = client.get("/api/v1/labs")
    _raise_for(response, "list labs")
    found = next((lab for lab in response.json() if lab["name"] == name), None)
    if found is None:
        response = client.post(
            "/api/v1/labs", json={"name": name, "description": description, "settings": {"local_lab": shape}}
        )
        _raise_for(response, f"create lab {name!r}")
        return response.json(), True
    response = client.get(f"/api/v1/labs/{found['id']}")
    _raise_for(response, f"read lab {name!r}")
    settings = {**response.json()["settings"], "local_lab": shape}
    response = client.patch(
        f"/api/v1/labs/{found['id']}", json={"description": description, "settings": settings}
    )
    _raise_for(response, f"update lab {name!r}")
    return response.json(), False


def _allow_lab_networks(client: httpx.Client, lab: dict[str, Any]) -> None:
    """The namespaces' networks join the lab's boundary (its agents' addresses are in it anyway),
    beside whatever entries a lab admin added."""
    entries = list(lab["boundary"]["entries"])
    present = {entry["address"] for entry in entries}
    missing = [
        {"address": network, "port": None, "note": "the local lab's namespaces"}
        for network in LAB_NETWORKS
        if network not in present
    ]
    if missing:
        response = client.put(f"/api/v1/labs/{lab['id']}/boundary", json={"entries": entries + missing})
        _raise_for(response, "add the local lab's networks to its boundary")


def _raise_for(response: httpx.Response, what: str) -> None:
    if response.status_code >= 400:
        raise LabError(f"{what}: HTTP {response.status_code} {response.text[:500]}")


def _state_path(root: Path) -> Path:
    return root / "lab.json"


def _read_state(root: Path) -> dict[str, Any]:
    return _read_json(_state_path(root)) or {}


def _read_json(path: Path) -> dict[str, Any] | None:
    """A JSON object from `path`; None when missing or unreadable (treated as absent)."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _update_state(root: Path, **changes: Any) -> None:
    """Write lab.json atomically (a kill mid-write must not lose the namespace prefix)."""
    state = {**_read_state(root), **changes}
    tmp = _state_path(root).with_suffix(".tmp")
    tmp.write_text(json.dumps({k: v for k, v in state.items() if v is not None}, indent=2) + "\n")
    tmp.replace(_state_path(root))


def _traversable_by_others(directory: Path) -> bool:
    """Whether a user other than the owners may pass through `directory` and every parent (the
    lab's users are no owner's and in no group of them, so the "other" search bit decides)."""
    if os.geteuid() != 0:
        return True  # nothing runs as another user
    return all(path.stat().st_mode & stat.S_IXOTH for path in (directory, *directory.parents))
