from enum import StrEnum


class ActiveRunState(StrEnum):
    COLLECTING = "collecting"
    PREPARING = "preparing"
    RUNNING = "running"
    WARMING = "warming"

    def __str__(self) -> str:
        return str(self.value)
