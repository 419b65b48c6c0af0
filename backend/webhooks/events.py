"""The events a webhook subscribes to, and what each delivery carries.

- run.finished: a run succeeded;
- run.failed: a run failed, or ended partial (it did not measure what it was asked);
- threshold.failed: a run's threshold report failed;
- change.detected: a figure of a sweep point moved to a new level (backend/runs/changes/);
- agent.offline: an agent of one of the team's labs went silent past the liveness window (told
  once per silence, by the worker's periodic reaper);
- schedule.refused: a schedule's firing launched nothing because the launch was refused (its
  owner may no longer launch, or the spec no longer renders or passes haproxy -c) - nobody may
  be watching when it fires;
- ping: "send test", to every webhook whatever it subscribes to.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

EventName = Literal[
    "run.finished", "run.failed", "threshold.failed", "change.detected", "agent.offline", "schedule.refused"
]
EVENTS: tuple[EventName, ...] = (
    "run.finished",
    "run.failed",
    "threshold.failed",
    "change.detected",
    "agent.offline",
    "schedule.refused",
)
PING = "ping"
PayloadFormat = Literal["haplab", "slack"]


def payload(
    event: str, delivery_id: int, team_id: int, data: dict[str, Any], text: str, payload_format: str
) -> dict[str, Any]:
    """The JSON body: haplab's event, or a Slack incoming webhook's message."""
    if payload_format == "slack":
        return {"text": slack_text(text)}
    return {
        "event": event,
        "delivery_id": delivery_id,
        "team_id": team_id,
        "sent_at": datetime.now(UTC).isoformat(),
        "summary": text,
        "data": data,
    }


def slack_text(text: str) -> str:
    """`text` as Slack shows it literally: &, < and > are its control characters (`<!channel>`
    notifies everyone, `<http://evil|click>` hides a link behind words), escaped as its docs say
    (api.slack.com/reference/surfaces/formatting#escaping). The whole line is escaped: haplab's
    text holds no Slack markup of its own, and names, errors and thresholds are users' text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
