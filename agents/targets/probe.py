"""Does a synthetic server answer? One GET of the ready path over HTTP/1.1 or HTTP/2 (h2c or TLS).

An h2c port speaks only HTTP/2 (prior knowledge), so the probe speaks it: the connection
preface, an empty SETTINGS frame and one HEADERS frame (HPACK without Huffman or indexing),
then it reads frames until the reply's HEADERS, whose first byte 0x88 is ":status 200" (nginx
always encodes 200 as that static-table index).

Inside a network namespace the probe runs on a thread that entered it (agents.netns.call_in_netns).
"""

from __future__ import annotations

import contextlib
import socket
import ssl
import struct
import time

from agents.targets.nginx_config import READY_PATH

CONNECT_TIMEOUT_S = 1.0
RETRY_INTERVAL_S = 0.05
H2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
FRAME_HEADERS, FRAME_SETTINGS, FRAME_GOAWAY = 0x1, 0x4, 0x7
STATUS_200 = 0x88


class NotAnswering(Exception):  # noqa: N818 - reads as the condition it reports
    """The server did not answer the probe as expected; the message says how."""


def split_address(address: str) -> tuple[str, int]:
    host, _, port = address.rpartition(":")
    return host.strip("[]"), int(port)


def probe(address: str, *, h2: bool, tls: bool) -> None:
    """One request to the ready path; NotAnswering unless the reply is 200."""
    host, port = split_address(address)
    try:
        with contextlib.ExitStack() as closing:
            conn = closing.enter_context(socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S))
            if tls:
                conn = closing.enter_context(_wrap(conn, host, h2))
            if h2:
                _probe_h2(conn, address, tls)
            else:
                _probe_h1(conn, address)
    except OSError as exc:  # ssl.SSLError is an OSError
        raise NotAnswering(f"{address}: {exc}") from exc


def wait_until_answering(addresses: list[str], deadline: float, *, h2: bool, tls: bool) -> None:
    """Probe until every address answered; NotAnswering with the last reason at `deadline`."""
    pending = list(addresses)
    while True:
        last_error = ""
        for address in list(pending):
            try:
                probe(address, h2=h2, tls=tls)
            except NotAnswering as exc:
                last_error = str(exc)
            else:
                pending.remove(address)
        if not pending:
            return
        if time.monotonic() >= deadline:
            raise NotAnswering(f"{len(pending)} of {len(addresses)} server(s) not answering: {last_error}")
        time.sleep(RETRY_INTERVAL_S)


def _wrap(raw: socket.socket, host: str, h2: bool) -> socket.socket:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the target's certificate is a throwaway self-signed one
    context.set_alpn_protocols(["h2"] if h2 else ["http/1.1"])
    return context.wrap_socket(raw, server_hostname=host)


def _probe_h1(conn: socket.socket, address: str) -> None:
    conn.sendall(f"GET {READY_PATH} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n".encode())
    head = conn.recv(64)
    if not head.startswith((b"HTTP/1.1 200", b"HTTP/1.0 200")):
        raise NotAnswering(f"{address}: unexpected reply {head[:40]!r}")


def _probe_h2(conn: socket.socket, address: str, tls: bool) -> None:
    block = bytes([0x82, 0x87 if tls else 0x86]) + _literal(4, READY_PATH) + _literal(1, address)
    headers = _frame(FRAME_HEADERS, 0x5, 1, block)  # END_STREAM | END_HEADERS, stream 1
    conn.sendall(H2_PREFACE + _frame(FRAME_SETTINGS, 0, 0, b"") + headers)
    for _ in range(10):
        kind, _flags, stream, payload = _read_frame(conn)
        if kind == FRAME_GOAWAY:
            raise NotAnswering(f"{address}: GOAWAY instead of a reply")
        if kind == FRAME_HEADERS and stream == 1:
            if payload[:1] != bytes([STATUS_200]):
                raise NotAnswering(f"{address}: the reply is not ':status 200'")
            return
    raise NotAnswering(f"{address}: no reply headers among the first frames")


def _literal(name_index: int, value: str) -> bytes:
    """HPACK 'literal header field without indexing, indexed name', no Huffman."""
    data = value.encode()
    if len(data) >= 127:
        raise ValueError("probe header values must be shorter than 127 bytes")
    return bytes([name_index, len(data)]) + data


def _frame(kind: int, flags: int, stream: int, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def _read_frame(conn: socket.socket) -> tuple[int, int, int, bytes]:
    header = _read_exactly(conn, 9)
    length = int.from_bytes(header[:3], "big")
    stream = int.from_bytes(header[5:9], "big") & 0x7FFFFFFF
    return header[3], header[4], stream, _read_exactly(conn, length)


def _read_exactly(conn: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise NotAnswering("connection closed mid-frame")
        data += chunk
    return data
