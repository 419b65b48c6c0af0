from enum import StrEnum


class ScheduleOutIfLabBusy(StrEnum):
    QUEUE = "queue"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
