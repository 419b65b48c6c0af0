"""Bounded TCP probes from inside the lab's namespaces: a one-shot listener and a connect.

Each runs the test's own Python under `ip netns exec`, so the packets leave from that namespace
and cross the veth pairs like the lab's real traffic will.
"""

from __future__ import annotations

import subprocess
import sys

from dev.lab_netns import in_netns

# Accepts one connection, says hello, exits; gives up after 15 s so it can never linger.
LISTENER = """
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((sys.argv[1], int(sys.argv[2])))
s.listen()
s.settimeout(15)
print("listening", flush=True)
conn, _ = s.accept()
conn.sendall(b"hello from " + sys.argv[1].encode())
conn.close()
"""

# Prints what the connect did: the greeting, or the errno's name (ENETUNREACH, ETIMEDOUT ...).
CONNECTOR = """
import errno, socket, sys
try:
    with socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=2) as c:
        print(c.recv(100).decode())
except OSError as e:
    print(errno.errorcode.get(e.errno, "TIMEOUT") if e.errno else "TIMEOUT")
"""


def start_listener(netns: str, address: str, port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        in_netns(netns, [sys.executable, "-c", LISTENER, address, str(port)]),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()  # returns at once: the listener prints, or dies (EOF)
    if "listening" not in line:
        proc.kill()
        raise AssertionError(f"listener in {netns} on {address}:{port} did not start: {line}")
    return proc


def connect_from(netns: str, address: str, port: int) -> str:
    result = subprocess.run(
        in_netns(netns, [sys.executable, "-c", CONNECTOR, address, str(port)]),
        capture_output=True,
        text=True,
        timeout=15,
        check=True,
    )
    return result.stdout.strip()


def stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(5)
