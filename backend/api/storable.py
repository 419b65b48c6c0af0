"""Values the database cannot store are refused as bad input (422), on every route, in one place.

pydantic accepts text with NUL bytes or lone surrogates, integers of any size and NaN, but
PostgreSQL refuses them (a NUL in text or JSONB, an integer beyond BIGINT, NaN in JSONB, text
that is not UTF-8) with a DataError, which would be a 500 for what is the caller's mistake. So
every route's validated arguments are walked before its code runs, and the first such value is
answered 422 naming its field, as a validation error would be.

`StorableRoute` is the route class of every router (backend/api/v1.py asserts it); it wraps the
endpoint, so the check sees exactly what the endpoint would get: path and query parameters by
name, body fields by their dotted path (`spec.proxy.listens.0.name`).
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Iterator
from typing import Any

from fastapi.routing import APIRoute
from pydantic import BaseModel

from backend.api.route_thread import in_route_thread
from backend.errors import ApiError, FieldError

BIGINT_MAX = 2**63 - 1
BIGINT_MIN = -(2**63)
# The few INTEGER (int4) columns that request values are compared with (experiment version
# numbers, sample seconds) need these bounds on their parameters: SQLAlchemy binds the value as
# the column's type, so a larger one is a DataError, not an empty answer.
INT4_MAX = 2**31 - 1
INT4_MIN = -(2**31)


def _problem(value: Any) -> str | None:
    if isinstance(value, str):
        if "\x00" in value:
            return "must not contain NUL characters"
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return "must be valid Unicode text (no lone surrogates)"
    elif isinstance(value, bool):
        return None
    elif isinstance(value, int):
        if not BIGINT_MIN <= value <= BIGINT_MAX:
            return f"must be between {BIGINT_MIN} and {BIGINT_MAX}"
    elif isinstance(value, float) and not math.isfinite(value):
        return "must be a finite number"
    return None


def unstorable(value: Any, path: str) -> Iterator[FieldError]:
    """Every value under `value` the database could not store, with its dotted path."""
    problem = _problem(value)
    if problem is not None:
        yield FieldError(field=path or "body", message=problem)
    elif isinstance(value, BaseModel):
        for name, field in type(value).model_fields.items():
            yield from unstorable(getattr(value, name), _join(path, field.alias or name))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from unstorable(key, _join(path, str(key)))
            yield from unstorable(item, _join(path, str(key)))
    elif isinstance(value, list | tuple | set | frozenset):
        for index, item in enumerate(value):
            yield from unstorable(item, _join(path, str(index)))


def _join(path: str, part: str) -> str:
    return f"{path}.{part}" if path else part


def _refuse_unstorable(arguments: dict[str, Any]) -> None:
    problems: list[FieldError] = []
    for name, value in arguments.items():
        # A body model's fields are named as in the request body, without the parameter name.
        problems += unstorable(value, "" if isinstance(value, BaseModel) else name)
        if problems:
            break
    if problems:
        summary = "; ".join(f"{p.field}: {p.message}" for p in problems[:5])
        raise ApiError(422, "validation_error", summary, problems[:20])


def checked(endpoint: Callable[..., Any]) -> Callable[..., Any]:
    """`endpoint`, refusing unstorable arguments first (same signature, sync or async)."""
    if inspect.iscoroutinefunction(endpoint):

        @functools.wraps(endpoint)
        async def run_async(*args: Any, **kwargs: Any) -> Any:
            _refuse_unstorable(kwargs)
            return await endpoint(*args, **kwargs)

        return run_async

    @functools.wraps(endpoint)
    def run(*args: Any, **kwargs: Any) -> Any:
        _refuse_unstorable(kwargs)
        return endpoint(*args, **kwargs)

    return run


class StorableRoute(APIRoute):
    def __init__(self, path: str, endpoint: Callable[..., Any], **kwargs: Any) -> None:
        # Deferred arguments (the caller) resolved, and the request session ended, in the route's
        # own thread (backend/api/route_thread.py); then the unstorable check, then the route.
        super().__init__(path, in_route_thread(checked(endpoint)), **kwargs)
