from enum import StrEnum


class ChangeOutStatus(StrEnum):
    ACCEPTED = "accepted"
    OPEN = "open"

    def __str__(self) -> str:
        return str(self.value)
