from enum import StrEnum


class StoppedRunState(StrEnum):
    CANCELLED = "cancelled"
    FAILED = "failed"

    def __str__(self) -> str:
        return str(self.value)
