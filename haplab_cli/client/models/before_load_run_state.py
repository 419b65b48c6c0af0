from enum import StrEnum


class BeforeLoadRunState(StrEnum):
    PREPARING = "preparing"
    QUEUED = "queued"

    def __str__(self) -> str:
        return str(self.value)
