from enum import StrEnum


class LoadRunState(StrEnum):
    RUNNING = "running"
    WARMING = "warming"

    def __str__(self) -> str:
        return str(self.value)
