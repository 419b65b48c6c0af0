from enum import StrEnum


class ScheduleDetailIfLabBusy(StrEnum):
    QUEUE = "queue"
    SKIP = "skip"

    def __str__(self) -> str:
        return str(self.value)
