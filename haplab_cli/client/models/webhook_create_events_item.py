from enum import StrEnum


class WebhookCreateEventsItem(StrEnum):
    AGENT_OFFLINE = "agent.offline"
    CHANGE_DETECTED = "change.detected"
    RUN_FAILED = "run.failed"
    RUN_FINISHED = "run.finished"
    SCHEDULE_REFUSED = "schedule.refused"
    THRESHOLD_FAILED = "threshold.failed"

    def __str__(self) -> str:
        return str(self.value)
