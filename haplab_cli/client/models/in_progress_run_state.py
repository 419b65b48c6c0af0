from enum import StrEnum


class InProgressRunState(StrEnum):
    COLLECTING = "collecting"
    PREPARING = "preparing"
    QUEUED = "queued"
    RUNNING = "running"
    WARMING = "warming"

    def __str__(self) -> str:
        return str(self.value)
