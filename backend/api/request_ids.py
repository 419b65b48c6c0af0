"""Every response carries a request id; an unexpected error is a clean 500 that names it.

The id is the client's `X-Request-Id` when it sends a sane one (so a proxy's id carries through),
otherwise a new random one. An exception nothing else handled is logged with its traceback and
the id, and answered with the API's error shape and the same id, so a user can quote it and an
operator can find the traceback. The answer is an ordinary response, so the kept-alive
connection stays usable (Starlette's own error middleware re-raises after answering, and the
server then drops the connection without saying so).
"""

from __future__ import annotations

import logging
import re
import uuid

from starlette.datastructures import MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

REQUEST_ID_HEADER = "X-Request-Id"
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def _request_id(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            sent: str = value.decode("latin-1")
            if _SANE_ID.fullmatch(sent):
                return sent
    return uuid.uuid4().hex


class RequestIdMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _request_id(scope)
        scope.setdefault("state", {})["request_id"] = request_id
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception(
                "unexpected error on %s %s (request id %s)", scope["method"], scope["path"], request_id
            )
            if started:
                raise  # half a response is out: only closing the connection can end it
            body = {
                "error": "internal_error",
                "message": f"unexpected server error; quote request id {request_id} when reporting it",
                "fields": [],
                "request_id": request_id,
            }
            await JSONResponse(body, status_code=500, headers={REQUEST_ID_HEADER: request_id})(
                scope, receive, send
            )
