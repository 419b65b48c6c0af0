"""Headers that tell a browser what it may do with every response of the app (API and UI).

- No other site may frame a page of ours (clickjacking): `frame-ancestors 'none'` and, for
  browsers that predate CSP level 2, `X-Frame-Options: DENY`.
- No content sniffing: a JSON answer or a run's output.txt is never run as a script or page
  (`X-Content-Type-Options: nosniff`).
- No Referer leaves for another site (`Referrer-Policy: no-referrer`; nothing here reads it).
- A Content-Security-Policy: the UI's page gets one it works under (its own scripts, styles and
  connections, the one inline script of index.html by its hash: ui_policy); everything else, a
  JSON answer opened in a tab included, may load and run nothing (`default-src 'none'`).

A route sets its own Content-Security-Policy (the UI's index does); the middleware adds the
default where none was set. FastAPI's /api/v1/docs page is the exception: it runs Swagger UI
from a CDN with inline scripts, so it keeps only `frame-ancestors 'none'`.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "Content-Security-Policy"
# What a response that is not the UI's page may do when a browser renders it: nothing.
NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# For a page whose scripts come from elsewhere (FastAPI's Swagger UI): only no framing.
FRAME_ONLY_POLICY = "frame-ancestors 'none'"

ALWAYS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class _InlineScripts(HTMLParser):
    """The text of every <script> without src, as the browser hashes it (raw, unescaped)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self._inside = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and not any(name == "src" for name, _ in attrs):
            self._inside = True
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inside = False

    def handle_data(self, data: str) -> None:
        if self._inside:
            self.scripts[-1] += data


def ui_policy(index_html: str) -> str:
    """The UI's CSP: scripts, styles, fonts and connections (API, live streams) of this origin
    only, images also from data: and blob: (the favicon, chart exports), and each inline script
    of index.html (the theme chosen before the first paint) by its SHA-256."""
    parser = _InlineScripts()
    parser.feed(index_html)
    parser.close()
    hashes = " ".join(
        f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'"
        for script in parser.scripts
    )
    return (
        f"default-src 'self'; script-src 'self' {hashes}; img-src 'self' data: blob:; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


def ui_policy_of(index: Path) -> str:
    """ui_policy of the file as it is now (index.html is served fresh: a new build counts at once)."""
    stat = index.stat()
    return _ui_policy_cached(index, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4)
def _ui_policy_cached(index: Path, _mtime_ns: int, _size: int) -> str:
    return ui_policy(index.read_text(encoding="utf-8"))


class SecurityHeadersMiddleware:
    """Adds ALWAYS and a default CSP to every HTTP response (errors and streams included)."""

    def __init__(self, app: ASGIApp, frame_only_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.frame_only_paths = frame_only_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        default_policy = FRAME_ONLY_POLICY if scope["path"] in self.frame_only_paths else NOTHING_POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in ALWAYS.items():
                    headers[name] = value
                if CSP not in headers:
                    headers[CSP] = default_policy
            await send(message)

        await self.app(scope, receive, send_with_headers)
