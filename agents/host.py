"""Facts about this host for the Hello: the environment fingerprint every run records.

Which machine it is (hashed boot and machine ids, hostname), cores, kernel, `haproxy -vv`,
load-tool and server versions, the queueing disciplines `tc` can use, the open-files limit and the
sysctls that shape connection-heavy benchmarks. Every probe is
a bounded subprocess call or a file read; a tool that is missing is simply absent.

Queueing disciplines are read from the kernel's own build configuration, without touching any
interface: `CONFIG_NET_SCH_<NAME>` in /proc/config.gz (or /boot/config-<release>) is `y` (built
in: available), `m` (a module: available when its .ko file is under /lib/modules/<release> or it
is loaded, /sys/module/sch_<name>) or unset (unavailable). Trying `tc qdisc add ... netem` would
need root and a scratch interface, and `modinfo` is absent where no modules are installed (the
lab machines: netem is not built, tbf and htb are built in).
"""

from __future__ import annotations

import gzip
import hashlib
import os
import platform
import re
import resource
import socket
from dataclasses import dataclass
from pathlib import Path

from pydantic import JsonValue

from agents.probe import probe_output

HAPROXY_BIN = "haproxy"


@dataclass(frozen=True)
class ToolProbe:
    """How to read one tool's version: an argv and a regex whose group 1 is the version."""

    name: str
    argv: tuple[str, ...]
    pattern: str
    package: str  # Debian package, asked when the tool cannot print its own version (hey)


TOOL_PROBES = (
    ToolProbe("wrk", ("wrk", "-v"), r"wrk (?:debian/)?v?([0-9][0-9.]*)", "wrk"),
    ToolProbe("hey", ("hey", "-version"), r"hey(?: version)? v?([0-9][0-9.]*)", "hey"),
    ToolProbe("h2load", ("h2load", "--version"), r"nghttp2/([0-9][0-9.]*)", "nghttp2-client"),
    ToolProbe("nginx", ("nginx", "-v"), r"nginx/([0-9][0-9.]*)", "nginx"),
    ToolProbe("mariadb", ("mariadb", "--version"), r"Distrib ([0-9][0-9.]*)", "mariadb-client"),
    ToolProbe("mariadb-slap", ("mariadb-slap", "--version"), r"Distrib ([0-9][0-9.]*)", "mariadb-client"),
    ToolProbe("tc", ("tc", "-V"), r"iproute2[- ]v?([0-9][0-9.]*)", "iproute2"),
)
# Kernel options that provide qdiscs under other names (`tc qdisc add ... pfifo`).
_QDISCS_OF_OPTION = {"fifo": ["pfifo", "bfifo"]}
SYSCTLS = (
    "net.core.somaxconn",
    "net.ipv4.tcp_max_syn_backlog",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.tcp_tw_reuse",
    "net.ipv4.tcp_fin_timeout",
    "fs.file-max",
)


def host_facts(haproxy_bin: str = HAPROXY_BIN) -> dict[str, JsonValue]:
    """Everything the Hello says about this host."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    facts: dict[str, JsonValue] = {
        "host": host_identity(),
        "cores": os.cpu_count() or 0,
        "kernel": platform.release(),
        "machine": platform.machine(),
        "open_files_limit": {"soft": soft, "hard": hard},
        "tools": dict(tool_versions()),
        "sysctls": dict(read_sysctls()),
    }
    facts.update(haproxy_facts(haproxy_bin))
    facts.update(qdisc_facts())
    return facts


BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
MACHINE_ID = Path("/etc/machine-id")


def host_identity(boot_id: Path = BOOT_ID, machine_id: Path = MACHINE_ID) -> dict[str, JsonValue]:
    """Which machine this is (contract.capabilities.HostIdentity): agents with one boot id share one
    kernel, so the same CPUs. The ids are hashed with haplab's own prefix, as systemd asks of
    machine-id (an application-specific id, never the raw one)."""
    return {
        "boot_id": _hashed_file("boot", boot_id),
        "machine_id": _hashed_file("machine", machine_id),
        "hostname": socket.gethostname()[:255],
    }


def _hashed_file(kind: str, path: Path) -> str | None:
    try:
        raw = path.read_text().strip()
    except OSError:
        return None
    return hashlib.sha256(f"haplab {kind} id {raw}".encode()).hexdigest()[:32] if raw else None


def haproxy_facts(haproxy_bin: str = HAPROXY_BIN) -> dict[str, JsonValue]:
    """`haproxy -vv`: the version, its first line and the full build description."""
    text = probe_output([haproxy_bin, "-vv"])
    if not text or "HAProxy version" not in text:
        return {}
    first = text.strip().splitlines()[0]
    found = re.search(r"HAProxy version ([0-9][0-9.]*)", first)
    return {
        "haproxy": found.group(1) if found else first,
        "haproxy_version_line": first,
        "haproxy_vv": text.strip(),
    }


def tool_versions() -> list[tuple[str, str]]:
    """(tool, version) for each installed tool; uninstalled ones are left out."""
    found = []
    for probe in TOOL_PROBES:
        output = probe_output(list(probe.argv))
        if output is None:
            continue  # not installed
        match = re.search(probe.pattern, output)
        version = match.group(1) if match else _package_version(probe.package)
        found.append((probe.name, version or "unknown"))
    return found


def _package_version(package: str) -> str | None:
    output = probe_output(["dpkg-query", "-W", "-f", "${Version}", package])
    if not output:
        return None
    match = re.match(r"(?:\d+:)?([0-9][0-9.]*)", output.strip())
    return match.group(1) if match else None


def read_sysctls() -> list[tuple[str, str]]:
    values = []
    for name in SYSCTLS:
        try:
            text = Path("/proc/sys", *name.split(".")).read_text()
        except OSError:
            continue
        values.append((name, " ".join(text.split())))
    return values


def qdisc_facts() -> dict[str, JsonValue]:
    """The qdiscs `tc` can use here, and how that was found out (see the module docstring)."""
    release = platform.release()
    config, source = _kernel_config(release)
    loaded = {p.name.removeprefix("sch_") for p in _glob(Path("/sys/module"), "sch_*")}
    if config is None:
        return {
            "qdiscs": list[JsonValue](sorted(loaded)),
            "qdiscs_method": "unknown: no kernel config found; only loaded modules are listed",
        }
    available = set(loaded)
    for name, value in re.findall(r"^CONFIG_NET_SCH_([A-Z0-9_]+)=([ym])$", config, re.MULTILINE):
        qdisc = name.lower()
        if value == "y" or _module_file_exists(release, qdisc):
            available.update(_QDISCS_OF_OPTION.get(qdisc, [qdisc]))
    return {"qdiscs": list[JsonValue](sorted(available)), "qdiscs_method": f"kernel config {source}"}


def _kernel_config(release: str) -> tuple[str | None, str]:
    proc = Path("/proc/config.gz")
    try:
        return gzip.decompress(proc.read_bytes()).decode(errors="replace"), str(proc)
    except OSError:
        pass
    boot = Path(f"/boot/config-{release}")
    try:
        return boot.read_text(errors="replace"), str(boot)
    except OSError:
        return None, ""


def _module_file_exists(release: str, qdisc: str) -> bool:
    sched = Path(f"/lib/modules/{release}/kernel/net/sched")
    return bool(_glob(sched, f"sch_{qdisc}.ko*"))


def _glob(directory: Path, pattern: str) -> list[Path]:
    try:
        return list(directory.glob(pattern))
    except OSError:
        return []
