"""A client for HAProxy's Runtime API (the stats socket) and the master CLI: one short UNIX
connection per command, with a timeout, so a slow or restarting HAProxy never hangs a caller.

Parsers are pure functions. `show stat` is parsed BY HEADER NAME: field positions differ between
HAProxy versions, the header line ("# pxname,svname,...") is the only stable contract.
"""

from __future__ import annotations

import csv
import io
import socket
from pathlib import Path

COMMAND_TIMEOUT_S = 2.0
MAX_REPLY_BYTES = 32 * 1024 * 1024


class RuntimeApiError(OSError):
    """The socket could not be reached or did not answer in time."""


class RuntimeApi:
    def __init__(self, socket_path: Path, timeout_s: float = COMMAND_TIMEOUT_S) -> None:
        self.socket_path = socket_path
        self.timeout_s = timeout_s

    def command(self, line: str) -> str:
        """Send one command, return the whole reply (HAProxy closes the connection after it)."""
        chunks: list[bytes] = []
        received = 0
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(self.timeout_s)
                sock.connect(str(self.socket_path))
                sock.sendall(line.encode() + b"\n")
                # No more commands: the master CLI keeps a connection open until told so.
                sock.shutdown(socket.SHUT_WR)
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
                    received += len(chunk)
                    if received > MAX_REPLY_BYTES:
                        raise RuntimeApiError(f"{line!r}: reply larger than {MAX_REPLY_BYTES} bytes")
        except RuntimeApiError:
            raise
        except OSError as exc:
            raise RuntimeApiError(f"{self.socket_path}: {line!r}: {exc}") from exc
        return b"".join(chunks).decode(errors="replace")

    def show_info(self) -> dict[str, str]:
        return parse_info(self.command("show info"))

    def show_stat(self) -> list[dict[str, str]]:
        return parse_stat(self.command("show stat"))

    def show_servers_conn(self) -> list[dict[str, str]]:
        return parse_servers_conn(self.command("show servers conn"))


def parse_info(text: str) -> dict[str, str]:
    """`show info`: "Name: value" lines."""
    info = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            info[key.strip()] = value.strip()
    return info


def parse_stat(text: str) -> list[dict[str, str]]:
    """`show stat` CSV: one dict per row, keyed by the header's field names."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# "):
        raise RuntimeApiError(f"show stat: no header line in {text[:200]!r}")
    header = next(csv.reader([lines[0][2:]]))
    rows = []
    for values in csv.reader(io.StringIO("\n".join(line for line in lines[1:] if line.strip()))):
        pairs = zip(header, values, strict=False)
        rows.append({name: value for name, value in pairs if name and name != "-"})
    return rows


def parse_servers_conn(text: str) -> list[dict[str, str]]:
    """`show servers conn` (HAProxy 2.2+): space-separated, with a "# name name ..." header.

    The last header word (`idle_per_thr[N]`) stands for N columns; it is not needed and dropped.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not lines[0].startswith("#"):
        return []
    header = lines[0].lstrip("#").split()
    header = [name for name in header if not name.startswith("idle_per_thr")]
    rows = []
    for line in lines[1:]:
        values = line.split()
        row = dict(zip(header, values, strict=False))
        backend, _, server = row.get("bkname/svname", "").partition("/")
        row["backend"], row["server"] = backend, server
        rows.append(row)
    return rows
