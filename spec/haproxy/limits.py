"""Limits of the lab hosts that configs must respect."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

# This lab's hosts have an open-files hard limit of 20,000 that cannot be raised, and HAProxy
# needs about two descriptors per connection (client side + server side) plus a few for
# listeners, checks and the stats socket.
OPEN_FILES_HARD_LIMIT = 20_000
MAX_GLOBAL_MAXCONN = 9_900


def _check_maxconn(value: int | None) -> int | None:
    if value is not None and value > MAX_GLOBAL_MAXCONN:
        raise ValueError(
            f"maxconn {value} is above {MAX_GLOBAL_MAXCONN}: lab hosts allow {OPEN_FILES_HARD_LIMIT} "
            "open files and HAProxy needs about two per connection (client + server side), "
            "so it would refuse to start"
        )
    return value


MaxConn = Annotated[int, Field(ge=1), AfterValidator(_check_maxconn)]
