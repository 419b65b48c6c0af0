from enum import StrEnum


class ScheduleUpdateIfPreviousRunningType0(StrEnum):
    QUEUE = "queue"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
