"""Real HTTP receivers on loopback for webhook tests: `receiving` records every request and
answers with the statuses it is given, in order (the last one repeats); `misbehaving` answers
the way a hostile receiver would (a drip, an answer without end)."""

from __future__ import annotations

import select
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# What an operator sets for a receiver on this machine: loopback, and the high ports the test
# receivers listen on (HAPLAB_WEBHOOK_ALLOWED_NETWORKS / _PORTS).
ALLOW_LOOPBACK = {
    "HAPLAB_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
    "HAPLAB_WEBHOOK_ALLOWED_PORTS": "1024-65535",
}


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Receiver:
    url: str
    statuses: list[int]
    requests: list[Received] = field(default_factory=list)


@contextmanager
def receiving(statuses: list[int] | None = None, answer: bytes | None = None) -> Iterator[Receiver]:
    """`answer`: the body of each answer (default: "answered <status>")."""
    answers = list(statuses or [200])
    receiver = Receiver(url="", statuses=answers)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            receiver.requests.append(Received(self.path, dict(self.headers.items()), body))
            status = answers.pop(0) if len(answers) > 1 else answers[0]
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.end_headers()
            self.wfile.write(answer if answer is not None else f"answered {status}".encode())

        def log_message(self, *_args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    receiver.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Misbehaving:
    """A receiver that answers badly on purpose; what it saw of each connection."""

    url: str
    connections: int = 0
    bytes_sent: int = 0
    # Seconds from a connection's request to its end (the client closing it, or our own bound).
    held_s: list[float] = field(default_factory=list)


def _read_request(conn: socket.socket) -> None:
    conn.settimeout(5)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        (
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        ),
        0,
    )
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return
        body += chunk


@contextmanager
def misbehaving(kind: str, interval_s: float = 2.0, bound_s: float = 60.0) -> Iterator[Misbehaving]:
    """A loopback receiver that reads the request, then:
    - "drip-headers": sends its status line and headers a byte every `interval_s`, never ending them;
    - "drip-body": sends a 200 and its headers, then the body a byte every `interval_s`;
    - "endless": sends a 200 and a body that never ends, 64 KiB at a time, as fast as taken.
    Each connection ends when the client closes it, or after `bound_s` (every loop is bounded)."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    receiver = Misbehaving(url=f"http://127.0.0.1:{listener.getsockname()[1]}/hook")
    stop = threading.Event()

    def answer(conn: socket.socket) -> None:
        with conn:
            _read_request(conn)
            start = time.monotonic()
            try:
                if kind == "drip-headers":
                    chunks: Iterator[bytes] = (
                        bytes([b]) for b in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 100_000
                    )
                elif kind == "drip-body":
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n")
                    chunks = (b"a" for _ in range(1_000_000))
                else:
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
                    chunks = (b"x" * 65536 for _ in range(1_000_000))
                conn.settimeout(1)
                for chunk in chunks:
                    if stop.is_set() or time.monotonic() - start > bound_s:
                        break
                    try:
                        conn.sendall(chunk)
                    except TimeoutError:
                        continue  # the client reads no more but has not closed: keep trying till the bound
                    receiver.bytes_sent += len(chunk)
                    if kind != "endless":
                        # Wait out the interval, but notice at once when the client closes.
                        readable, _, _ = select.select([conn], [], [], interval_s)
                        if readable and not conn.recv(1):
                            break
            except OSError:
                pass  # the client closed the connection: what a bounded delivery does
            receiver.held_s.append(time.monotonic() - start)

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            receiver.connections += 1
            threading.Thread(target=answer, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield receiver
    finally:
        stop.set()
        thread.join(5)
        listener.close()
