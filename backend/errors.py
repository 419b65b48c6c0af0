"""The one error shape of the API: {"error": code, "message": text, "fields": [{field, message}]}.

Validation errors name the field by its dotted path in the request body (e.g.
"spec.proxy.global.maxconn"), so the browser can put the message next to the input.
"""

from __future__ import annotations

import logging
from typing import Any

import redis.exceptions
import sqlalchemy.exc
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger(__name__)


class FieldError(BaseModel):
    field: str
    message: str


class ErrorBody(BaseModel):
    error: str
    message: str
    fields: list[FieldError] = []


class ServerErrorBody(ErrorBody):
    """An unexpected error (500): the id to quote, also in the X-Request-Id header."""

    request_id: str


def documented(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for these error statuses, each in the one error shape."""
    return {
        status: {"model": ServerErrorBody if status == 500 else ErrorBody, "description": _MEANINGS[status]}
        for status in statuses
    }


_MEANINGS = {
    400: "Bad request: the request cannot apply here (the message says why).",
    401: "Not signed in, or the token is unknown, expired or revoked.",
    403: "Signed in, but your role (or the token's scope) does not allow this.",
    404: "No such object in your team.",
    409: "Conflicts with the current state (a name taken, a run still active ...).",
    422: "Invalid input: `fields` names each field and what is wrong with it.",
    429: "Too many attempts: wait the seconds in the Retry-After header.",
    500: "Unexpected server error: quote the request id.",
    503: "A part the request needs (PostgreSQL, Redis) is not answering: retry after Retry-After seconds.",
}

# Seconds a client should wait before retrying a request that met an unavailable dependency.
RETRY_AFTER_UNAVAILABLE_S = 5


class ApiError(Exception):
    """Raise from services and routes; rendered as ErrorBody with the given status."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        fields: list[FieldError] | None = None,
        headers: dict[str, str] | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields or []
        self.headers = headers


def not_found(what: str, ident: object) -> ApiError:
    return ApiError(404, "not_found", f"{what} {ident} not found")


def conflict(message: str) -> ApiError:
    return ApiError(409, "conflict", message)


def forbidden(message: str = "your role does not allow this") -> ApiError:
    return ApiError(403, "forbidden", message)


def invalid(field: str, message: str) -> ApiError:
    return ApiError(
        422, "validation_error", f"{field}: {message}", [FieldError(field=field, message=message)]
    )


def _dotted(loc: tuple[Any, ...] | list[Any], drop_prefix: bool) -> str:
    parts = list(loc)
    if drop_prefix and parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    return ".".join(str(p) for p in parts) or "body"


def fields_from_pydantic(errors: list[Any], prefix: str = "", drop_prefix: bool = True) -> list[FieldError]:
    out = []
    for e in errors:
        path = _dotted(e.get("loc", ()), drop_prefix)
        if prefix:
            path = f"{prefix}.{path}" if path != "body" else prefix
        # pydantic prefixes a validator's own message with "Value error, ": the field says enough.
        msg = str(e.get("msg", "invalid")).removeprefix("Value error, ")
        out.append(FieldError(field=path, message=msg))
    return out


def validation_error_from(exc: ValidationError, prefix: str = "") -> ApiError:
    """Turn a pydantic ValidationError raised while validating a nested document (a spec)."""
    fields = fields_from_pydantic(exc.errors(), prefix=prefix, drop_prefix=False)
    summary = "; ".join(f"{f.field}: {f.message}" for f in fields[:5])
    return ApiError(422, "validation_error", summary, fields)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> JSONResponse:
        body = ErrorBody(error=exc.code, message=exc.message, fields=exc.fields)
        return JSONResponse(body.model_dump(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _request_validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        fields = fields_from_pydantic(list(exc.errors()))
        summary = "; ".join(f"{f.field}: {f.message}" for f in fields[:5])
        body = ErrorBody(error="validation_error", message=summary, fields=fields)
        return JSONResponse(body.model_dump(), status_code=422)

    @app.exception_handler(sqlalchemy.exc.OperationalError)
    @app.exception_handler(sqlalchemy.exc.InterfaceError)
    async def _database_unavailable(_: Request, exc: Exception) -> JSONResponse:
        log.warning("PostgreSQL unavailable: %s", str(exc).splitlines()[0] if str(exc) else exc)
        return _unavailable("PostgreSQL")

    @app.exception_handler(redis.exceptions.ConnectionError)
    @app.exception_handler(redis.exceptions.TimeoutError)
    async def _redis_unavailable(_: Request, exc: Exception) -> JSONResponse:
        log.warning("Redis unavailable: %s", exc)
        return _unavailable("Redis")

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {401: "unauthenticated", 403: "forbidden", 404: "not_found", 405: "method_not_allowed"}.get(
            exc.status_code, "http_error"
        )
        body = ErrorBody(error=code, message=str(exc.detail))
        return JSONResponse(body.model_dump(), status_code=exc.status_code, headers=exc.headers)


def _unavailable(part: str) -> JSONResponse:
    body = ErrorBody(error="unavailable", message=f"{part} is not answering; try again in a few seconds")
    return JSONResponse(
        body.model_dump(), status_code=503, headers={"Retry-After": str(RETRY_AFTER_UNAVAILABLE_S)}
    )
