"""/runs/{id}/events: the run's live event stream (SSE, backend/runs/live/events.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Response
from fastapi.responses import JSONResponse

from backend.api.deps import SessionDep, ViewerDep
from backend.api.storable import StorableRoute
from backend.messaging.run_events import RunEvent
from backend.runs import service
from backend.runs.live.events import event_stream_response, saw_the_end
from backend.runs.live.stream_slots import DOCUMENTED as STREAM_CAPS
from backend.runs.live.stream_slots import take_slot

router = APIRouter(tags=["runs"], route_class=StorableRoute)


class EventStreamResponse(JSONResponse):
    """Names the stream's media type in the OpenAPI; the route returns a StreamingResponse. A
    JSONResponse, so the OpenAPI schema is the events' own (not FastAPI's "type: string")."""

    media_type = "text/event-stream"


@router.get(
    "/runs/{run_id}/events",
    response_class=EventStreamResponse,
    responses={
        200: {
            "model": RunEvent,
            "description": (
                "Server-sent events (backend/runs/live/events.py). The schema is that of one event: its "
                "SSE `event` name, its `id`, and `data`, the JSON of its data line."
            ),
        },
        204: {"description": "The run has ended and the caller already saw its `end` event."},
        **STREAM_CAPS,
    },
)
def stream_run_events(
    db: SessionDep,
    who: ViewerDep,
    run_id: int,
    last_event_id: Annotated[str | None, Header(max_length=300)] = None,
) -> Response:
    """The run's live events. Streams open at once are capped per user, per team and per API
    process (backend/runs/live/stream_slots.py)."""
    run = service.get_run(db, who.team_id, run_id)
    # Hand the connection back now: the stream may last hours and reads with short sessions.
    db.commit()
    if saw_the_end(run.state, last_event_id):
        return Response(status_code=204)
    return event_stream_response(run.id, take_slot(who.user_id, who.team_id))
