from enum import StrEnum


class ScheduleOutIfPreviousRunning(StrEnum):
    QUEUE = "queue"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
