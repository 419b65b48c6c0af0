from enum import StrEnum


class RunState(StrEnum):
    CANCELLED = "cancelled"
    COLLECTING = "collecting"
    FAILED = "failed"
    PARTIAL = "partial"
    PREPARING = "preparing"
    QUEUED = "queued"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    WARMING = "warming"

    def __str__(self) -> str:
        return str(self.value)
