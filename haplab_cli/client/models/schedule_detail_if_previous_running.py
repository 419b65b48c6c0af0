from enum import StrEnum


class ScheduleDetailIfPreviousRunning(StrEnum):
    QUEUE = "queue"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
