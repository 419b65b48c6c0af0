"""A small reader of text/event-stream responses for tests (what a browser's EventSource does)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass(frozen=True)
class Event:
    event: str
    id: str | None
    data: Any


def read_events(response: httpx.Response) -> Iterator[Event]:
    """The events of a streamed response, in order; comments (keep-alives) are skipped."""
    fields: dict[str, str] = {}
    for line in response.iter_lines():
        if line.startswith(":"):
            continue
        if line:
            name, _, value = line.partition(":")
            fields[name] = value.removeprefix(" ")
            continue
        if "data" in fields:
            yield Event(
                event=fields.get("event", "message"), id=fields.get("id"), data=json.loads(fields["data"])
            )
        fields = {}
