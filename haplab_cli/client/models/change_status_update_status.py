from enum import StrEnum


class ChangeStatusUpdateStatus(StrEnum):
    ACCEPTED = "accepted"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
