from enum import StrEnum


class RunsListRunsOrder(StrEnum):
    NEWEST = "newest"
    OLDEST = "oldest"

    def __str__(self) -> str:
        return str(self.value)
