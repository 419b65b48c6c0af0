"""A route class that answers a wrong protocol version with 400 instead of a generic 422.

An agent that speaks another envelope version needs upgrading, not a field fix: a distinct
status (and a message naming both versions) lets it stop and say so instead of retrying.
FastAPI validates the body before our code runs, so the distinction is made here, on the
validation error of the envelope's `v` field.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError

from backend.api.storable import StorableRoute
from backend.errors import ApiError, FieldError
from contract.version import PROTOCOL_VERSION


def _version_error(errors: Any) -> ApiError | None:
    for error in errors:
        if tuple(error.get("loc", ())) == ("body", "v"):
            sent = error.get("input")
            message = f"protocol version {sent!r} is not supported; this server speaks {PROTOCOL_VERSION}"
            return ApiError(
                400, "unsupported_protocol_version", message, [FieldError(field="v", message=message)]
            )
    return None


class EnvelopeRoute(StorableRoute):
    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def handle(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as exc:
                version_error = _version_error(exc.errors())
                if version_error is not None:
                    raise version_error from None
                raise

        return handle
