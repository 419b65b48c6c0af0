"""The box `haproxy -c` runs in on the API host: it can read nothing but the config it checks.

Every validate runs a config written by a user, and HAProxy reads any file a config names (ACL
and map files, error pages, certificates). The raw-line allowlist refuses such files, and only
HAProxy's messages about the config's lines reach the user (contract.haproxy.check_output); this box
is the wall that holds when both of those miss something:

- bubblewrap (`bwrap`) gives HAProxy its own mount, PID, network, IPC, UTS and user namespaces:
  it sees /usr (its binary and libraries), an empty /dev, its own /proc (no other process, so
  no `/proc/<pid>/environ` of the API), the check's directory read-only, and a generated
  /etc/hosts naming the config's host names (so they resolve without a network or the API
  host's resolver); nothing else of the host exists in there, `var/` and secrets included;
- no network at all (an empty network namespace), no capabilities, no_new_privs, an empty
  environment (`/proc/self/environ` holds only PATH);
- when the API runs as root, the box runs as an unprivileged system user (setting
  `check_user`, `haplab-check` by default, created by dev/prereqs.sh): a user namespace made by
  root would still be root to the kernel outside it, so the uid is dropped first (setpriv);
- memory, processes, open files and CPU time are capped (prlimit), wall time by the caller.
  The kernel counts RLIMIT_NPROC over every task of the box's user (through its user
  namespace), so the process cap is what that user runs now plus `check_processes`.

bubblewrap and util-linux are real, well-kept tools for exactly this; nothing here is a
hand-written path check. Where the box cannot be built (no bwrap, no user namespaces, the
check user missing) the check fails closed with a message saying so: it never runs unboxed.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from backend.settings import get_settings
from common.system_users import UnprivilegedUserError, unprivileged_user

# What HAProxy may see of the host: its binary and libraries (merged /usr on Debian 12).
_USR_LINKS = (("usr/lib", "/lib"), ("usr/lib64", "/lib64"), ("usr/bin", "/bin"), ("usr/sbin", "/sbin"))
_PATH = "/usr/sbin:/usr/bin"
# Where the check's directory appears inside the box: configs are rendered with this runtime
# directory, so the same spec always renders the same text (and its messages name no temp path).
BOX_RUNTIME_DIR = "/haplab/run"
# Host names resolve from the generated /etc/hosts only.
_NSSWITCH = "hosts: files\n"


class SandboxUnavailableError(RuntimeError):
    """The box cannot be built on this host; the message says what is missing."""


@dataclass(frozen=True)
class CheckUser:
    uid: int
    gid: int


def check_user() -> CheckUser | None:
    """The unprivileged user the box drops to when the API runs as root; None when it does not."""
    if os.geteuid() != 0:
        return None
    name = get_settings().check_user
    hint = "dev/prereqs.sh creates it; or set HAPLAB_CHECK_USER to an unprivileged system user"
    try:
        entry = unprivileged_user(name, "the config check's user", hint)
    except UnprivilegedUserError as exc:
        raise SandboxUnavailableError(str(exc)) from None
    return CheckUser(entry.pw_uid, entry.pw_gid)


def prepare(workdir: Path, etc: Path, hosts: dict[str, str]) -> None:
    """Make `workdir` readable by the box and write the /etc files it sees into `etc`.

    Both live in the check's own temporary directory (their common parent), which the box's
    user gets too. `hosts` maps each host name the config names to the address it resolves to.
    """
    if workdir.parent != etc.parent:
        raise ValueError("the check's directory and its /etc files must share their parent")
    etc.mkdir(mode=0o700, exist_ok=True)
    (etc / "hosts").write_text("".join(f"{address} {name}\n" for name, address in sorted(hosts.items())))
    (etc / "nsswitch.conf").write_text(_NSSWITCH)
    user = check_user()
    for path in [workdir.parent, *workdir.parent.rglob("*")]:
        if user is not None:
            os.chown(path, user.uid, user.gid, follow_symlinks=False)  # the box's user alone, besides root
        if not path.is_symlink():
            path.chmod(0o700 if path.is_dir() else 0o600)


def wrap(argv: list[str], workdir: Path, etc: Path) -> list[str]:
    """`argv` inside the box, where `workdir` is BOX_RUNTIME_DIR (read-only) and the current
    directory; `argv[0]` is an absolute path under /usr."""
    settings = get_settings()
    bwrap = shutil.which(settings.bwrap_bin)
    if bwrap is None:
        raise SandboxUnavailableError(
            f"bubblewrap ({settings.bwrap_bin}) is not installed (apt-get install bubblewrap)"
        )
    user = check_user()
    uid = user.uid if user is not None else os.getuid()
    limits = [
        "prlimit",
        f"--as={settings.check_memory_mb * 1024 * 1024}",
        f"--nofile={settings.check_open_files}",
        f"--cpu={settings.check_cpu_seconds}",
        f"--nproc={tasks_of(uid) + settings.check_processes}",
        "--core=0",
    ]
    drop = []
    if user is not None:
        drop = [
            "setpriv",
            f"--reuid={user.uid}",
            f"--regid={user.gid}",
            "--clear-groups",
            "--no-new-privs",
            "--inh-caps=-all",
            "--bounding-set=-all",
            "--",
        ]
    box = [
        bwrap,
        "--unshare-all",  # user, mount, pid, net, ipc, uts, cgroup namespaces
        "--die-with-parent",
        "--new-session",
        "--cap-drop",
        "ALL",
        "--clearenv",
        "--setenv",
        "PATH",
        _PATH,
        "--ro-bind",
        "/usr",
        "/usr",
        *[arg for target, link in _USR_LINKS for arg in ("--symlink", target, link)],
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--ro-bind",
        str(etc / "hosts"),
        "/etc/hosts",
        "--ro-bind",
        str(etc / "nsswitch.conf"),
        "/etc/nsswitch.conf",
        "--ro-bind",
        str(workdir),
        BOX_RUNTIME_DIR,
        "--chdir",
        BOX_RUNTIME_DIR,
        "--",
    ]
    if not argv[0].startswith("/usr/"):  # a binary elsewhere (HAPLAB_HAPROXY_BIN): only it
        box[-1:-1] = ["--ro-bind", argv[0], argv[0]]
    return [*limits, "--", *drop, *box, *argv]


def tasks_of(uid: int) -> int:
    """How many tasks (processes and their threads) `uid` runs now: what RLIMIT_NPROC counts."""
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue  # gone meanwhile
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if int(fields.get("Uid", "-1 ").split()[0]) == uid:
            count += int(fields.get("Threads", "1"))
    return count


def environment() -> dict[str, str]:
    """The environment the box's launcher starts with: nothing of the API's (its secrets
    would otherwise be readable in /proc/1/environ of the box's first process)."""
    return {"PATH": _PATH, "LANG": "C"}
